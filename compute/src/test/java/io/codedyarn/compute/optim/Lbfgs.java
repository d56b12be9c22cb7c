package io.codedyarn.compute.optim;

import io.codedyarn.compute.model.Objective;

/**
 * Limited-memory BFGS (Nocedal &amp; Wright, Algorithm 7.4/7.5), memory m (default 10, as Spark
 * MLlib), with a strong-Wolfe line search ({@link StrongWolfe}). Direction p = −H∇F by the two-loop
 * recursion over the last m pairs s = x_{k+1} − x_k, y = ∇F_{k+1} − ∇F_k, initial H₀ = (sᵀy /
 * yᵀy)·I. Pairs with sᵀy ≤ 1e−10·‖s‖‖y‖ are skipped (keeps H positive definite). The first step is
 * 1/‖∇F‖ (a unit move), later ones start at α = 1. If a search fails, the memory is cleared and
 * steepest descent tried once before giving up.
 */
public final class Lbfgs implements Optimizer {
    private final int memory;

    public Lbfgs() {
        this(10);
    }

    public Lbfgs(int memory) {
        if (memory < 1) {
            throw new IllegalArgumentException("L-BFGS memory must be >= 1, got " + memory);
        }
        this.memory = memory;
    }

    @Override
    public Result minimize(Objective f, double[] x0, Termination stop) {
        final int d = x0.length;
        double[][] s = new double[memory][];
        double[][] y = new double[memory][];
        double[] rho = new double[memory];
        int stored = 0, newest = -1;
        double[] x = x0.clone();
        double[] fg = f.evaluate(x);
        int evaluations = 1;
        int it = 0;
        boolean restarted = false;
        while (Optimizer.norm(fg, 1) > stop.gradientTolerance() && it < stop.maxIterations()) {
            double[] p = direction(fg, s, y, rho, stored, newest);
            double alpha1 = stored == 0 ? 1.0 / Optimizer.norm(fg, 1) : 1.0;
            StrongWolfe.Point next = StrongWolfe.search(f, x, fg, p, alpha1);
            evaluations += next.evaluations();
            if (!next.found()) {
                if (stored == 0 || restarted) {
                    break;
                }
                stored = 0; // forget the curvature pairs, retry along −∇F
                restarted = true;
                continue;
            }
            restarted = false;
            double[] sk = new double[d];
            double[] yk = new double[d];
            double sy = 0, ss = 0, yy = 0;
            for (int i = 0; i < d; i++) {
                sk[i] = next.x()[i] - x[i];
                yk[i] = next.fg()[1 + i] - fg[1 + i];
                sy += sk[i] * yk[i];
                ss += sk[i] * sk[i];
                yy += yk[i] * yk[i];
            }
            if (sy > 1e-10 * Math.sqrt(ss * yy)) {
                newest = (newest + 1) % memory;
                s[newest] = sk;
                y[newest] = yk;
                rho[newest] = 1.0 / sy;
                stored = Math.min(stored + 1, memory);
            }
            x = next.x();
            fg = next.fg();
            it++;
        }
        double gn = Optimizer.norm(fg, 1);
        return new Result(x, fg[0], gn, it, evaluations, gn <= stop.gradientTolerance());
    }

    /** Two-loop recursion: p = −H∇F. */
    private double[] direction(
            double[] fg, double[][] s, double[][] y, double[] rho, int stored, int newest) {
        int d = fg.length - 1;
        double[] q = new double[d];
        for (int i = 0; i < d; i++) {
            q[i] = -fg[1 + i];
        }
        if (stored == 0) {
            return q;
        }
        double[] a = new double[memory];
        for (int t = 0; t < stored; t++) { // newest to oldest
            int m = Math.floorMod(newest - t, memory);
            a[m] = rho[m] * dot(s[m], q);
            axpy(-a[m], y[m], q);
        }
        double gamma = 1.0 / (rho[newest] * dot(y[newest], y[newest])); // sᵀy / yᵀy
        for (int i = 0; i < d; i++) {
            q[i] *= gamma;
        }
        for (int t = stored - 1; t >= 0; t--) { // oldest to newest
            int m = Math.floorMod(newest - t, memory);
            double b = rho[m] * dot(y[m], q);
            axpy(a[m] - b, s[m], q);
        }
        return q;
    }

    private static double dot(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    private static void axpy(double c, double[] a, double[] out) {
        for (int i = 0; i < a.length; i++) {
            out[i] += c * a[i];
        }
    }
}
