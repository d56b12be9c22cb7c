package io.codedyarn.am.coord;

import io.codedyarn.placement.Plan;

/**
 * The training coordinator: a Hadoop-free state machine run by ONE thread (the caller of {@link
 * #run}); cluster adapters only post events to its {@link EventSource}. See the README's
 * architecture section.
 */
public final class Coordinator {
    private final TrainSpec spec;
    private final Plan plan;
    private final DataShape shape;
    private final WorkerPort port;
    private final EventSource events;
    private final Clock clock;
    private volatile double progress;

    public Coordinator(
            TrainSpec spec,
            Plan plan,
            DataShape shape,
            WorkerPort port,
            EventSource events,
            Clock clock) {
        this.spec = spec;
        this.plan = plan;
        this.shape = shape;
        this.port = port;
        this.events = events;
        this.clock = clock;
    }

    /** Waits for every worker, trains, stops the workers; never throws for a worker failure. */
    public RunResult run() throws InterruptedException {
        throw new UnsupportedOperationException("work in progress");
    }

    /** Fraction of the run done, 0..1 (readable from any thread: the AM reports it to YARN). */
    public double progress() {
        return progress;
    }
}
