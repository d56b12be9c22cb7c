package io.codedyarn.repro.lagc;

import java.util.Arrays;

/**
 * The selection-frequency bounds of the lazy schemes (LAG [10] Lemma 4, quoted as (25)/(26) for LAG
 * and (30) for LAGC / G-LAG; digest lagc.md §3.3).
 *
 * <p>With U units (U = M workers for LAG, U = G groups for LAGC/G-LAG) and smoothness constants
 * L_u, the thresholds are L̄_d² = ξ/(D·d·α²·U²) for d = 1..D, L̄_0 = +∞ and L̄_{D+1} = 0. The paper
 * prints L̄_0 = 0, a typo: the class d = 0 would then be empty. A unit with L̄_{d+1}² &lt; L_u²
 * &lt; L̄_d² is in class d and is selected in at most I/(d + 1) iterations. Equivalently:
 *
 * <pre>
 *   q_u = ξ / (D α² U² L_u²),   d_u = min(D, ⌊q_u⌋),   Ū = Σ_u 1/(d_u + 1) ≤ U
 * </pre>
 *
 * (on a class boundary q_u = d the paper's strict inequalities leave d open; ⌊·⌋ picks the larger
 * class). Ū is M̄ (26) for LAG and Ḡ (30) for the groups, a real number. A <i>small</i> L_u
 * (relative to 1/(α U)) gives a large class index and rare selection; the paper's prose says the
 * opposite in two places, the formulas are what is implemented. ξ = 0 puts every unit in class 0 (Ū
 * = U: GD, G-GD). L_u = 0 gives q_u = ∞ and class D.
 *
 * <p>Groups are consecutive blocks of M_G base partitions, 𝒢_g = {(g−1)M_G + 1, …, g M_G}, with
 * L_g = Σ_{s∈g} L_s (the digest's assumption; Σ is an upper bound on the union's constant).
 *
 * <p>Example (the paper's §V-D: M = 20, ξ = 1, D = 10, α = 1/L, L = Σ L_s, L_s = (1.3^(s−1)+1)²):
 * LAG has d = [10 ×11, 5, 2, 0 ×7] and M̄ = 11/11 + 1/6 + 1/3 + 7 = 8.5; with M_G = 4 the G = 5
 * groups have d = [10, 10, 10, 0, 0] and Ḡ = 3/11 + 2 = 2.2727.
 */
public final class LazySelectionBounds {
    private LazySelectionBounds() {}

    /** Class indices d_u and Ū = Σ 1/(d_u + 1) for one set of units. */
    public record Selection(int[] classes, double effectiveUnits) {
        public Selection {
            classes = classes.clone();
        }

        @Override
        public int[] classes() {
            return classes.clone();
        }

        public int units() {
            return classes.length;
        }

        @Override
        public String toString() {
            return "Selection[d=" + Arrays.toString(classes) + ", Ū=" + effectiveUnits + "]";
        }
    }

    /**
     * Class indices for units with smoothness L_u, U = L.length units (13)/(17) scaling ξ/(α²U²D).
     *
     * @param smoothness L_u ≥ 0 per unit
     * @param xi trigger constant ξ ≥ 0
     * @param memory D ≥ 1
     * @param alpha step size α &gt; 0
     */
    public static Selection forUnits(double[] smoothness, double xi, int memory, double alpha) {
        if (smoothness.length < 1) {
            throw new IllegalArgumentException("need at least one unit");
        }
        if (!(xi >= 0) || !Double.isFinite(xi)) {
            throw new IllegalArgumentException("xi must be finite and >= 0, got " + xi);
        }
        if (memory < 1) {
            throw new IllegalArgumentException("memory D must be >= 1, got " + memory);
        }
        if (!(alpha > 0) || !Double.isFinite(alpha)) {
            throw new IllegalArgumentException("alpha must be finite and > 0, got " + alpha);
        }
        int units = smoothness.length;
        int[] d = new int[units];
        double effective = 0;
        for (int u = 0; u < units; u++) {
            double l = smoothness[u];
            if (!(l >= 0) || !Double.isFinite(l)) {
                throw new IllegalArgumentException("smoothness must be finite and >= 0, got " + l);
            }
            double q = xi / (memory * alpha * alpha * (double) units * units * l * l);
            d[u] = classIndex(q, memory);
            effective += 1.0 / (d[u] + 1);
        }
        return new Selection(d, effective);
    }

    /** d = min(D, ⌊q⌋) for q ≥ 0 (q = +∞ or NaN from 0/0 with ξ = 0 handled: NaN → 0). */
    static int classIndex(double q, int memory) {
        if (Double.isNaN(q)) {
            return 0; // ξ = 0 and L_u = 0: RHS = 0, the "≥" trigger always fires
        }
        return q >= memory ? memory : (int) Math.floor(q);
    }

    /** L_g = Σ_{s∈g} L_s for the consecutive groups of {@code groupSize} base partitions. */
    public static double[] groupSmoothness(double[] partitionSmoothness, int groupSize) {
        int s = partitionSmoothness.length;
        if (groupSize < 1 || s % groupSize != 0) {
            throw new IllegalArgumentException(
                    "group size " + groupSize + " must divide the " + s + " partitions");
        }
        double[] lg = new double[s / groupSize];
        for (int k = 0; k < s; k++) {
            lg[k / groupSize] += partitionSmoothness[k];
        }
        return lg;
    }

    /** (30): Ḡ and d_g for G = S/M_G consecutive groups, L_g = Σ_{s∈g} L_s. */
    public static Selection forGroups(
            double[] partitionSmoothness, int groupSize, double xi, int memory, double alpha) {
        return forUnits(groupSmoothness(partitionSmoothness, groupSize), xi, memory, alpha);
    }
}
