package io.codedyarn.coordinator.async;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.codedyarn.coordinator.async.GradientCache.Interval;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class GradientCacheTest {

    private static double[] v(double x) {
        return new double[] {x};
    }

    private static List<String> layout(GradientCache c) {
        List<String> out = new ArrayList<>();
        c.entries().forEach(e -> out.add(e.first() + ".." + e.last() + "=" + e.payload()[0]));
        return out;
    }

    /**
     * The digest's §8 vector from [R] treegradient_test.jl (n = 10, initial node [1, 10] counted as
     * initialized with value 1). Reference "uninitialized" nodes are our gaps; ninit is
     * coveredSamples.
     */
    @Test
    void referenceTreeGradientVector() {
        GradientCache c = GradientCache.initiallyCovering(10, 0, v(1));
        assertThat(c.coveredSamples()).isEqualTo(10);
        assertThat(c.sum()[0]).isEqualTo(1.0);

        // insert [2,8] = 2: nodes {1: uninit}, {2: 2}, {9: uninit}; ninit = 7; H = 2
        assertThat(c.insert(2, 8, 1, v(2))).isEqualTo(OfferResult.EVICTED_OVERLAPS);
        assertThat(layout(c)).containsExactly("2..8=2.0");
        assertThat(c.uncovered()).containsExactly(new Interval(1, 1), new Interval(9, 10));
        assertThat(c.coveredSamples()).isEqualTo(7);
        assertThat(c.coverage()).isEqualTo(0.7);
        assertThat(c.sum()[0]).isEqualTo(2.0);

        // insert [2,8] = 2.1: replaced in place; ninit = 7
        assertThat(c.insert(2, 8, 2, v(2.1))).isEqualTo(OfferResult.REPLACED_IN_PLACE);
        assertThat(layout(c)).containsExactly("2..8=2.1");
        assertThat(c.coveredSamples()).isEqualTo(7);
        assertThat(c.sum()[0]).isEqualTo(2.1);

        // insert [2,10] = 3: nodes {1: uninit}, {2: 3}; ninit = 9
        assertThat(c.insert(2, 10, 3, v(3))).isEqualTo(OfferResult.EVICTED_OVERLAPS);
        assertThat(layout(c)).containsExactly("2..10=3.0");
        assertThat(c.uncovered()).containsExactly(new Interval(1, 1));
        assertThat(c.coveredSamples()).isEqualTo(9);
        assertThat(c.sum()[0]).isEqualTo(3.0);

        // insert [4,6] = 4, strictly inside [2,10]: the whole [2,10] goes (the case the paper's
        // overlap formula misses); nodes {1,2: uninit}, {4: 4}, {7: uninit}; ninit = 3
        assertThat(c.insert(4, 6, 4, v(4))).isEqualTo(OfferResult.EVICTED_OVERLAPS);
        assertThat(layout(c)).containsExactly("4..6=4.0");
        assertThat(c.uncovered()).containsExactly(new Interval(1, 3), new Interval(7, 10));
        assertThat(c.coveredSamples()).isEqualTo(3);
        assertThat(c.sum()[0]).isEqualTo(4.0);

        // the rest of the reference test: [1,10] = 5 covers everything
        assertThat(c.insert(1, 10, 5, v(5))).isEqualTo(OfferResult.EVICTED_OVERLAPS);
        assertThat(layout(c)).containsExactly("1..10=5.0");
        assertThat(c.sum()[0]).isEqualTo(5.0);

        // [1,3]=1, [4,4]=3, [5,6]=4, then [2,8]=8 evicts all three: {1: uninit},{2: 8},{9: uninit}
        c.insert(1, 3, 6, v(1));
        c.insert(4, 4, 7, v(3));
        c.insert(5, 6, 8, v(4));
        assertThat(c.size()).isEqualTo(3);
        assertThat(c.coveredSamples()).isEqualTo(6);
        assertThat(c.sum()[0]).isEqualTo(8.0);
        assertThat(c.insert(2, 8, 9, v(8))).isEqualTo(OfferResult.EVICTED_OVERLAPS);
        assertThat(layout(c)).containsExactly("2..8=8.0");
        assertThat(c.uncovered()).containsExactly(new Interval(1, 1), new Interval(9, 10));
        assertThat(c.coveredSamples()).isEqualTo(7);
        assertThat(c.sum()[0]).isEqualTo(8.0);
    }

    @Test
    void payloadIsCopiedInAndOut() {
        GradientCache c = new GradientCache(10, 2);
        double[] y = {1, 2};
        c.insert(1, 5, 1, y);
        y[0] = 100; // caller reuses its buffer
        assertThat(c.entries().get(0).payload()).containsExactly(1, 2);
        c.entries().get(0).payload()[1] = 100;
        assertThat(c.entries().get(0).payload()).containsExactly(1, 2);
        assertThat(c.sum()).containsExactly(1, 2);
    }

    @Test
    void staleResultIsDiscardedWhenAnyOverlapIsAtLeastAsFresh() {
        GradientCache c = new GradientCache(10, 1);
        assertThat(c.insert(1, 4, 5, v(1))).isEqualTo(OfferResult.INSERTED);
        assertThat(c.insert(6, 9, 2, v(2))).isEqualTo(OfferResult.INSERTED);
        // [3,7] overlaps [1,4]@5 (newer than 3) and [6,9]@2 (older): discard, nothing changes
        assertThat(c.insert(3, 7, 3, v(7))).isEqualTo(OfferResult.DISCARDED_STALE);
        // same iteration counts as "at least as fresh" (t' >= t)
        assertThat(c.insert(1, 4, 5, v(9))).isEqualTo(OfferResult.DISCARDED_STALE);
        assertThat(layout(c)).containsExactly("1..4=1.0", "6..9=2.0");
        assertThat(c.sum()[0]).isEqualTo(3.0);
        // a stale result for an uncovered range is still inserted (DSAG keeps stale results)
        assertThat(c.insert(5, 5, 0, v(4))).isEqualTo(OfferResult.INSERTED);
        assertThat(c.insert(10, 10, 0, v(8))).isEqualTo(OfferResult.INSERTED);
        assertThat(c.coveredSamples()).isEqualTo(10);
        assertThat(c.sum()[0]).isEqualTo(15.0);
        // [3,7]@6 now evicts [1,4], [5,5], [6,9] whole: coverage 5 + 1 (the flank [10,10] stays)
        assertThat(c.insert(3, 7, 6, v(7))).isEqualTo(OfferResult.EVICTED_OVERLAPS);
        assertThat(layout(c)).containsExactly("3..7=7.0", "10..10=8.0");
        assertThat(c.coveredSamples()).isEqualTo(6);
        assertThat(c.sum()[0]).isEqualTo(15.0);
    }

    @Test
    void touchingIntervalsDoNotOverlap() {
        GradientCache c = new GradientCache(10, 1);
        assertThat(c.insert(4, 6, 9, v(1))).isEqualTo(OfferResult.INSERTED);
        assertThat(c.insert(1, 3, 1, v(2))).isEqualTo(OfferResult.INSERTED);
        assertThat(c.insert(7, 10, 1, v(3))).isEqualTo(OfferResult.INSERTED);
        assertThat(c.coverage()).isEqualTo(1.0);
        // one-sample overlap at either end is an overlap
        assertThat(c.insert(3, 3, 2, v(5))).isEqualTo(OfferResult.EVICTED_OVERLAPS);
        assertThat(c.insert(6, 7, 3, v(5))).isEqualTo(OfferResult.DISCARDED_STALE); // [4,6]@9
        assertThat(layout(c)).containsExactly("3..3=5.0", "4..6=1.0", "7..10=3.0");
    }

    @Test
    void rejectsInvalidInput() {
        GradientCache c = new GradientCache(10, 2);
        assertThatThrownBy(() -> c.insert(0, 3, 1, new double[2]))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> c.insert(1, 11, 1, new double[2]))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> c.insert(5, 4, 1, new double[2]))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> c.insert(1, 2, 1, new double[3]))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> c.insert(1, 2, 1, new double[] {1, Double.NaN}))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(c.size()).isZero();
    }

    /** Cancellation: 1e16 + 1 − 1e16 is 0 in plain doubles; the compensated H keeps the 1. */
    @Test
    void runningSumSurvivesCancellation() {
        GradientCache c = new GradientCache(4, 1);
        c.insert(1, 1, 1, v(1e16));
        c.insert(2, 2, 1, v(1.0));
        c.insert(1, 1, 2, v(0.0)); // replaces 1e16
        assertThat(c.sum()[0]).isEqualTo(1.0);
        double naive = 1e16 + 1.0 - 1e16 + 0.0;
        assertThat(naive).isNotEqualTo(1.0); // what an uncompensated H would report
        c.recomputeSum();
        assertThat(c.sum()[0]).isEqualTo(1.0);
    }

    /**
     * Random inserts against a brute-force per-sample model; checks disjointness, the coverage, H
     * against an exactly recomputed sum, and the result codes, over many operations.
     */
    @Test
    void matchesBruteForceModel() {
        SplittableRandom rnd = new SplittableRandom(20230101);
        int n = 40;
        int dim = 3;
        GradientCache c = new GradientCache(n, dim);
        // owner[s] = {first, last, t} of the entry covering sample s (1-based), or null
        long[][] owner = new long[n + 1][];
        List<double[]> payloads = new ArrayList<>();
        double maxDrift = 0;
        for (int op = 0; op < 6000; op++) {
            int a = 1 + rnd.nextInt(n);
            int b = Math.min(n, a + rnd.nextInt(8));
            long t = rnd.nextInt(op / 4 + 2);
            double[] y = {rnd.nextDouble(-1e6, 1e6), rnd.nextDouble(), rnd.nextInt(100)};
            // model
            boolean stale = false;
            List<long[]> hits = new ArrayList<>();
            for (int s = a; s <= b; s++) {
                if (owner[s] != null && !hits.contains(owner[s])) {
                    hits.add(owner[s]);
                    stale |= owner[s][2] >= t;
                }
            }
            OfferResult expected;
            if (stale) {
                expected = OfferResult.DISCARDED_STALE;
            } else if (hits.isEmpty()) {
                expected = OfferResult.INSERTED;
            } else if (hits.size() == 1 && hits.get(0)[0] == a && hits.get(0)[1] == b) {
                expected = OfferResult.REPLACED_IN_PLACE;
            } else {
                expected = OfferResult.EVICTED_OVERLAPS;
            }
            if (!stale) {
                for (long[] h : hits) {
                    for (int s = (int) h[0]; s <= h[1]; s++) {
                        owner[s] = null;
                    }
                }
                long[] e = {a, b, t};
                for (int s = a; s <= b; s++) {
                    owner[s] = e;
                }
            }
            assertThat(c.insert(a, b, t, y)).as("op %d", op).isEqualTo(expected);
            payloads.add(y);

            long covered = 0;
            for (int s = 1; s <= n; s++) {
                covered += owner[s] == null ? 0 : 1;
            }
            assertThat(c.coveredSamples()).isEqualTo(covered);
            long prevLast = 0;
            for (GradientCache.Entry e : c.entries()) {
                assertThat(e.first()).isGreaterThan(prevLast);
                assertThat(owner[(int) e.first()])
                        .containsExactly(e.first(), e.last(), e.iteration());
                prevLast = e.last();
            }
            if (op % 97 == 0 || op == 5999) {
                double[] exact = new double[dim];
                for (GradientCache.Entry e : c.entries()) {
                    double[] p = e.payload();
                    for (int k = 0; k < dim; k++) {
                        exact[k] += p[k];
                    }
                }
                double[] h = c.sum();
                for (int k = 0; k < dim; k++) {
                    maxDrift = Math.max(maxDrift, Math.abs(h[k] - exact[k]));
                }
            }
        }
        // payload magnitudes up to 1e6 over 6000 updates; the compensated H stays within the
        // rounding of the re-summation itself (~40 entries of magnitude 1e6)
        assertThat(maxDrift).isLessThan(1e-8);
        double[] before = c.sum();
        c.recomputeSum();
        assertThat(c.sum()[0]).isCloseTo(before[0], within(1e-8));
    }
}
