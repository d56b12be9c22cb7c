package io.codedyarn.compute.optim;

import io.codedyarn.compute.model.Objective;

/**
 * Line search for the strong Wolfe conditions (Nocedal &amp; Wright, Algorithms 3.5 and 3.6): find
 * α with φ(α) ≤ φ(0) + c₁αφ'(0) (sufficient decrease) and |φ'(α)| ≤ c₂|φ'(0)| (curvature), where
 * φ(α) = F(x + αp). Each trial evaluates [F, ∇F] through the {@link Objective}, so it is exactly as
 * straggler-tolerant as one gradient round. Trial steps inside a bracket come from the minimiser of
 * the cubic through both ends (values and slopes), kept at least 10% away from the ends, else
 * bisection.
 */
final class StrongWolfe {
    static final double C1 = 1e-4;
    static final double C2 = 0.9;
    private static final int MAX_EVALUATIONS = 20;

    /** The accepted point: step, x + αp and [F, ∇F] there; evaluations used. */
    record Point(double step, double[] x, double[] fg, int evaluations) {
        boolean found() {
            return x != null;
        }
    }

    private Point failed() {
        return new Point(Double.NaN, null, null, evaluations);
    }

    private final Objective f;
    private final double[] x;
    private final double[] p;
    private int evaluations;

    private StrongWolfe(Objective f, double[] x, double[] p) {
        this.f = f;
        this.x = x;
        this.p = p;
    }

    /**
     * Searches from x (with [F, ∇F] = {@code fg0}) along the descent direction p, first trial
     * {@code alpha1}. The point is not {@link Point#found() found} when no acceptable step turned
     * up within the evaluation budget (its evaluation count is still right).
     */
    static Point search(Objective f, double[] x, double[] fg0, double[] p, double alpha1) {
        return new StrongWolfe(f, x, p).run(fg0, alpha1);
    }

    private double[] at(double alpha) {
        double[] y = new double[x.length];
        for (int i = 0; i < y.length; i++) {
            y[i] = x[i] + alpha * p[i];
        }
        return y;
    }

    private double[] eval(double[] y) {
        evaluations++;
        return f.evaluate(y);
    }

    private double slope(double[] fg) {
        double s = 0;
        for (int i = 0; i < p.length; i++) {
            s += fg[1 + i] * p[i];
        }
        return s;
    }

    private Point run(double[] fg0, double alpha1) {
        final double phi0 = fg0[0];
        final double dphi0 = slope(fg0);
        if (!(dphi0 < 0)) {
            return failed(); // not a descent direction
        }
        double prevAlpha = 0, prevPhi = phi0, prevDphi = dphi0;
        double alpha = alpha1;
        for (int i = 0; evaluations < MAX_EVALUATIONS; i++) {
            double[] y = at(alpha);
            double[] fg = eval(y);
            double phi = fg[0];
            double dphi = slope(fg);
            if (!Double.isFinite(phi)
                    || phi > phi0 + C1 * alpha * dphi0
                    || (i > 0 && phi >= prevPhi)) {
                return zoom(phi0, dphi0, prevAlpha, prevPhi, prevDphi, alpha, phi, dphi);
            }
            if (Math.abs(dphi) <= -C2 * dphi0) {
                return new Point(alpha, y, fg, evaluations);
            }
            if (dphi >= 0) {
                return zoom(phi0, dphi0, alpha, phi, dphi, prevAlpha, prevPhi, prevDphi);
            }
            prevAlpha = alpha;
            prevPhi = phi;
            prevDphi = dphi;
            alpha *= 2;
        }
        return failed();
    }

    /** Algorithm 3.6: lo satisfies sufficient decrease and has the lower φ; [lo, hi] brackets. */
    private Point zoom(
            double phi0,
            double dphi0,
            double lo,
            double phiLo,
            double dphiLo,
            double hi,
            double phiHi,
            double dphiHi) {
        while (evaluations < MAX_EVALUATIONS) {
            double alpha = cubicMinimizer(lo, phiLo, dphiLo, hi, phiHi, dphiHi);
            double[] y = at(alpha);
            double[] fg = eval(y);
            double phi = fg[0];
            double dphi = slope(fg);
            if (!Double.isFinite(phi) || phi > phi0 + C1 * alpha * dphi0 || phi >= phiLo) {
                hi = alpha;
                phiHi = phi;
                dphiHi = dphi;
            } else {
                if (Math.abs(dphi) <= -C2 * dphi0) {
                    return new Point(alpha, y, fg, evaluations);
                }
                if (dphi * (hi - lo) >= 0) {
                    hi = lo;
                    phiHi = phiLo;
                    dphiHi = dphiLo;
                }
                lo = alpha;
                phiLo = phi;
                dphiLo = dphi;
            }
            if (Math.abs(hi - lo) <= 1e-16 * Math.max(1, Math.abs(lo))) {
                break;
            }
        }
        return failed();
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
