package io.codedyarn.placement.coding;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.random.RandomGenerator;

/**
 * Draws the auxiliary matrix H of an {@link AuxiliaryCode} with good conditioning (digest hetero-gc
 * §8.1). Lemma 3 only promises P1/P2 with probability 1; in floating point what matters is how
 * close to singular the systems are. So: draw H with orthonormal rows (QR of a Gaussian matrix),
 * measure the worst condition number of (a) every holder block H_j = H[:, w(j)] of Lemma 2 and (b)
 * the decoding systems [H_S | 1] of the checked straggler sets S (all of them when there are at
 * most {@link #EXHAUSTIVE_PATTERNS}, else every cyclic window plus {@link #SAMPLED_PATTERNS} random
 * ones), and redraw up to {@link #MAX_DRAWS} times until the worst is below {@link
 * Tolerances#MAX_CONDITION}, keeping the best draw. With t = 0 there is nothing to tolerate and H =
 * 1_{1×L}, so B is the plain sums.
 *
 * @param code the code built from the kept H
 * @param worstCondition the worst condition number checked for the kept H
 * @param draws how many H were drawn (0 for a given H)
 * @param exhaustive whether every straggler set was checked
 */
public record AuxiliaryDraw(
        AuxiliaryCode code, double worstCondition, int draws, boolean exhaustive) {
    public static final int MAX_DRAWS = 20;
    public static final long EXHAUSTIVE_PATTERNS = 2000;
    public static final int SAMPLED_PATTERNS = 200;

    /** Draws H ((t+1)×L for L = supports.length) and builds the code. */
    public static AuxiliaryDraw draw(
            int[][] supports, int partitions, int tolerated, RandomGenerator rng) {
        int l = supports.length;
        if (tolerated == 0) {
            double[][] ones = new double[1][l];
            Arrays.fill(ones[0], 1.0);
            return given(ones, supports, partitions, rng);
        }
        List<int[]> patterns = patterns(l, tolerated, rng);
        boolean exhaustive = KOfNPromise.binomial(l, tolerated) <= EXHAUSTIVE_PATTERNS;
        AuxiliaryCode best = null;
        double bestWorst = Double.POSITIVE_INFINITY;
        int draws = 0;
        while (draws < MAX_DRAWS && !(bestWorst <= Tolerances.MAX_CONDITION)) {
            draws++;
            double[][] h = Dense.orthonormalRows(tolerated + 1, l, rng);
            Optional<AuxiliaryCode> code = AuxiliaryCode.build(h, supports, partitions);
            if (code.isEmpty()) {
                continue;
            }
            double worst = worstCondition(code.get(), patterns);
            if (best == null || worst < bestWorst) {
                best = code.get();
                bestWorst = worst;
            }
        }
        if (best == null) {
            throw new IllegalStateException(
                    "no non-singular auxiliary matrix in " + MAX_DRAWS + " draws");
        }
        return new AuxiliaryDraw(best, bestWorst, draws, exhaustive);
    }

    /**
     * Uses the given H (t = 0, tests, the digest's worked examples); {@code rng} only samples the
     * straggler sets whose conditioning is recorded when there are too many to check them all.
     */
    public static AuxiliaryDraw given(
            double[][] h, int[][] supports, int partitions, RandomGenerator rng) {
        int l = supports.length;
        int t = h.length - 1;
        for (double[] row : h) {
            if (row.length != l) {
                throw new IllegalArgumentException(
                        "H has " + row.length + " columns for " + l + " workers");
            }
        }
        AuxiliaryCode code =
                AuxiliaryCode.build(h, supports, partitions)
                        .orElseThrow(
                                () ->
                                        new IllegalArgumentException(
                                                "H has a singular holder block"));
        boolean exhaustive = KOfNPromise.binomial(l, t) <= EXHAUSTIVE_PATTERNS;
        List<int[]> patterns = patterns(l, t, rng);
        return new AuxiliaryDraw(code, worstCondition(code, patterns), 0, exhaustive);
    }

    /** Worst condition over the holder blocks and the decoding systems of {@code patterns}. */
    static double worstCondition(AuxiliaryCode code, List<int[]> patterns) {
        double[][] h = code.auxiliary();
        if (!(code.auxiliaryResidual() <= Tolerances.DECODE_RESIDUAL)) {
            return Double.POSITIVE_INFINITY;
        }
        double worst = 1.0;
        if (code.tolerated() > 0) {
            Set<List<Integer>> seen = new LinkedHashSet<>();
            int[][] holders =
                    AuxiliaryCode.holders(
                            supportsOf(code), code.partitions(), code.tolerated() + 1);
            for (int[] w : holders) {
                if (seen.add(Arrays.stream(w).boxed().toList())) {
                    worst = Math.max(worst, Dense.equilibratedCondition(Dense.columns(h, w)));
                }
            }
        }
        for (int[] s : patterns) {
            worst = Math.max(worst, code.decodingCondition(s));
        }
        return worst;
    }

    private static int[][] supportsOf(AuxiliaryCode code) {
        int[][] s = new int[code.workers()][];
        for (int l = 0; l < s.length; l++) {
            s[l] = code.support(l);
        }
        return s;
    }

    /** Straggler sets of size t over L workers: all, or cyclic windows plus random ones. */
    static List<int[]> patterns(int l, int t, RandomGenerator rng) {
        List<int[]> out = new ArrayList<>();
        if (t == 0) {
            out.add(new int[0]);
            return out;
        }
        if (KOfNPromise.binomial(l, t) <= EXHAUSTIVE_PATTERNS) {
            KOfNPromise.firstN(l, t).forEach(b -> out.add(b.stream().toArray()));
            return out;
        }
        for (int start = 0; start < l; start++) {
            int[] s = new int[t];
            for (int i = 0; i < t; i++) {
                s[i] = (start + i) % l;
            }
            Arrays.sort(s);
            out.add(s);
        }
        KOfNPromise all = KOfNPromise.firstN(l, t);
        for (int i = 0; i < SAMPLED_PATTERNS; i++) {
            out.add(all.random(rng).stream().toArray());
        }
        return out;
    }
}
