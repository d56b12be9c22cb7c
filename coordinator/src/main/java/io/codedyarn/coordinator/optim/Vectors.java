package io.codedyarn.coordinator.optim;

/** The few vector operations of this package, each in one fixed summation order. */
final class Vectors {
    private Vectors() {}

    /**
     * ‖a_from, …‖₂, squares summed in index order (as {@code Optimizer.norm}; ‖∇F‖ is {@code
     * norm(fg, 1)}).
     */
    static double norm(double[] a, int from) {
        double s = 0;
        for (int i = from; i < a.length; i++) {
            s += a[i] * a[i];
        }
        return Math.sqrt(s);
    }

    /** Σ a_i b_i in index order. */
    static double dot(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    /** out ← out + c·a. */
    static void axpy(double c, double[] a, double[] out) {
        for (int i = 0; i < a.length; i++) {
            out[i] += c * a[i];
        }
    }

    /** A private copy, for a record's canonical constructor or accessor. */
    static double[] copy(double[] a, String name) {
        if (a == null) {
            throw new IllegalArgumentException(name + " must not be null");
        }
        return a.clone();
    }

    /** Checks that fg = [F, ∇F] fits a d-dimensional point. */
    static void checkTold(double[] fg, int d) {
        if (fg == null || fg.length != 1 + d) {
            throw new IllegalArgumentException(
                    "tell needs [F, gradient] of length "
                            + (1 + d)
                            + ", got "
                            + (fg == null ? "null" : fg.length));
        }
    }

    static IllegalStateException finished() {
        return new IllegalStateException("the optimiser has finished: nothing left to evaluate");
    }

    /** Step sizes as the loop-owning optimisers check them. */
    static double checkStep(double step) {
        if (!(step > 0)) {
            throw new IllegalArgumentException("--step must be > 0, got " + step);
        }
        return step;
    }
}
