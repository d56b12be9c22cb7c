package io.codedyarn.placement;

import java.util.Arrays;

/**
 * One linear combination of partial gradients a worker can compute and send as one vector: f = Σ_t
 * coefficient[t] · g_{partition[t]}. Immutable; partitions are distinct and sorted ascending.
 */
public final class Codeword {
    private final int[] partitions;
    private final double[] coefficients;

    public Codeword(int[] partitions, double[] coefficients) {
        if (partitions.length != coefficients.length) {
            throw new IllegalArgumentException(
                    "partitions and coefficients differ in length: "
                            + partitions.length
                            + " vs "
                            + coefficients.length);
        }
        int[] order = sortedOrder(partitions);
        this.partitions = new int[partitions.length];
        this.coefficients = new double[partitions.length];
        for (int t = 0; t < order.length; t++) {
            this.partitions[t] = partitions[order[t]];
            this.coefficients[t] = coefficients[order[t]];
            if (t > 0 && this.partitions[t] == this.partitions[t - 1]) {
                throw new IllegalArgumentException("partition " + this.partitions[t] + " repeated");
            }
            if (!Double.isFinite(this.coefficients[t])) {
                throw new IllegalArgumentException(
                        "coefficient of partition "
                                + this.partitions[t]
                                + " is not finite: "
                                + this.coefficients[t]);
            }
        }
    }

    /** The plain sum of the given partitions (all coefficients 1). */
    public static Codeword sumOf(int... partitions) {
        double[] ones = new double[partitions.length];
        Arrays.fill(ones, 1.0);
        return new Codeword(partitions, ones);
    }

    public int size() {
        return partitions.length;
    }

    public int partition(int t) {
        return partitions[t];
    }

    public double coefficient(int t) {
        return coefficients[t];
    }

    public int[] partitions() {
        return partitions.clone();
    }

    public double[] coefficients() {
        return coefficients.clone();
    }

    /** The coefficient of partition {@code j}, 0 when j is outside the support. */
    public double coefficientOf(int j) {
        int t = Arrays.binarySearch(partitions, j);
        return t >= 0 ? coefficients[t] : 0.0;
    }

    private static int[] sortedOrder(int[] values) {
        Integer[] idx = new Integer[values.length];
        for (int i = 0; i < idx.length; i++) {
            idx[i] = i;
        }
        Arrays.sort(idx, (a, b) -> Integer.compare(values[a], values[b]));
        int[] out = new int[idx.length];
        for (int i = 0; i < idx.length; i++) {
            out[i] = idx[i];
        }
        return out;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Codeword c
                && Arrays.equals(partitions, c.partitions)
                && Arrays.equals(coefficients, c.coefficients);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(partitions) + Arrays.hashCode(coefficients);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (int t = 0; t < partitions.length; t++) {
            double c = coefficients[t];
            if (t > 0) {
                sb.append(c < 0 ? " - " : " + ");
            } else if (c < 0) {
                sb.append('-');
            }
            double mag = Math.abs(c);
            sb.append(mag == 1.0 ? "" : String.format(java.util.Locale.ROOT, "%.4g*", mag))
                    .append('g')
                    .append(partitions[t]);
        }
        return sb.toString();
    }
}
