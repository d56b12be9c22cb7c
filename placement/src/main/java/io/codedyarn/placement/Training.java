package io.codedyarn.placement;

/**
 * How a coordinator trains on a plan: the family of rounds, with the family's own typed parameters,
 * as the plan's scheme declares it ({@link Scheme#training}). The coordinator maps each kind to its
 * round family; a new kind is a new record here and a new family there.
 */
public sealed interface Training permits Training.Decoded, Training.Lazy, Training.Asynchronous {
    /** Rounds gated by the plan's decoder: every coded and uncoded scheme. */
    record Decoded() implements Training {}

    /**
     * Lazily aggregated group rounds (LAG, LAGC, G-LAG, G-GD; LAGC §III–IV).
     *
     * @param triggered whether the trigger (13)/(17) selects groups; false for G-GD, which
     *     refreshes every group every round
     */
    record Lazy(boolean triggered) implements Training {}

    /**
     * Asynchronous rounds with a gradient cache (SAG, DSAG; DSAG §IV-B).
     *
     * @param w fresh results per round by default (n − s)
     * @param cacheStale DSAG: stale results enter the cache when fresher; SAG discards them
     */
    record Asynchronous(int w, boolean cacheStale) implements Training {
        public Asynchronous {
            if (w < 1) {
                throw new IllegalArgumentException("w must be >= 1, got " + w);
            }
        }
    }
}
