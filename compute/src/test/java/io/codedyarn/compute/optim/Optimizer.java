package io.codedyarn.compute.optim;

import io.codedyarn.compute.model.Objective;

/** A first-order method minimising an {@link Objective} from a starting point. */
public interface Optimizer {
    /** Minimises {@code f} from {@code x0} (not modified). */
    Result minimize(Objective f, double[] x0, Termination stop);

    /** ‖a‖₂, summed in index order. */
    static double norm(double[] a, int from) {
        double s = 0;
        for (int i = from; i < a.length; i++) {
            s += a[i] * a[i];
        }
        return Math.sqrt(s);
    }
}
