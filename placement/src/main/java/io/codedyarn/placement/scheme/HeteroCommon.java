package io.codedyarn.placement.scheme;

import io.codedyarn.placement.Codeword;
import io.codedyarn.placement.Decoder;
import io.codedyarn.placement.Decoding;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.coding.AuxiliaryDraw;
import io.codedyarn.placement.coding.HeteroAllocation;
import io.codedyarn.placement.coding.KOfNPromise;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;

/** What {@link HeteroAware} and {@link HeteroGroup} share: plan skeleton, promise, safety net. */
final class HeteroCommon {
    private HeteroCommon() {}

    /** Supports of the given workers, eq. (6). */
    static int[][] supports(HeteroAllocation alloc, int[] workers) {
        int[][] s = new int[workers.length][];
        for (int l = 0; l < workers.length; l++) {
            s[l] = alloc.support(workers[l]);
        }
        return s;
    }

    /**
     * Builder with stored partitions, loads k_i, the promise "any n_eff − s loaded workers", the
     * effective parameters and the timing diagnostics. Codeword i is worker i's row of B; an
     * unloaded worker (k_i = 0) gets the zero row and no assignment.
     */
    static Plan.Builder skeleton(String name, HeteroAllocation alloc, long seed) {
        int n = alloc.workers();
        int s = alloc.stragglers();
        int[] loaded = alloc.loaded();
        Plan.Builder b = Plan.builder(name, n, alloc.partitions()).stragglers(s).seed(seed);
        double[] load = new double[n];
        for (int i = 0; i < n; i++) {
            b.stored(i, alloc.support(i));
            load[i] = alloc.load(i);
        }
        b.load(load);
        b.promise(new KOfNPromise(n, loaded, loaded.length - s));
        b.parameter("workers", n)
                .parameter("stragglers", s)
                .parameter("partitions", alloc.partitions())
                .parameter("speeds", Arrays.toString(alloc.speeds()))
                .parameter("loads", Arrays.toString(alloc.loads()))
                .parameter("loadedWorkers", loaded.length)
                .parameter("k", loaded.length - s);
        b.diagnostic("optimalTime", alloc.optimalTime())
                .diagnostic("achievedTime", alloc.achievedTime());
        return b;
    }

    static void conditioning(Plan.Builder b, AuxiliaryDraw d) {
        b.diagnostic("worstCondition", d.worstCondition())
                .diagnostic("draws", d.draws())
                .diagnostic("conditionChecksExhaustive", d.exhaustive() ? 1 : 0)
                .diagnostic("auxiliaryResidual", d.code().auxiliaryResidual());
    }

    /** Adds worker i's codeword and assigns it (loaded workers only). */
    static void addCodeword(Plan.Builder b, int worker, Codeword c, boolean loaded) {
        int index = b.addCodeword(c);
        if (index != worker) {
            throw new IllegalStateException("codeword " + index + " for worker " + worker);
        }
        if (loaded) {
            b.assign(worker, index);
        }
    }

    static List<Codeword> codewords(Plan.Builder b) {
        List<Codeword> out = new ArrayList<>();
        for (int c = 0; c < b.codewordCount(); c++) {
            out.add(b.codeword(c));
        }
        return out;
    }

    static Codeword empty() {
        return new Codeword(new int[0], new double[0]);
    }

    /**
     * The primary (closed-form) decoder, and the generic least-squares decoder (eq. 2) as a
     * numerical safety net for responder sets of at least n_eff − s loaded workers that the primary
     * refuses (only when its residual check fails). Smaller sets are not tried: the generic SVD
     * costs O(K·n²), and the promise never covers them.
     */
    record SafetyNet(Decoder primary, Decoder fallback, int[] members, int need)
            implements Decoder {
        @Override
        public Optional<Decoding> decode(BitSet arrived) {
            Optional<Decoding> d = primary.decode(arrived);
            if (d.isPresent()) {
                return d;
            }
            int have = 0;
            for (int m : members) {
                if (arrived.get(m)) {
                    have++;
                }
            }
            return have >= need ? fallback.decode(arrived) : Optional.empty();
        }
    }
}
