package io.codedyarn.placement.coding;

import java.util.Arrays;
import java.util.Optional;

/**
 * The coefficients of heterogeneity-aware gradient coding from an auxiliary matrix H (Wang et al.
 * 2019, Lemma 2 and Algorithm 1; digest hetero-gc §3.3–§3.4), over L "local" workers 0..L−1 that
 * tolerate t stragglers.
 *
 * <p>H is (t+1)×L with (P1) any t+1 columns independent and (P2) for any t columns H_S, a non-zero
 * x with x·H_S = 0 has x·1 ≠ 0. Every partition j has exactly t+1 holders w(j); with H_j = H[:,
 * w(j)] and c_j = H_j⁻¹·1, B[w(j), j] = c_j. Then H·B = 1_{(t+1)×K} and, for stragglers S (|S| =
 * t), the decoding row is a = x·H / (x·1): x·H vanishes on S, and a·B = x·1_{(t+1)×K}/(x·1) = 1.
 *
 * <p>Here x is found from the square system x·M = e_last with M = [H_S | 1] ((t+1)×(t+1)), which
 * fixes x·1 = 1; M is non-singular exactly when P1 and P2 hold for S, and its (column-equilibrated)
 * condition number is the one reported. For t = 1 and straggler j: x = (H[1][j], −H[0][j]) /
 * (H[1][j] − H[0][j]).
 *
 * <p>Example (digest Example A): H = [[1,2,3,4,5],[2,3,5,7,11]], supports {0}, {1}, {2,3}, {4,0},
 * {1,2,3,4}: partition 0 is held by workers 0 and 3, [[1,4],[2,7]]·c = 1 gives c = (−3, 1); with
 * straggler 0, x = (2, −1) and a = (0, 1, 1, 1, −1).
 */
public final class AuxiliaryCode {
    private final double[][] h;
    private final int[][] supports;
    private final double[][] coefficients;
    private final int partitions;
    private final int tolerated;

    private AuxiliaryCode(double[][] h, int[][] supports, double[][] coefficients, int partitions) {
        this.h = h;
        this.supports = supports;
        this.coefficients = coefficients;
        this.partitions = partitions;
        this.tolerated = h.length - 1;
    }

    /**
     * Lemma 2: B from H and the supports (each sorted; every partition must have exactly rows(H)
     * holders).
     *
     * @return empty when some H_j is singular
     */
    public static Optional<AuxiliaryCode> build(double[][] h, int[][] supports, int partitions) {
        int m = h.length;
        int[][] holders = holders(supports, partitions, m);
        double[][] coeff = new double[supports.length][];
        for (int l = 0; l < supports.length; l++) {
            coeff[l] = new double[supports[l].length];
        }
        for (int j = 0; j < partitions; j++) {
            double[] c = Dense.solve(Dense.columns(h, holders[j]), ones(m));
            if (c == null) {
                return Optional.empty();
            }
            for (int t = 0; t < m; t++) {
                int l = holders[j][t];
                coeff[l][Arrays.binarySearch(supports[l], j)] = c[t];
            }
        }
        double[][] hc = new double[m][];
        for (int r = 0; r < m; r++) {
            hc[r] = h[r].clone();
        }
        int[][] sc = new int[supports.length][];
        for (int l = 0; l < supports.length; l++) {
            sc[l] = supports[l].clone();
        }
        return Optional.of(new AuxiliaryCode(hc, sc, coeff, partitions));
    }

    /** For each partition, its holders among the local workers, ascending. */
    public static int[][] holders(int[][] supports, int partitions, int copies) {
        int[] count = new int[partitions];
        for (int[] s : supports) {
            for (int j : s) {
                count[j]++;
            }
        }
        int[][] holders = new int[partitions][];
        for (int j = 0; j < partitions; j++) {
            if (count[j] != copies) {
                throw new IllegalStateException(
                        "partition " + j + " has " + count[j] + " holders, expected " + copies);
            }
            holders[j] = new int[copies];
            count[j] = 0;
        }
        for (int l = 0; l < supports.length; l++) {
            for (int j : supports[l]) {
                holders[j][count[j]++] = l;
            }
        }
        return holders;
    }

    private static double[] ones(int m) {
        double[] o = new double[m];
        Arrays.fill(o, 1.0);
        return o;
    }

    /** t, the number of stragglers among the local workers this code tolerates. */
    public int tolerated() {
        return tolerated;
    }

    public int workers() {
        return supports.length;
    }

    public int partitions() {
        return partitions;
    }

    public double[][] auxiliary() {
        double[][] c = new double[h.length][];
        for (int r = 0; r < h.length; r++) {
            c[r] = h[r].clone();
        }
        return c;
    }

    public int[] support(int local) {
        return supports[local].clone();
    }

    /** Row {@code local} of B restricted to its support. */
    public double[] coefficients(int local) {
        return coefficients[local].clone();
    }

    /** max_{r,j} |(H·B)[r][j] − 1|: Lemma 2's self-check. */
    public double auxiliaryResidual() {
        double worst = 0;
        for (double[] row : h) {
            worst = Math.max(worst, residual(row));
        }
        return worst;
    }

    /** max_j |(a·B)_j − 1| for a over the local workers. */
    public double residual(double[] a) {
        double[] sum = new double[partitions];
        for (int l = 0; l < supports.length; l++) {
            if (a[l] != 0) {
                for (int t = 0; t < supports[l].length; t++) {
                    sum[supports[l][t]] += a[l] * coefficients[l][t];
                }
            }
        }
        double worst = 0;
        for (double v : sum) {
            worst = Math.max(worst, Math.abs(v - 1));
        }
        return worst;
    }

    /** The decoding system M = [H_S | 1] of straggler set S (local indices, |S| = t). */
    public double[][] decodingSystem(int[] stragglers) {
        int m = h.length;
        double[][] sys = new double[m][m];
        for (int r = 0; r < m; r++) {
            for (int c = 0; c < stragglers.length; c++) {
                sys[r][c] = h[r][stragglers[c]];
            }
            sys[r][m - 1] = 1.0;
        }
        return sys;
    }

    /**
     * The left null vector x of H[:, S] normalised to x·1 = 1 (Lemma 2's proof), or empty when P1
     * or P2 fails for S. t = 1 uses the closed form x = (H[1][j], −H[0][j]) / (H[1][j] − H[0][j]).
     */
    public Optional<double[]> nullVector(int[] stragglers) {
        if (stragglers.length != tolerated) {
            throw new IllegalArgumentException(
                    "need exactly " + tolerated + " stragglers, got " + stragglers.length);
        }
        if (tolerated == 0) {
            return Optional.of(new double[] {1.0});
        }
        if (tolerated == 1) {
            int j = stragglers[0];
            double d = h[1][j] - h[0][j];
            return d == 0
                    ? Optional.empty()
                    : Optional.of(new double[] {h[1][j] / d, -h[0][j] / d});
        }
        double[] e = new double[h.length];
        e[h.length - 1] = 1.0;
        return Optional.ofNullable(Dense.solve(Dense.transpose(decodingSystem(stragglers)), e));
    }

    /**
     * a = x·H / (x·1) over the local workers, exactly 0 on S. Not yet residual-checked: callers
     * check {@link #residual} before use.
     */
    public Optional<double[]> decodingVector(int[] stragglers) {
        return nullVector(stragglers)
                .map(
                        x -> {
                            double[] a = new double[supports.length];
                            for (int l = 0; l < a.length; l++) {
                                for (int r = 0; r < x.length; r++) {
                                    a[l] += x[r] * h[r][l];
                                }
                            }
                            for (int j : stragglers) {
                                a[j] = 0.0;
                            }
                            return a;
                        });
    }

    /** Condition number of the column-equilibrated decoding system of S (1 when t = 0). */
    public double decodingCondition(int[] stragglers) {
        return tolerated == 0 ? 1.0 : Dense.equilibratedCondition(decodingSystem(stragglers));
    }
}
