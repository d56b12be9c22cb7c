package io.codedyarn.coordinator.round;

/**
 * An aggregator's answer after each arrival: the round needs more ({@link #NOT_YET}), has enough
 * ({@link #ENOUGH}), or has stalled: the live workers can no longer make it up, and the loop must
 * answer the failures (replacement requests) and wait for a replacement, which then gets the
 * round's task ({@link Kind#STALLED}, with the reason a failed run would report).
 */
public record Verdict(Kind kind, String reason) {
    public enum Kind {
        NOT_YET,
        ENOUGH,
        STALLED
    }

    public static final Verdict NOT_YET = new Verdict(Kind.NOT_YET, null);
    public static final Verdict ENOUGH = new Verdict(Kind.ENOUGH, null);

    /** The round cannot complete with the live workers, because {@code reason}. */
    public static Verdict stalled(String reason) {
        return new Verdict(Kind.STALLED, reason);
    }

    public static Verdict enoughIf(boolean enough) {
        return enough ? ENOUGH : NOT_YET;
    }
}
