package io.codedyarn.placement.scheme;

import io.codedyarn.placement.Decoder;
import io.codedyarn.placement.Decoding;
import io.codedyarn.placement.InvalidParametersException;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.Scheme;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.coding.KOfNPromise;
import java.util.BitSet;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * Uncoded GD: K partitions (default K = n) split into n consecutive blocks (DSAG's p_start/p_stop),
 * worker i sends the plain sum of its block, and the coordinator waits for all n. With {@code
 * fastestK}, the "ignore stragglers" baseline: any k = n − s results are used, rescaled by K /
 * (partitions covered) to an unbiased estimate of the sum.
 *
 * <p>Example n = 3, K = 4: W0 = {0}, W1 = {1}, W2 = {2, 3}; fastest-k with s = 1 and arrivals {W0,
 * W2} gives 4/3·(g0 + g2 + g3).
 */
public final class Uncoded implements Scheme {
    private final boolean fastestK;

    private Uncoded(boolean fastestK) {
        this.fastestK = fastestK;
    }

    public static Uncoded waitForAll() {
        return new Uncoded(false);
    }

    public static Uncoded fastestK() {
        return new Uncoded(true);
    }

    @Override
    public String name() {
        return fastestK ? "fastest-k" : "uncoded";
    }

    @Override
    public String description() {
        return fastestK
                ? "disjoint partitions; use whichever n-s results arrive first, rescaled (approximate)"
                : "disjoint partitions; wait for all n workers (exact)";
    }

    @Override
    public Plan place(SchemeParams p, RandomGenerator rng) {
        int n = p.workers();
        InvalidParametersException.require(n >= 1, "--workers", "must be >= 1, got %d", n);
        int s = p.stragglers();
        if (fastestK) {
            InvalidParametersException.require(
                    s >= 0 && s < n, "--stragglers", "must be in [0, --workers), got %d", s);
        } else {
            // Waiting for everyone tolerates no straggler whatever --stragglers says; accepting
            // the flag lets one simulate call compare uncoded with the codes at the same s.
            s = 0;
        }
        int k = p.partitions() > 0 ? p.partitions() : n;
        InvalidParametersException.require(
                k >= n, "--partitions", "must be >= --workers (%d), got %d", n, k);
        Plan.Builder b = Plan.builder(name(), n, k).stragglers(fastestK ? s : 0).seed(p.seed());
        int[] blockSize = Blocks.layOut(b, n, k);
        int need = fastestK ? n - s : n;
        b.promise(KOfNPromise.firstN(n, need));
        b.decoder(fastestK ? new Rescaling(blockSize, k, need) : Blocks.all(n));
        b.parameter("workers", n).parameter("partitions", k);
        if (fastestK) {
            b.parameter("k", need);
        }
        return b.build();
    }

    /** Any {@code need} blocks: scale K / covered so the estimate of Σ_j g_j is unbiased. */
    private record Rescaling(int[] blockSize, int partitions, int need) implements Decoder {
        @Override
        public Optional<Decoding> decode(BitSet arrived) {
            int n = blockSize.length;
            int count = 0;
            int covered = 0;
            for (int i = arrived.nextSetBit(0); i >= 0 && i < n; i = arrived.nextSetBit(i + 1)) {
                count++;
                covered += blockSize[i];
            }
            if (count < need) {
                return Optional.empty();
            }
            double scale = (double) partitions / covered;
            double[] a = new double[n];
            for (int i = arrived.nextSetBit(0); i >= 0 && i < n; i = arrived.nextSetBit(i + 1)) {
                a[i] = scale;
            }
            return Optional.of(
                    new Decoding(
                            a,
                            covered == partitions ? Decoding.Kind.EXACT : Decoding.Kind.ESTIMATE,
                            1.0));
        }
    }
}
