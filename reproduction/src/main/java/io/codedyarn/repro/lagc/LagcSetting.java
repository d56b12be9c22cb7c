package io.codedyarn.repro.lagc;

import java.util.Arrays;

/**
 * The inputs of the analytical complexity model of §V (digest lagc.md §3.4, §5.4).
 *
 * @param workers M ≥ 1
 * @param redundancy r ∈ [1, M], the storage redundancy of GC / LAGC
 * @param times the worker computing-time model (family, η, β)
 * @param xi the lazy trigger constant ξ ≥ 0
 * @param memory D ≥ 1, the number of past steps in the trigger
 * @param alphaL α·L &gt; 0; the lazy schemes need α L ≤ 1 for (20), the figures use 1
 * @param smoothness L_s of the M base partitions (S = M), consecutive blocks form the groups
 * @param totalSmoothness L, the smoothness of the total loss, with α = alphaL/L (the §V-D figures
 *     use L = Σ L_s; {@link #of} sets that)
 */
public record LagcSetting(
        int workers,
        int redundancy,
        OrderStatistics times,
        double xi,
        int memory,
        double alphaL,
        double[] smoothness,
        double totalSmoothness) {
    public LagcSetting {
        if (workers < 1) {
            throw new IllegalArgumentException("need M >= 1 workers, got " + workers);
        }
        if (redundancy < 1 || redundancy > workers) {
            throw new IllegalArgumentException("need 1 <= r <= M, got r=" + redundancy);
        }
        if (smoothness.length != workers) {
            throw new IllegalArgumentException(
                    "need one L_s per worker (S = M = " + workers + "), got " + smoothness.length);
        }
        if (!(alphaL > 0) || !Double.isFinite(alphaL)) {
            throw new IllegalArgumentException("alpha*L must be finite and > 0, got " + alphaL);
        }
        if (!(totalSmoothness > 0) || !Double.isFinite(totalSmoothness)) {
            throw new IllegalArgumentException("L must be finite and > 0, got " + totalSmoothness);
        }
        if (times == null) {
            throw new IllegalArgumentException("need a time model");
        }
        smoothness = smoothness.clone();
    }

    /** The setting with L = Σ_s L_s. */
    public static LagcSetting of(
            int workers,
            int redundancy,
            OrderStatistics times,
            double xi,
            int memory,
            double alphaL,
            double[] smoothness) {
        return new LagcSetting(
                workers,
                redundancy,
                times,
                xi,
                memory,
                alphaL,
                smoothness,
                Arrays.stream(smoothness).sum());
    }

    /**
     * The §V-D setting of Figs. 6 and 7: M = 20, r = 4, ξ = 1, D = 10, αL = 1 with L = Σ L_s, L_s =
     * (1.3^(s−1) + 1)² for s = 1..20 (Σ L_s = 53625.06), worker times {@code times}.
     */
    public static LagcSetting paperFigures(OrderStatistics times) {
        double[] l = new double[20];
        for (int s = 1; s <= 20; s++) {
            double v = Math.pow(1.3, s - 1) + 1;
            l[s - 1] = v * v;
        }
        return of(20, 4, times, 1, 10, 1, l);
    }

    @Override
    public double[] smoothness() {
        return smoothness.clone();
    }

    /** α = alphaL / L. */
    public double alpha() {
        return alphaL / totalSmoothness;
    }

    /** The same setting with another time model. */
    public LagcSetting withTimes(OrderStatistics other) {
        return new LagcSetting(
                workers, redundancy, other, xi, memory, alphaL, smoothness, totalSmoothness);
    }

    /** The same setting with another total smoothness L (α = alphaL/L changes with it). */
    public LagcSetting withTotalSmoothness(double l) {
        return new LagcSetting(workers, redundancy, times, xi, memory, alphaL, smoothness, l);
    }
}
