package io.codedyarn.coordinator.round;

/**
 * Runs a round to its end: hands the engine's arrivals to the round's {@link Aggregator} and acts
 * on its {@link Verdict}. On a stall it answers the failures at once (the loop's {@link Stalls}:
 * replacement requests, while every other change waits for the round boundary), then the round
 * waits for a replacement if one is on its way (the engine promotes it as it arrives and the
 * aggregator resends it the round's task); with none, the run fails naming the dead workers. The
 * loop creates the driver and passes it to every round it drives, the setup rounds included; the
 * engine knows nothing of stalls' answers.
 */
public final class RoundDriver {
    /** What the loop does first when a round stalls: answer the failures that stalled it. */
    @FunctionalInterface
    public interface Stalls {
        void answerFailures();
    }

    private final RoundEngine engine;
    private final Stalls stalls;

    public RoundDriver(RoundEngine engine, Stalls stalls) {
        this.engine = engine;
        this.stalls = stalls;
    }

    /** Feeds arrivals (null once the deadline passed) to the aggregator until it has enough. */
    public void collect(Aggregator aggregator) throws InterruptedException, RunAborted {
        collect(aggregator, Long.MAX_VALUE);
    }

    /**
     * {@link #collect(Aggregator)} until clock nanos {@code limit}; false when the limit passed
     * first (the round did not complete).
     */
    public boolean collect(Aggregator aggregator, long limit)
            throws InterruptedException, RunAborted {
        Verdict verdict = aggregator.start();
        while (true) {
            switch (verdict.kind()) {
                case ENOUGH -> {
                    return true;
                }
                case STALLED -> stalled(verdict.reason());
                case NOT_YET -> {}
            }
            long deadline = aggregator.deadline();
            Arrival a = engine.next(Math.min(deadline, limit));
            if (a == null && deadline > limit && engine.now() >= limit) {
                return false;
            }
            verdict = aggregator.accept(a);
        }
    }

    private void stalled(String reason) throws RunAborted {
        stalls.answerFailures();
        if (!engine.awaitReplacements()) {
            throw new RunAborted(reason + " and no replacement is on its way");
        }
    }
}
