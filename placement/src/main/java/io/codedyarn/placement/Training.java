package io.codedyarn.placement;

/**
 * How a coordinator trains on a plan: the family of rounds, with the family's own typed parameters,
 * as the plan's scheme declares it ({@link Scheme#training}). The coordinator maps each kind to its
 * round family; a new kind is a new record here and a new family there.
 */
public sealed interface Training
        permits Training.Decoded, Training.Lazy, Training.Asynchronous, Training.StaleSynchronous {
    /** Rounds gated by the plan's decoder: every coded and uncoded scheme. */
    record Decoded() implements Training {}

    /**
     * Lazily aggregated group rounds (LAG, LAGC, G-LAG, G-GD; LAGC §III–IV).
     *
     * @param triggered whether the trigger (13)/(17) selects groups; false for G-GD, which
     *     refreshes every group every round
     * @param minimalWait F: the fewest members of a group whose results decode it, M_G − r_G + 1
     */
    record Lazy(boolean triggered, int minimalWait) implements Training {
        public Lazy {
            if (minimalWait < 1) {
                throw new IllegalArgumentException("F must be >= 1, got " + minimalWait);
            }
        }
    }

    /**
     * Asynchronous rounds with a gradient cache (SAG, DSAG; DSAG §IV-B) or without one (SGD, the
     * DSAG paper's "ignoring-stragglers" baseline, §VII).
     *
     * @param w fresh results per round by default (n − s)
     * @param memory what the estimate remembers across rounds
     */
    record Asynchronous(int w, Memory memory) implements Training {
        public Asynchronous {
            if (w < 1) {
                throw new IllegalArgumentException("w must be >= 1, got " + w);
            }
            java.util.Objects.requireNonNull(memory);
        }
    }

    /** The estimate's memory of the asynchronous methods. */
    enum Memory {
        /** DSAG: fresh results, and stale ones when fresher than the cached overlap. */
        FRESH_AND_STALE,
        /** SAG: a cache of fresh results only; stale ones are discarded. */
        FRESH,
        /** SGD: this round's fresh results only, rescaled by n/n_processed; no cache. */
        NONE
    }

    /**
     * Stale synchronous parallel (SSP; Ho et al., NIPS 2013, the Hetero-GC paper's Fig. 4
     * baseline): each worker's gradient of its own block is applied on arrival, and a worker may
     * start its next clock only while it is at most {@code staleness} clocks ahead of the slowest
     * ({@link io.codedyarn.placement.method.StalenessClocks}).
     *
     * @param staleness the bound s ≥ 0 (0: bulk synchronous, the same iterates as GD)
     */
    record StaleSynchronous(int staleness) implements Training {
        public StaleSynchronous {
            if (staleness < 0) {
                throw new IllegalArgumentException("staleness must be >= 0, got " + staleness);
            }
        }
    }
}
