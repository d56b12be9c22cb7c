package io.codedyarn.am.config;

import io.codedyarn.coordinator.adapt.SpeedSettings;

/**
 * The keys that tune the training methods: SAG/DSAG's load balancer (DSAG Algorithms 1 and 2), the
 * lazy methods' trigger (LAGC (13)/(17)) and the re-planning from measured speeds ({@code --speeds
 * auto}). Listed, with every other key, in {@link Keys#all()}.
 */
public final class MethodKeys {
    private MethodKeys() {}

    public static final ConfigKey<Boolean> DSAG_LOAD_BALANCE =
            new ConfigKey<>(
                    "coded-yarn.dsag.load-balance",
                    true,
                    "true: dsag and sag (SAG-LB) re-balance the workers' subpartition counts p_i from measured latencies (DSAG Algorithms 1 and 2) whenever the previous solution is older than coded-yarn.dsag.load-balance.period-seconds; only latency differences the profiler's window can tell from noise count, and a re-cut worker's old cache entries stay until its new results cover them; false: p_i stay as --subpartitions set them");

    public static final ConfigKey<Double> DSAG_LOAD_BALANCE_PERIOD_SECONDS =
            new ConfigKey<>(
                    "coded-yarn.dsag.load-balance.period-seconds",
                    1.0,
                    "seconds (coordinator time, >= 0) between two solutions of the dsag/sag load balancer: after a round, Algorithm 1 runs again when its previous solution is at least this old (the paper re-solves as soon as the previous solution is done, 0.5-7 s); 0 = after every round");

    public static final ConfigKey<Integer> DSAG_LOAD_BALANCE_EVERY_ITERATIONS =
            new ConfigKey<>(
                    "coded-yarn.dsag.load-balance.every-iterations",
                    0,
                    "0: the load balancer follows coded-yarn.dsag.load-balance.period-seconds; K >= 1: it solves after every K-th iteration instead, whatever the time (10 = the behaviour before the period rule)");

    public static final ConfigKey<Double> DSAG_LOAD_BALANCE_ACCEPTANCE =
            new ConfigKey<>(
                    "coded-yarn.dsag.load-balance.acceptance",
                    io.codedyarn.coordinator.async.BalanceSchedule.DEFAULT_ACCEPTANCE,
                    "in (0, 1]: the dsag/sag load balancer publishes a new partitioning only when its max/min expected latency (DSAG eq. (4)) is at most this fraction of the current one; publishing re-cuts subpartitions and costs cache entries, so a small gain is not worth it. 0.98 (default) publishes a 2 % improvement, 1 any different partition that is not worse; the paper's example is 10 % (0.9); docs/reproduction-dsag-lb-full.md measures both");

    public static final ConfigKey<Double> LAZY_XI =
            new ConfigKey<>(
                    "coded-yarn.lazy.xi",
                    1.0,
                    "trigger constant xi >= 0 of lag, lagc and g-lag (LAGC conditions (13)/(17)); 0 selects every group each iteration; the paper's experiments use 1");

    public static final ConfigKey<Integer> LAZY_MEMORY =
            new ConfigKey<>(
                    "coded-yarn.lazy.memory",
                    10,
                    "memory D >= 1 of the lazy trigger: how many past squared steps its threshold averages (LAGC (13)/(17)); the paper's experiments use 10");

    public static final ConfigKey<Integer> LAZY_GROUP_WAIT =
            new ConfigKey<>(
                    "coded-yarn.lazy.group-wait",
                    0,
                    "F: how many members a selected group of lag, lagc, g-lag or g-gd waits for before it decodes; 0 = the minimal M_G - r_G + 1 (the paper's), else in [M_G - r_G + 1, M_G]");

    public static final ConfigKey<Integer> SPEEDS_WARMUP_ITERATIONS =
            new ConfigKey<>(
                    "coded-yarn.speeds.warmup-iterations",
                    SpeedSettings.DEFAULT_WARMUP_ITERATIONS,
                    "--speeds auto (hetero, hetero-group, bcc-hetero without --speeds): iterations measured before the first re-plan from the workers' measured throughput (>= 1)");

    public static final ConfigKey<Double> SPEEDS_MIN_GAIN =
            new ConfigKey<>(
                    "coded-yarn.speeds.min-gain",
                    SpeedSettings.DEFAULT_MIN_GAIN,
                    "--speeds auto: re-plan when the measured speeds predict an iteration at least this fraction shorter than the current loads do (when the round decodes if every worker keeps its measured throughput: the (L - s)-th smallest load / throughput over the L loaded workers); in [0, 1)");

    public static final ConfigKey<Double> SPEEDS_MIN_INTERVAL_SECONDS =
            new ConfigKey<>(
                    "coded-yarn.speeds.min-interval-seconds",
                    SpeedSettings.DEFAULT_MIN_INTERVAL_SECONDS,
                    "--speeds auto: at least this many seconds between two re-plans (>= 0)");
}
