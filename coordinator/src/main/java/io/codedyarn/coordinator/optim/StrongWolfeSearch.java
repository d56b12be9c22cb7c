package io.codedyarn.coordinator.optim;

/**
 * A line search for the strong Wolfe conditions (Nocedal &amp; Wright, Algorithms 3.5 and 3.6) as
 * an immutable state: find α with φ(α) ≤ φ(0) + c₁αφ'(0) (sufficient decrease, N&amp;W 3.7a) and
 * |φ'(α)| ≤ c₂|φ'(0)| (curvature, 3.7b), φ(α) = F(x + αp). The caller evaluates [F, ∇F] at {@link
 * #trial(double[]) x + αp} and {@link #tell tells} it; the search answers with its next state: a
 * further trial ({@link Stage#BRACKET}, {@link Stage#ZOOM}), {@link Stage#ACCEPTED} (α is the step)
 * or {@link Stage#FAILED}. Bit for bit the trials of {@code worker.optim.StrongWolfe}: the same
 * constants, budget, interpolation, collapse test and doubling, in the same floating-point
 * expressions.
 *
 * <p><b>Bracketing</b> (Algorithm 3.5): α₁ given, α_{i+1} = 2α_i; (lo…) is the previous trial
 * α_{i−1} (α₀ = 0 with φ(0), φ'(0)). A trial that is not finite, violates sufficient decrease or (i
 * &gt; 0) does not improve on φ(α_{i−1}) brackets with lo = α_{i−1}, hi = α_i; one with
 * non-negative slope brackets with lo = α_i, hi = α_{i−1}.
 *
 * <p><b>Zoom</b> (Algorithm 3.6): lo satisfies sufficient decrease and has the lower φ, [lo, hi]
 * brackets a strong-Wolfe step; trials at the cubic interpolant's minimiser ({@link
 * #cubicMinimizer}); stops (fails) once |hi − lo| ≤ 1e−16·max(1, |lo|).
 *
 * <p>At most {@link #MAX_EVALUATIONS} trials per search; a direction with φ'(0) not &lt; 0
 * (including NaN) fails without any.
 *
 * @param p search direction (private copy)
 * @param phi0 φ(0) = F(x)
 * @param dphi0 φ'(0) = ∇F(x)ᵀp
 * @param stage where the search is
 * @param alpha the pending trial step (BRACKET, ZOOM) or the accepted one (ACCEPTED)
 * @param evaluations trials told so far
 * @param lo α_lo in ZOOM, the previous trial α_{i−1} in BRACKET
 * @param phiLo φ(lo)
 * @param dphiLo φ'(lo)
 * @param hi α_hi in ZOOM (NaN otherwise)
 * @param phiHi φ(hi)
 * @param dphiHi φ'(hi)
 */
public record StrongWolfeSearch(
        double[] p,
        double phi0,
        double dphi0,
        Stage stage,
        double alpha,
        int evaluations,
        double lo,
        double phiLo,
        double dphiLo,
        double hi,
        double phiHi,
        double dphiHi) {
    public static final double C1 = 1e-4;
    public static final double C2 = 0.9;
    public static final int MAX_EVALUATIONS = 20;

    public enum Stage {
        /** Algorithm 3.5: α doubles until a bracket or an acceptable step turns up. */
        BRACKET,
        /** Algorithm 3.6: the bracket [lo, hi] shrinks by cubic interpolation. */
        ZOOM,
        /** α satisfies the strong Wolfe conditions (its [F, ∇F] was the last one told). */
        ACCEPTED,
        /** No acceptable step within the budget, collapsed bracket, or not a descent direction. */
        FAILED
    }

    public StrongWolfeSearch {
        p = Vectors.copy(p, "p");
        if (stage == null || evaluations < 0) {
            throw new IllegalArgumentException("need a stage and evaluations >= 0");
        }
    }

    @Override
    public double[] p() {
        return p.clone();
    }

    /** d, the length of p. */
    int dimension() {
        return p.length;
    }

    /**
     * Starts a search from x with [F, ∇F] = {@code fg0} along p, first trial α₁ = {@code alpha1}:
     * BRACKET, or FAILED (no trial) when p is not a descent direction.
     */
    public static StrongWolfeSearch start(double[] fg0, double[] p, double alpha1) {
        final double phi0 = fg0[0];
        final double dphi0 = slope(fg0, p);
        Stage stage = dphi0 < 0 ? Stage.BRACKET : Stage.FAILED;
        return new StrongWolfeSearch(
                p,
                phi0,
                dphi0,
                stage,
                alpha1,
                0,
                0,
                phi0,
                dphi0,
                Double.NaN,
                Double.NaN,
                Double.NaN);
    }

    /** Whether the search wants a further trial. */
    public boolean searching() {
        return stage == Stage.BRACKET || stage == Stage.ZOOM;
    }

    /** The trial point x + αp (a fresh array; for ACCEPTED, the accepted point). */
    public double[] trial(double[] x) {
        double[] y = new double[x.length];
        for (int i = 0; i < y.length; i++) {
            y[i] = x[i] + alpha * p[i];
        }
        return y;
    }

    /** The next state, given [F, ∇F] at {@link #trial} (only while {@link #searching()}). */
    public StrongWolfeSearch tell(double[] fg) {
        if (!searching()) {
            throw new IllegalStateException("the line search is over (" + stage + ")");
        }
        int told = evaluations + 1;
        double phi = fg[0];
        double dphi = slope(fg, p);
        return stage == Stage.BRACKET ? bracket(told, phi, dphi) : zoom(told, phi, dphi);
    }

    /** Algorithm 3.5, one pass: φ(α_i) = phi, φ'(α_i) = dphi; (lo, …) is α_{i−1}. */
    private StrongWolfeSearch bracket(int told, double phi, double dphi) {
        int i = told - 1; // Algorithm 3.5's trial index: one trial per pass
        if (!Double.isFinite(phi) || phi > phi0 + C1 * alpha * dphi0 || (i > 0 && phi >= phiLo)) {
            return zoomTrial(told, lo, phiLo, dphiLo, alpha, phi, dphi);
        }
        if (Math.abs(dphi) <= -C2 * dphi0) {
            return with(Stage.ACCEPTED, alpha, told, lo, phiLo, dphiLo, hi, phiHi, dphiHi);
        }
        if (dphi >= 0) {
            return zoomTrial(told, alpha, phi, dphi, lo, phiLo, dphiLo);
        }
        Stage next = told < MAX_EVALUATIONS ? Stage.BRACKET : Stage.FAILED;
        return with(next, alpha * 2, told, alpha, phi, dphi, hi, phiHi, dphiHi);
    }

    /**
     * Algorithm 3.6, one pass: the trial α replaces hi, or becomes lo (the old lo becoming hi when
     * the slope at α points away from hi).
     */
    private StrongWolfeSearch zoom(int told, double phi, double dphi) {
        double newLo = lo, newPhiLo = phiLo, newDphiLo = dphiLo;
        double newHi = hi, newPhiHi = phiHi, newDphiHi = dphiHi;
        if (!Double.isFinite(phi) || phi > phi0 + C1 * alpha * dphi0 || phi >= phiLo) {
            newHi = alpha;
            newPhiHi = phi;
            newDphiHi = dphi;
        } else {
            if (Math.abs(dphi) <= -C2 * dphi0) {
                return with(Stage.ACCEPTED, alpha, told, lo, phiLo, dphiLo, hi, phiHi, dphiHi);
            }
            if (dphi * (hi - lo) >= 0) {
                newHi = lo;
                newPhiHi = phiLo;
                newDphiHi = dphiLo;
            }
            newLo = alpha;
            newPhiLo = phi;
            newDphiLo = dphi;
        }
        if (Math.abs(newHi - newLo) <= 1e-16 * Math.max(1, Math.abs(newLo))) {
            return with(
                    Stage.FAILED,
                    alpha,
                    told,
                    newLo,
                    newPhiLo,
                    newDphiLo,
                    newHi,
                    newPhiHi,
                    newDphiHi);
        }
        return zoomTrial(told, newLo, newPhiLo, newDphiLo, newHi, newPhiHi, newDphiHi);
    }

    /** Next zoom trial in [lo, hi], budget permitting (StrongWolfe.zoom's loop head). */
    private StrongWolfeSearch zoomTrial(
            int told,
            double lo,
            double phiLo,
            double dphiLo,
            double hi,
            double phiHi,
            double dphiHi) {
        if (told >= MAX_EVALUATIONS) {
            return with(Stage.FAILED, alpha, told, lo, phiLo, dphiLo, hi, phiHi, dphiHi);
        }
        double next = cubicMinimizer(lo, phiLo, dphiLo, hi, phiHi, dphiHi);
        return with(Stage.ZOOM, next, told, lo, phiLo, dphiLo, hi, phiHi, dphiHi);
    }

    private StrongWolfeSearch with(
            Stage stage,
            double alpha,
            int told,
            double lo,
            double phiLo,
            double dphiLo,
            double hi,
            double phiHi,
            double dphiHi) {
        return new StrongWolfeSearch(
                p, phi0, dphi0, stage, alpha, told, lo, phiLo, dphiLo, hi, phiHi, dphiHi);
    }

    /** φ'(α) = ∇F(x + αp)ᵀp, in index order. */
    private static double slope(double[] fg, double[] p) {
        double s = 0;
        for (int i = 0; i < p.length; i++) {
            s += fg[1 + i] * p[i];
        }
        return s;
    }

    /**
     * Minimiser of the cubic interpolating (a, φa, φ'a) and (b, φb, φ'b) (N&amp;W eq. 3.59),
     * clamped to the middle 80% of the interval; the midpoint when it is undefined.
     */
    static double cubicMinimizer(double a, double fa, double da, double b, double fb, double db) {
        double lo = Math.min(a, b), hi = Math.max(a, b);
        double mid = 0.5 * (a + b);
        if (!Double.isFinite(fb) || !Double.isFinite(db)) {
            return mid;
        }
        double d1 = da + db - 3 * (fa - fb) / (a - b);
        double disc = d1 * d1 - da * db;
        if (!(disc >= 0)) {
            return mid;
        }
        double d2 = Math.copySign(Math.sqrt(disc), b - a);
        double t = b - (b - a) * (db + d2 - d1) / (db - da + 2 * d2);
        double margin = 0.1 * (hi - lo);
        if (!Double.isFinite(t)) {
            return mid;
        }
        return Math.min(Math.max(t, lo + margin), hi - margin);
    }
}
