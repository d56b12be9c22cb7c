package io.codedyarn.am.repro;

import io.codedyarn.placement.SchemeParams;

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
