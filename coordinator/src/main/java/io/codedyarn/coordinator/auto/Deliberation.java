package io.codedyarn.coordinator.auto;

import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Where {@code --scheme auto} weighs its candidates: the executor its replays ({@link Weighing})
 * run on.
 *
 * <ul>
 *   <li>{@link #BETWEEN_ROUNDS}: on the coordinator's thread, before the next round is sent. The
 *       simulated cluster's clock stands still meanwhile, so a seeded run decides at the same
 *       rounds every time.
 *   <li>{@link #aside()}: on a thread of its own while the rounds go on; the decision is taken at
 *       the first round boundary after the replays are done. On a real cluster a decision's replays
 *       (30–100 ms for n = 6 on a shared 2-core machine, 300 ms the first time, before the JIT has
 *       compiled the simulator) would otherwise stall the round they precede: the decisions of a
 *       40-round embedded run cost it about a fifth of its time (docs/benchmarks.md).
 * </ul>
 */
public final class Deliberation {
    private Deliberation() {}

    /** The replays run where they are asked for, on the coordinator's thread. */
    public static final Executor BETWEEN_ROUNDS = Runnable::run;

    /**
     * One daemon thread, which ends when idle: a run's decisions are seconds apart, and nothing of
     * it outlives the run.
     */
    public static Executor aside() {
        return new ThreadPoolExecutor(
                0,
                1,
                10,
                TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(),
                r -> {
                    Thread t = new Thread(r, "auto-deliberation");
                    t.setDaemon(true);
                    return t;
                });
    }
}
