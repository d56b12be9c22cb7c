package io.codedyarn.compute.kernel;

/**
 * The per-row loss ℓ(z, b) of a linear model with margin z = ⟨x, w⟩ and label b, and its slope
 * dℓ/dz; the row's gradient is slope · x.
 *
 * <p>Transcendental functions are {@link StrictMath}'s (fdlibm): {@code Math.exp} may be an
 * intrinsic whose last bit differs between CPUs and JVMs, and replicas of a partition on different
 * machines must agree bit for bit.
 */
public enum LinearLoss {
    /**
     * ℓ = log(1 + exp(−b z)) with b = ±1 (DSAG §1.4, BCC §6), slope −b·σ(−b z). With t = −b z:
     * softplus(t) = max(t, 0) + log1p(e) never overflows, and σ(t) = 1/(1 + e) for t ≥ 0, e/(1 + e)
     * otherwise, never divides ∞ by ∞, with the single e = exp(−|t|).
     */
    LOGISTIC {
        @Override
        double apply(double z, double b, double[] slope, int at) {
            if (b != 1.0 && b != -1.0) {
                throw new IllegalArgumentException("logistic labels must be +1 or -1, got " + b);
            }
            double t = -b * z;
            double e = StrictMath.exp(-Math.abs(t)); // one exp serves both, e ∈ (0, 1]
            slope[at] = -b * (t >= 0 ? 1.0 / (1.0 + e) : e / (1.0 + e));
            return Math.max(t, 0.0) + StrictMath.log1p(e);
        }

        /**
         * The same formulas with {@code Math.exp}/{@code Math.log} (HotSpot intrinsics, no JNI
         * call, no fdlibm branches): log1p(e) = log(u)·e/(u − 1) with u = 1 + e (Goldberg's
         * correction, a few ulps; = e when u rounds to 1).
         */
        @Override
        double applyFast(double z, double b, double[] slope, int at) {
            if (b != 1.0 && b != -1.0) {
                throw new IllegalArgumentException("logistic labels must be +1 or -1, got " + b);
            }
            double t = -b * z;
            double e = Math.exp(-Math.abs(t));
            double u = 1.0 + e;
            slope[at] = -b * (t >= 0 ? 1.0 / u : e / u);
            double log1p = u == 1.0 ? e : Math.log(u) * (e / (u - 1.0));
            return Math.max(t, 0.0) + log1p;
        }
    },
    /** ℓ = (z − y)² (LAGC §1.1: no ½), slope 2(z − y). */
    SQUARED {
        @Override
        double apply(double z, double y, double[] slope, int at) {
            double r = z - y;
            slope[at] = 2.0 * r;
            return r * r;
        }
    };

    /** Returns ℓ(z, label) and stores dℓ/dz in {@code slope[at]}. */
    abstract double apply(double z, double label, double[] slope, int at);

    /**
     * {@link #apply} for {@link KernelPath#VECTOR}: may use {@link Math}'s intrinsics
     * (bit-identical on one JDK build and instruction-set family, not across them); the same as
     * apply for losses without transcendental functions.
     */
    double applyFast(double z, double label, double[] slope, int at) {
        return apply(z, label, slope, at);
    }

    /** ℓ(z, label) alone (for tests and metrics). */
    public double loss(double z, double label) {
        return apply(z, label, new double[1], 0);
    }

    /** dℓ/dz at (z, label) alone. */
    public double slope(double z, double label) {
        double[] s = new double[1];
        apply(z, label, s, 0);
        return s[0];
    }
}
