package io.codedyarn.compute.kernel;

import io.codedyarn.placement.Codeword;

/**
 * The encoded result a coded worker sends: f = Σ_t B[i, j_t] · g_{j_t} over its codeword's support.
 * Summation runs in the codeword's (ascending partition) order, element by element, so every
 * replica of the same codeword produces bit-identical output — decoding relies on it.
 */
public final class CodewordEncoder {
    private CodewordEncoder() {}

    /**
     * @param codeword the worker's codeword
     * @param partialByPartition partial gradient of each partition in the codeword's support,
     *     indexed like {@link Codeword#partition(int)}: {@code partials[t]} belongs to partition
     *     {@code codeword.partition(t)}
     * @return a new vector of the partials' dimension
     */
    public static double[] encode(Codeword codeword, double[][] partialByPartition) {
        if (partialByPartition.length != codeword.size()) {
            throw new IllegalArgumentException(
                    "codeword has "
                            + codeword.size()
                            + " partitions but "
                            + partialByPartition.length
                            + " partial gradients were given");
        }
        if (partialByPartition.length == 0) {
            return new double[0];
        }
        int d = partialByPartition[0].length;
        double[] f = new double[d];
        for (int t = 0; t < partialByPartition.length; t++) {
            double[] g = partialByPartition[t];
            if (g.length != d) {
                throw new IllegalArgumentException(
                        "partial gradient of partition "
                                + codeword.partition(t)
                                + " has dimension "
                                + g.length
                                + ", expected "
                                + d);
            }
            double b = codeword.coefficient(t);
            for (int k = 0; k < d; k++) {
                f[k] += b * g[k];
            }
        }
        return f;
    }
}
