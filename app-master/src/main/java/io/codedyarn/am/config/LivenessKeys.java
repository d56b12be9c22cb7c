package io.codedyarn.am.config;

/**
 * The keys of liveness: when a worker that stays connected but answers nothing is declared failed
 * (task and start deadlines, the connection's keepalive). Listed, with every other key, in {@link
 * Keys#all()}.
 */
public final class LivenessKeys {
    private LivenessKeys() {}

    public static final ConfigKey<Boolean> LIVENESS_ENABLED =
            new ConfigKey<>(
                    "coded-yarn.liveness.enabled",
                    true,
                    "a worker that stays connected but answers nothing (a frozen host, a cut-off link, a JVM stopped or thrashing in GC) is declared failed at its deadline, its container stopped, its node excluded, and it is replaced as a dead worker is; an exact code starts training once the workers ready can decode, the rest join when ready; false: a silent worker stalls its round");

    public static final ConfigKey<Double> LIVENESS_TASK_FACTOR =
            new ConfigKey<>(
                    "coded-yarn.liveness.task-factor",
                    10.0,
                    "a task is overdue after this many times (> 1) the high quantile of the service times per unit of load (the worker's own or all the workers' pooled, whichever is larger), times the task's load; a worker that has answered no task yet has no task deadline (its connection's keepalive still finds it frozen)");

    public static final ConfigKey<Double> LIVENESS_TASK_QUANTILE =
            new ConfigKey<>(
                    "coded-yarn.liveness.task-quantile", 0.99, "... that high quantile, in (0, 1]");

    public static final ConfigKey<Integer> LIVENESS_TASK_WINDOW =
            new ConfigKey<>(
                    "coded-yarn.liveness.task-window",
                    50,
                    "... over the worker's last this many answered tasks (>= 4)");

    public static final ConfigKey<Double> LIVENESS_TASK_FLOOR_SECONDS =
            new ConfigKey<>(
                    "coded-yarn.liveness.task-floor-seconds",
                    10.0,
                    "no task deadline is shorter (> 0 s); a JIT warm-up, a garbage collection or a JVM starting beside the worker is slowness, not a hang");

    public static final ConfigKey<Double> LIVENESS_START_FACTOR =
            new ConfigKey<>(
                    "coded-yarn.liveness.start-factor",
                    3.0,
                    "a worker not ready after this many times (> 1) the slowest ready worker's start (counted from the first container request) is hung at start and replaced");

    public static final ConfigKey<Double> LIVENESS_START_FLOOR_SECONDS =
            new ConfigKey<>(
                    "coded-yarn.liveness.start-floor-seconds",
                    60.0,
                    "no start deadline is shorter (> 0 s)");

    public static final ConfigKey<Double> LIVENESS_KEEPALIVE_SECONDS =
            new ConfigKey<>(
                    "coded-yarn.liveness.keepalive-seconds",
                    10.0,
                    "the ApplicationMaster pings a worker's connection after this many seconds without traffic (gRPC keepalive, >= 1; workers ping the AM every 10 s too) and closes it, as a failed worker, when no answer comes within twice that time: a frozen or cut-off host is found even while its worker has no task");
}
