package io.codedyarn.coordinator.adapt;

/**
 * How the coordinator excludes nodes and replaces workers (keys {@code coded-yarn.exclusion.*}).
 *
 * @param enabled judge workers and act at all (off: events record failures only)
 * @param window latencies per worker the slow-worker detector keeps
 * @param patience consecutive slow judgements before a worker is replaced
 * @param persistSeconds ... spanning at least this long (a pause is what coding absorbs)
 * @param slowFactor a slow worker's median latency per unit of load exceeds this many times the
 *     workers' median (and three scaled MADs above it)
 * @param minSeconds and exceeds this many seconds per unit of load (a replacement costs a container
 *     start, which a few milliseconds per round never repay)
 * @param timeoutSeconds how long a node stays excluded
 * @param maxNodeFraction at most this fraction of the cluster's nodes excluded at once
 * @param maxFailuresPerNode worker failures on a node that exclude it
 * @param maxReplacements replacements per worker for slowness (then it stays as it is)
 * @param maxFailures attempts per worker identity (MapReduce's {@code mapreduce.map.maxattempts}):
 *     a failed worker is replaced while it has had fewer; 1 = a failure is never replaced. Failures
 *     are replaced (within this bound) even when {@code enabled} is false
 * @param maxJobReplacements replacements over the whole job, for slowness and failures together
 * @param replacementWaitSeconds how long a round that the live workers cannot decode waits for the
 *     failed workers' replacements before the run fails
 */
public record AdaptSettings(
        boolean enabled,
        int window,
        int patience,
        double persistSeconds,
        double slowFactor,
        double minSeconds,
        double timeoutSeconds,
        double maxNodeFraction,
        int maxFailuresPerNode,
        int maxReplacements,
        int maxFailures,
        int maxJobReplacements,
        double replacementWaitSeconds) {

    public AdaptSettings {
        if (window < 2
                || patience < 1
                || !(persistSeconds >= 0)
                || !(slowFactor > 1)
                || !(minSeconds >= 0)
                || !(timeoutSeconds > 0)
                || !(maxNodeFraction >= 0 && maxNodeFraction < 1)
                || maxFailuresPerNode < 1
                || maxReplacements < 0
                || maxFailures < 1
                || maxJobReplacements < 0
                || !(replacementWaitSeconds >= 0)) {
            throw new IllegalArgumentException("bad adaptation settings: " + this);
        }
    }

    /**
     * The defaults: a window of 10 tasks, 3 judgements over 5 s, 2× the median and 1 ms per unit of
     * load; exclusions of 300 s, at most a third of the nodes (Tez), 2 failures per node (Spark), 3
     * replacements per worker for slowness, 4 attempts per worker (MapReduce's), 16 replacements
     * per job, 120 s for a stalled round's replacements.
     */
    public static AdaptSettings defaults() {
        return new AdaptSettings(true, 10, 3, 5, 2.0, 0.001, 300, 1.0 / 3, 2, 3, 4, 16, 120);
    }

    /** Nothing judged, nothing replaced: failures are only recorded. */
    public static AdaptSettings off() {
        return new AdaptSettings(false, 10, 3, 5, 2.0, 0.001, 300, 1.0 / 3, 2, 3, 1, 16, 120);
    }
}
