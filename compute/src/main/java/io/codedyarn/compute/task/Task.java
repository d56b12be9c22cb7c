package io.codedyarn.compute.task;

import java.util.List;

/**
 * What the coordinator asks one worker to compute in round {@code round}: every unit at the iterate
 * {@code x} with kernel {@code kind}. The worker answers with a {@link TaskResult} tagged with the
 * same round, so results of an older round are recognised as such. {@code iteration} is the
 * training iteration the round belongs to (−1: a setup round, or not known yet); workers use it
 * only to inject slowness ({@code --straggle}) as of that iteration.
 */
public record Task(long round, double[] x, List<WorkUnit> units, Kind kind, long iteration) {

    /** Which kernel the units run. All are sums over rows, so the same code coefficients decode. */
    public enum Kind {
        /** The workload's kernel: [loss-like sum, gradient sum]. */
        OBJECTIVE,
        /**
         * The Gram product for power iteration (step size 1/L): [Σ ⟨x_i, v⟩², −Σ x_iᵀ⟨x_i, v⟩],
         * i.e. the PCA kernel with k = 1 at v (length 1 + d).
         */
        GRAM,
        /** [Σ ‖x_i‖²] (length 1): PCA's ‖X‖²_F, the denominator of the explained variance. */
        SQUARED_NORM
    }

    public Task {
        units = List.copyOf(units);
    }

    /** A task of no iteration yet (the round engine stamps it with {@link #at}). */
    public Task(long round, double[] x, List<WorkUnit> units, Kind kind) {
        this(round, x, units, kind, -1);
    }

    /** An {@link Kind#OBJECTIVE} task. */
    public Task(long round, double[] x, List<WorkUnit> units) {
        this(round, x, units, Kind.OBJECTIVE);
    }

    /** This task labelled with its training iteration. */
    public Task at(long iteration) {
        return iteration == this.iteration ? this : new Task(round, x, units, kind, iteration);
    }
}
