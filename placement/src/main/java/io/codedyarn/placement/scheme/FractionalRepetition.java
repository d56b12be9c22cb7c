package io.codedyarn.placement.scheme;

import io.codedyarn.placement.Codeword;
import io.codedyarn.placement.Decoder;
import io.codedyarn.placement.Decoding;
import io.codedyarn.placement.FamilySettings;
import io.codedyarn.placement.InvalidParametersException;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.Scheme;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.coding.EachOfPromise;
import io.codedyarn.placement.coding.KOfNPromise;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * Fractional repetition gradient coding (Tandon et al. 2017, §3): (s+1) | n; K = n partitions in B
 * = n/(s+1) data blocks of s+1 consecutive partitions. The workers form s+1 replica groups of B
 * consecutive workers, and inside each group worker i holds block b = i mod B (all groups are
 * replicas of each other), so each block has s+1 holders spread one per group. A worker sends the
 * plain sum of its block; decoding takes one result per block, coefficient 1. Any s stragglers
 * leave every block a holder.
 *
 * <p>Example n = 4, s = 1: B = 2 blocks {0,1} and {2,3}; W0 and W2 send g0+g1, W1 and W3 send
 * g2+g3; arrivals {W2, W1} decode with a = (0, 1, 1, 0).
 *
 * <p>Deterministic: the generator is not used.
 */
public final class FractionalRepetition implements Scheme {

    @Override
    public String name() {
        return "fractional";
    }

    @Override
    public String description() {
        return "fractional repetition GC (Tandon): (s+1) | n, n/(s+1) blocks each held by s+1 workers";
    }

    @Override
    public Plan place(SchemeParams p, RandomGenerator rng) {
        int n = p.workers();
        int s = p.stragglers();
        CyclicRepetition.requireWorkersAndStragglers(n, s);
        InvalidParametersException.require(
                n % (s + 1) == 0,
                "--stragglers",
                "(s+1) must divide --workers for fractional repetition (s+1=%d, n=%d)",
                s + 1,
                n);
        InvalidParametersException.require(
                p.partitions() == 0 || p.partitions() == n,
                "--partitions",
                "fractional uses K = --workers (%d) partitions, got %d",
                n,
                p.partitions());
        int blocks = n / (s + 1);
        Plan.Builder b = Plan.builder(name(), n, n).stragglers(s).seed(p.seed());
        List<List<Integer>> holders = new ArrayList<>();
        for (int blk = 0; blk < blocks; blk++) {
            holders.add(new ArrayList<>());
        }
        for (int i = 0; i < n; i++) {
            int blk = i % blocks;
            int[] parts = new int[s + 1];
            for (int t = 0; t <= s; t++) {
                parts[t] = blk * (s + 1) + t;
            }
            b.stored(i, parts);
            b.assign(i, b.addCodeword(Codeword.sumOf(parts)));
            holders.get(blk).add(i);
        }
        List<KOfNPromise> parts = new ArrayList<>();
        int[] blockOf = new int[n];
        for (int blk = 0; blk < blocks; blk++) {
            int[] members = holders.get(blk).stream().mapToInt(Integer::intValue).toArray();
            parts.add(new KOfNPromise(n, members, 1));
            for (int w : members) {
                blockOf[w] = blk;
            }
        }
        b.promise(new EachOfPromise(n, parts));
        b.decoder(new OnePerBlock(blockOf, blocks));
        b.family(new FamilySettings.Groups(blockOf));
        b.parameter("workers", n)
                .parameter("stragglers", s)
                .parameter("partitions", n)
                .parameter("blocks", blocks);
        return b.build();
    }

    /**
     * The lowest-indexed arrived holder of every block, coefficient 1; empty if a block is bare.
     */
    private record OnePerBlock(int[] blockOf, int blocks) implements Decoder {
        @Override
        public Optional<Decoding> decode(BitSet arrived) {
            int n = blockOf.length;
            double[] a = new double[n];
            boolean[] done = new boolean[blocks];
            int covered = 0;
            for (int i = arrived.nextSetBit(0); i >= 0 && i < n; i = arrived.nextSetBit(i + 1)) {
                if (!done[blockOf[i]]) {
                    done[blockOf[i]] = true;
                    a[i] = 1.0;
                    covered++;
                }
            }
            return covered == blocks ? Optional.of(Decoding.exact(a, 1.0)) : Optional.empty();
        }
    }
}
