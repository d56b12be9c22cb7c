package io.codedyarn.repro;

import io.codedyarn.coordinator.advise.Candidate;
import io.codedyarn.placement.SchemeParams;
import java.util.List;

/**
 * One curve of a training reproduction: its label in the tables, the scheme (CLI name), its plan
 * flags (the seed is replaced per realization), the optimizer for exact schemes (null for lazy and
 * SAG/DSAG, which have their own update), SAG/DSAG's w (0 otherwise) and the step as a multiple of
 * 1/L (NaN: the coordinator's default 1/L).
 */
record TrainingCase(
        String label,
        String scheme,
        SchemeParams params,
        String optimizer,
        int waitFor,
        double stepTimesL) {

    TrainingCase(String label, String scheme, SchemeParams params, String optimizer, int waitFor) {
        this(label, scheme, params, optimizer, waitFor, Double.NaN);
    }

    /** Plan flags with every optional field at its default. */
    static SchemeParams params(int workers, int stragglers, double load, int groups, int sub) {
        return new SchemeParams(workers, stragglers, 0, 0, 0, null, load, groups, sub, 0, 0, 0);
    }

    /**
     * The gap at which a run of this case may stop: {@code target} when the gap it logs is exact
     * ({@link Candidate#exact}: decoded gradients, e.g. GD or a gradient code), NaN (stop on the
     * time or iteration budget only) for SGD, fastest-k, SAG and DSAG, whose logged gap is the
     * method's own estimate. That estimate can fall below the target, even below 0, while the exact
     * gap is far above it (DSAG-LB's and SAG-LB's PCA caches after the balancer's invalidations,
     * SAG w &lt; N's cache that never sees the slow workers' data, fastest-k's rescaled sum);
     * stopping on it would end the run early and hide the method's precision. The coordinator
     * evaluates the returned model exactly at the end, and the tables count a time only when that
     * exact gap is below the target too.
     */
    double stopGap(double target) {
        Candidate c = new Candidate(scheme, params, label, List.of());
        return c.exact(c.plan()) ? target : Double.NaN;
    }

    SchemeParams paramsWithSeed(long seed) {
        SchemeParams p = params;
        return new SchemeParams(
                p.workers(),
                p.stragglers(),
                p.clusters(),
                p.memberships(),
                p.partitions(),
                p.speeds(),
                p.load(),
                p.groups(),
                p.subpartitions(),
                p.threshold(),
                p.shift(),
                seed);
    }
}
