package io.codedyarn.am.repro;

/**
 * The bound (26)/(30) on the mean number of units the lazy trigger selects per iteration (LAG's
 * Lemma 4, digest lagc.md §3.3): with q_u = ξ / (D α² U² L_u²) and class d_u = min(D, ⌊q_u⌋), M̄
 * (or Ḡ) = Σ_u 1/(d_u + 1).
 */
final class LazyBound {
    private LazyBound() {}

    static double units(double[] smoothness, double alpha, double xi, int memory) {
        int u = smoothness.length;
        double sum = 0;
        for (double l : smoothness) {
            double q = xi / (memory * alpha * alpha * u * u * l * l);
            sum += 1.0 / (Math.min(memory, Math.floor(q)) + 1);
        }
        return sum;
    }
}
