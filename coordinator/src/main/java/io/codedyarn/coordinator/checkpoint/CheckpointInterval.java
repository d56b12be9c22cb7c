package io.codedyarn.coordinator.checkpoint;

import java.util.Locale;

/**
 * How often the coordinator takes a checkpoint ({@code coded-yarn.checkpoint.interval}): every
 * {@code N} iterations ({@code "50"}), or once at least {@code S} seconds of training passed since
 * the last one ({@code "30s"}; the coordinator's clock, so simulated seconds under {@code --cluster
 * simulated}); {@code "0"} takes none between rounds. Whatever the interval, a run also leaves a
 * checkpoint when it stops (a stopping rule held) and when it fails.
 *
 * @param iterations every this many iterations (0: not by iterations)
 * @param seconds after at least this many seconds (0: not by time)
 */
public record CheckpointInterval(long iterations, double seconds) {
    public CheckpointInterval {
        if (iterations < 0 || !(seconds >= 0) || Double.isInfinite(seconds)) {
            throw new IllegalArgumentException(
                    "checkpoint interval must be >= 0, got " + iterations + " / " + seconds);
        }
        if (iterations > 0 && seconds > 0) {
            throw new IllegalArgumentException("a checkpoint interval is iterations or seconds");
        }
    }

    /** No checkpoint between rounds (the final one only). */
    public static CheckpointInterval finalOnly() {
        return new CheckpointInterval(0, 0);
    }

    /**
     * Parses {@code N} (iterations) or {@code Ns} (seconds, a decimal).
     *
     * @param key names the setting in the error
     * @throws IllegalArgumentException naming {@code key} and the text
     */
    public static CheckpointInterval parse(String text, String key) {
        String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        try {
            if (t.endsWith("s")) {
                return new CheckpointInterval(
                        0, Double.parseDouble(t.substring(0, t.length() - 1)));
            }
            return new CheckpointInterval(Long.parseLong(t), 0);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    key
                            + ": '"
                            + text
                            + "' is not a checkpoint interval (N iterations, e.g. 50, or"
                            + " N seconds, e.g. 30s; 0 = only when the run ends)",
                    e);
        }
    }

    /**
     * Whether a checkpoint is due after {@code done} iterations at {@code seconds}, the last one
     * having been taken at {@code lastSeconds}.
     */
    public boolean due(long done, double seconds, double lastSeconds) {
        if (iterations > 0) {
            return done % iterations == 0;
        }
        return this.seconds > 0 && seconds - lastSeconds >= this.seconds;
    }

    @Override
    public String toString() {
        if (iterations > 0) {
            return iterations + " iterations";
        }
        return seconds > 0 ? seconds + " s" : "final only";
    }
}
