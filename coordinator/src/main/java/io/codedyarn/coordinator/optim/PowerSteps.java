package io.codedyarn.coordinator.optim;

/**
 * PCA by DSAG's gradient method (§1.3), step by step: V ← G(V − η(H + V)) with H = −XᵀXV the told
 * gradient sum (fg = [Σ‖xV‖², H], the kernel's payload) and G classical Gram–Schmidt; η = 1 is the
 * power (orthogonal) iteration. Bit for bit {@code worker.model.Pca.update(v, h, eta, 1.0, d, k)}
 * (reimplemented here so the package needs the JDK only; h/ξ with ξ = 1 is exact, so it is left
 * out). V is d×k row-major. There is no stopping rule: never {@link #finished()}; every evaluation
 * is an iterate.
 *
 * @param eta η > 0
 * @param d rows of V
 * @param k columns of V
 * @param next the V to evaluate next (V⁰ before the first tell)
 * @param iterate the V told last (V⁰ before the first tell)
 * @param evaluations evaluations told so far
 */
public record PowerSteps(int d, int k, double eta, double[] next, double[] iterate, int evaluations)
        implements StepwiseOptimizer {
    public PowerSteps {
        Vectors.checkStep(eta);
        next = Vectors.copy(next, "next");
        iterate = Vectors.copy(iterate, "iterate");
        if (d < 1 || k < 1 || next.length != (long) d * k || iterate.length != next.length) {
            throw new IllegalArgumentException("V must be d x k = " + d + " x " + k);
        }
        if (evaluations < 0) {
            throw new IllegalArgumentException("evaluations must be >= 0");
        }
    }

    /** The state before the first evaluation, at V⁰ = {@code v0} (d×k row-major, not kept). */
    public PowerSteps(double eta, int d, int k, double[] v0) {
        this(d, k, eta, v0, v0, 0);
    }

    @Override
    public double[] next() {
        return next.clone();
    }

    @Override
    public double[] iterate() {
        return iterate.clone();
    }

    @Override
    public double[] point() {
        return next.clone();
    }

    @Override
    public boolean finished() {
        return false;
    }

    @Override
    public boolean lastWasIterate() {
        return evaluations > 0;
    }

    @Override
    public int iterations() {
        return Math.max(0, evaluations - 1);
    }

    @Override
    public PowerSteps tell(double[] fg) {
        Vectors.checkTold(fg, next.length);
        double[] v = next.clone();
        for (int m = 0; m < v.length; m++) {
            v[m] -= eta * (fg[1 + m] + v[m]);
        }
        orthonormalize(v, d, k);
        return new PowerSteps(d, k, eta, v, next, evaluations + 1);
    }

    /**
     * Classical Gram–Schmidt on the k columns of d×k row-major V, in place, as {@code
     * worker.model.GramSchmidt} (same operations in the same order): column i loses ⟨a_j, a_i⟩a_j
     * for each earlier j (products with the ORIGINAL a_i), NaN entries become 0, and it is
     * normalised only when its norm exceeds sqrt(eps·d) (a nearly zero column stays as it is).
     */
    static void orthonormalize(double[] v, int d, int k) {
        final double guard = Math.sqrt(Math.ulp(1.0) * d);
        double[] dots = new double[k];
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < i; j++) {
                double s = 0;
                for (int r = 0; r < d; r++) {
                    s += v[r * k + j] * v[r * k + i];
                }
                dots[j] = s;
            }
            double norm2 = 0;
            for (int r = 0; r < d; r++) {
                double a = v[r * k + i];
                for (int j = 0; j < i; j++) {
                    a -= dots[j] * v[r * k + j];
                }
                v[r * k + i] = Double.isNaN(a) ? 0.0 : a;
                norm2 += v[r * k + i] * v[r * k + i];
            }
            double norm = Math.sqrt(norm2);
            if (norm > guard) {
                for (int r = 0; r < d; r++) {
                    v[r * k + i] /= norm;
                }
            }
        }
    }
}
