package io.codedyarn.coordinator.async;

/** What a cache or an aggregation policy did with an offered subgradient. */
public enum OfferResult {
    /** Stored; it overlapped no existing entry. */
    INSERTED,
    /**
     * An entry with exactly the same interval [i, j] and an older iteration was overwritten. With a
     * fresh result this is the SAG table update (DSAG §IV-B: "DSAG reduces exactly to SAG").
     */
    REPLACED_IN_PLACE,
    /**
     * Stored after evicting every overlapping entry whole; samples they covered outside [i, j] are
     * now uncovered, so ξ may drop (DSAG §IV-B).
     */
    EVICTED_OVERLAPS,
    /**
     * Dropped: an overlapping entry is at least as fresh (t' ≥ t), or, for SAG and SGD, the result
     * was computed at an older iterate than the current one.
     */
    DISCARDED_STALE,
    /**
     * Held outside the cache ({@link RecutHold}): it covers a cached entry only in part (the worker
     * was re-cut), and enters once the held results cover that entry whole.
     */
    HELD
}
