package io.codedyarn.coordinator.round;

/** What happened to a worker's incarnations since the adapter last looked. */
public record WorkerChange(
        int worker, Kind kind, String detail, String how, String previous, double seconds) {
    WorkerChange(int worker, Kind kind, String detail) {
        this(worker, kind, detail, "", null, Double.NaN);
    }

    public enum Kind {
        /** The current incarnation failed (detail: why). */
        FAILED,
        /**
         * The replacement is ready to take over (detail: its node; how: spare or not; seconds: when
         * it was ready; previous: the old node when it took over mid-round already).
         */
        STANDBY,
        /** The replacement could not start (detail: why). */
        REPLACEMENT_FAILED,
        /**
         * The worker holds the partitions {@link RoundEngine#load} asked for (detail: load time).
         */
        LOADED,
        /**
         * The current incarnation stays connected but answers nothing past its deadline (detail:
         * the measured silence and the deadline); it was abandoned, as a failure.
         */
        HUNG,
        /**
         * The worker's first container was ready only after training started (detail: its node;
         * previous: set when it joined at once, within a round that waited for it).
         */
        READY
    }
}
