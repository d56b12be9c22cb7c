package io.codedyarn.coordinator.auto;

import io.codedyarn.placement.Plan;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.Training;
import io.codedyarn.placement.scheme.AutoCode;
import io.codedyarn.placement.scheme.Schemes;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * The exact codes auto may switch to, all over the run's n workers and K = n partitions (a switch
 * keeps the partition files and moves only who holds which): uncoded; cyclic and fractional
 * repetition and BCC with redrawing (load s + 1, always exact) for s in {@link #strides}(cap); the
 * heterogeneity-aware code with s = 0, 1, 2, placed for the measured speeds; static clustering and
 * GC-DC for up to three cluster counts P ({@link #clusterCounts}), each with the least and the most
 * s their clusters allow. The cap bounds the redundancy: no worker computes more than cap + 1
 * partitions a round, nor holds more than 2(cap + 1) (GC-DC's workers hold their whole cluster's
 * partitions to move between codewords). A choice a scheme refuses is left out; so is any whose
 * rounds could decode an estimate.
 */
final class AutoCandidates {
    private AutoCandidates() {}

    /** One candidate: the code in words ({@code cyclic s=2}) and its plan. */
    record Choice(String label, Plan plan) {}

    /** Every candidate: {@link #fixed} and {@link #hetero}. */
    static List<Choice> of(int n, int cap, double[] speeds, long seed) {
        List<Choice> out = new ArrayList<>(fixed(n, cap, seed));
        out.addAll(hetero(n, cap, speeds, seed));
        return out;
    }

    /**
     * The candidates that do not depend on measured speeds (built once per run). The grids are
     * thinned ({@link #strides}, {@link #clusterCounts}) so that building them and replaying each
     * decision stay cheap at large n: every s and P at n = 100 took 28 s to build and 12 s per
     * decision.
     *
     * @param seed seeds the randomised placements (BCC's draws, cyclic's code)
     */
    static List<Choice> fixed(int n, int cap, long seed) {
        List<Choice> out = new ArrayList<>();
        add(out, AutoCode.uncoded(), n, seed, cap);
        for (int s : strides(cap)) {
            add(out, AutoCode.of("cyclic", s), n, seed, cap);
            if (n % (s + 1) == 0) {
                add(out, AutoCode.of("fractional", s), n, seed, cap);
            }
            add(out, AutoCode.bcc(s + 1), n, seed, cap);
        }
        for (int p : clusterCounts(n, cap)) {
            List<Integer> within = strides(Math.min(n / p - 1, cap));
            for (int s : new TreeSet<>(List.of(within.get(0), within.get(within.size() - 1)))) {
                if (p > 1) {
                    add(out, AutoCode.clustered("clustered", p, s), n, seed, cap);
                }
                add(out, AutoCode.clustered("gc-dc", p, s), n, seed, cap);
            }
        }
        return out;
    }

    private static void add(List<Choice> out, AutoCode code, int n, long seed, int cap) {
        add(out, code.label(), code.scheme(), code.params(n, seed), cap);
    }

    /**
     * The heterogeneity-aware code for {@code speeds} (relative, 1 = an average worker) with s = 0,
     * 1, 2 up to the cap: placed anew at each decision (its placement is the costly part).
     */
    static List<Choice> hetero(int n, int cap, double[] speeds, long seed) {
        List<Choice> out = new ArrayList<>();
        for (int s = 0; s <= Math.min(2, cap); s++) {
            add(
                    out,
                    "hetero s=" + s,
                    "hetero",
                    SchemeParams.of(n, s, seed).withSpeeds(speeds),
                    cap);
        }
        return out;
    }

    /** s = 1..4, then powers of two, then the cap itself: at most a dozen values. */
    static List<Integer> strides(int cap) {
        TreeSet<Integer> s = new TreeSet<>();
        for (int v = 1; v <= Math.min(cap, 4); v++) {
            s.add(v);
        }
        for (int v = 8; v < cap; v *= 2) {
            s.add(v);
        }
        if (cap >= 1) {
            s.add(cap);
        }
        return List.copyOf(s);
    }

    /**
     * Cluster counts P for clustered and GC-DC: divisors of n with clusters of ℓ = n/P ≥ 2 workers
     * that hold at most 2(cap + 1) partitions (GC-DC's workers hold their cluster's); at most
     * three: the largest clusters, the smallest and one between.
     */
    static List<Integer> clusterCounts(int n, int cap) {
        List<Integer> ok = new ArrayList<>();
        for (int p = 1; p <= n / 2; p++) {
            if (n % p == 0 && n / p >= 2 && n / p <= 2 * (cap + 1)) {
                ok.add(p);
            }
        }
        if (ok.size() <= 3) {
            return ok;
        }
        return List.of(ok.get(0), ok.get(ok.size() / 2), ok.get(ok.size() - 1));
    }

    private static void add(
            List<Choice> out, String label, String scheme, SchemeParams p, int cap) {
        Plan plan;
        try {
            plan =
                    Schemes.byName(scheme)
                            .place(p.withPartitions(p.workers()), Seeds.generator(p.seed()));
        } catch (IllegalArgumentException refused) { // InvalidParametersException included
            return;
        }
        for (int w = 0; w < plan.workers(); w++) {
            if (plan.stored(w).length > 2 * (cap + 1)) {
                return;
            }
        }
        if (plan.partitions() == p.workers()
                && Schemes.byName(scheme).training(plan) instanceof Training.Decoded) {
            out.add(new Choice(label, plan));
        }
    }
}
