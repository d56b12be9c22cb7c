package io.codedyarn.am.yarn.master;

/**
 * The ApplicationMaster's ResourceManager heartbeat interval. Containers arrive only on heartbeats:
 * a request goes out on one and its container comes back on a later one, so at the normal 500 ms a
 * worker's container took about 0.8 s to arrive on the embedded cluster. While requests are
 * outstanding the AM beats every {@value #QUICK_MILLIS} ms, for at most {@value #QUICK_BEATS} beats
 * per wait (a request the cluster cannot grant soon, such as one waiting out the locality wait,
 * then waits at the normal pace instead of loading the ResourceManager); Spark's YARN allocator
 * speeds up the same way while it waits.
 *
 * <p>Called on the heartbeat thread only; the state is that thread's.
 */
final class HeartbeatPace {
    static final int QUICK_MILLIS = 100;
    static final int QUICK_BEATS = 30;

    private final int normalMillis;
    private int quickLeft = QUICK_BEATS;

    HeartbeatPace(int normalMillis) {
        if (normalMillis < QUICK_MILLIS) {
            throw new IllegalArgumentException(
                    "normal heartbeat " + normalMillis + " ms is quicker than " + QUICK_MILLIS);
        }
        this.normalMillis = normalMillis;
    }

    /**
     * Once per heartbeat: the interval until the next one.
     *
     * @param waiting whether a container request is outstanding
     */
    int next(boolean waiting) {
        if (!waiting) {
            quickLeft = QUICK_BEATS; // the next wait is quick again
            return normalMillis;
        }
        if (quickLeft > 0) {
            quickLeft--;
            return QUICK_MILLIS;
        }
        return normalMillis;
    }
}
