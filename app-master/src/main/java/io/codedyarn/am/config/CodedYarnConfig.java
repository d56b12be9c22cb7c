package io.codedyarn.am.config;

import io.codedyarn.coordinator.adapt.AdaptSettings;
import io.codedyarn.coordinator.adapt.SpeedSettings;
import io.codedyarn.coordinator.async.BalanceSchedule;
import io.codedyarn.coordinator.auto.AutoSettings;
import io.codedyarn.coordinator.checkpoint.CheckpointInterval;
import io.codedyarn.coordinator.lazy.LazySettings;
import io.codedyarn.coordinator.liveness.LivenessSettings;
import io.codedyarn.placement.slowdown.StraggleSpec;
import java.util.function.Function;

/**
 * The typed configuration, parsed once from a key → string lookup (Hadoop's Configuration in
 * production, a map in tests). A malformed value fails here with the key's name.
 *
 * @param verifyExhaustiveLimit {@link VerifyKeys#VERIFY_EXHAUSTIVE_LIMIT}
 * @param verifyRandomSamples {@link VerifyKeys#VERIFY_RANDOM_SAMPLES}
 * @param verifyTolerance {@link VerifyKeys#VERIFY_TOLERANCE}
 * @param defaultSeed {@link RunKeys#DEFAULT_SEED}
 * @param kernelVector {@link KernelKeys#KERNEL_VECTOR}
 * @param kernelThreads {@link KernelKeys#KERNEL_THREADS}, resolved ({@code vcores}: {@link
 *     YarnSettings#workerVcores})
 * @param dsagLoadBalance {@link MethodKeys#DSAG_LOAD_BALANCE}
 * @param balancePeriodSeconds {@link MethodKeys#DSAG_LOAD_BALANCE_PERIOD_SECONDS}
 * @param balanceEveryIterations {@link MethodKeys#DSAG_LOAD_BALANCE_EVERY_ITERATIONS}
 * @param balanceAcceptance {@link MethodKeys#DSAG_LOAD_BALANCE_ACCEPTANCE}
 * @param lazy {@link MethodKeys#LAZY_XI}, {@link MethodKeys#LAZY_MEMORY}, {@link
 *     MethodKeys#LAZY_GROUP_WAIT}
 * @param straggle {@link RunKeys#STRAGGLE} (a valid spec)
 * @param adaptation the {@code coded-yarn.exclusion.*} keys
 * @param liveness the {@code coded-yarn.liveness.*} deadlines
 * @param keepaliveSeconds {@link LivenessKeys#LIVENESS_KEEPALIVE_SECONDS}
 * @param speeds the {@code coded-yarn.speeds.*} keys ({@code --speeds auto})
 * @param auto the {@code coded-yarn.auto.*} keys ({@code --scheme auto}, {@link AutoKeys})
 * @param simulatedLoadSeconds {@link AutoKeys#SIMULATED_LOAD_SECONDS_PER_UNIT}
 * @param checkpointInterval {@link RunKeys#CHECKPOINT_INTERVAL}
 * @param yarn the YARN and embedded-cluster keys
 * @param metricsQuantileSeconds {@link MetricsKeys#QUANTILE_WINDOW_SECONDS}
 * @param endpoint the {@code coded-yarn.am.endpoint.*} caps on connections not yet authenticated
 *     ({@link EndpointKeys})
 */
public record CodedYarnConfig(
        long verifyExhaustiveLimit,
        int verifyRandomSamples,
        double verifyTolerance,
        long defaultSeed,
        KernelVector kernelVector,
        int kernelThreads,
        boolean dsagLoadBalance,
        double balancePeriodSeconds,
        int balanceEveryIterations,
        double balanceAcceptance,
        LazySettings lazy,
        String straggle,
        AdaptSettings adaptation,
        LivenessSettings liveness,
        double keepaliveSeconds,
        SpeedSettings speeds,
        AutoSettings auto,
        double simulatedLoadSeconds,
        CheckpointInterval checkpointInterval,
        YarnSettings yarn,
        int metricsQuantileSeconds,
        io.codedyarn.am.net.PendingLimits endpoint) {

    /**
     * @throws IllegalArgumentException naming the key when a value does not parse or is out of
     *     range
     */
    public static CodedYarnConfig parse(Function<String, String> lookup) {
        long limit = parse(lookup, VerifyKeys.VERIFY_EXHAUSTIVE_LIMIT, Long::parseLong);
        int samples = parse(lookup, VerifyKeys.VERIFY_RANDOM_SAMPLES, Integer::parseInt);
        double tol = parse(lookup, VerifyKeys.VERIFY_TOLERANCE, Double::parseDouble);
        long seed = parse(lookup, RunKeys.DEFAULT_SEED, Long::parseLong);
        KernelVector vector = parse(lookup, KernelKeys.KERNEL_VECTOR, KernelVector::parse);
        boolean balance =
                parse(lookup, MethodKeys.DSAG_LOAD_BALANCE, CodedYarnConfig::strictBoolean);
        double period =
                parse(lookup, MethodKeys.DSAG_LOAD_BALANCE_PERIOD_SECONDS, Double::parseDouble);
        int every = parse(lookup, MethodKeys.DSAG_LOAD_BALANCE_EVERY_ITERATIONS, Integer::parseInt);
        double acceptance =
                parse(lookup, MethodKeys.DSAG_LOAD_BALANCE_ACCEPTANCE, Double::parseDouble);
        String threadsText = parse(lookup, KernelKeys.KERNEL_THREADS, s -> s);
        YarnSettings yarn = YarnSettings.parse(lookup);
        int threads =
                KernelKeys.THREADS_VCORES.equalsIgnoreCase(threadsText.trim())
                        ? Math.min(256, yarn.workerVcores())
                        : parse(lookup, KernelKeys.KERNEL_THREADS, Integer::parseInt, -1);
        String straggle = parse(lookup, RunKeys.STRAGGLE, s -> s);
        try {
            StraggleSpec.parse(straggle);
        } catch (IllegalArgumentException e) {
            require(false, RunKeys.STRAGGLE, straggle, e.getMessage());
        }
        require(limit >= 0, VerifyKeys.VERIFY_EXHAUSTIVE_LIMIT, limit, "must be >= 0");
        require(samples >= 1, VerifyKeys.VERIFY_RANDOM_SAMPLES, samples, "must be >= 1");
        require(tol > 0 && tol < 1, VerifyKeys.VERIFY_TOLERANCE, tol, "must be in (0, 1)");
        require(
                period >= 0 && Double.isFinite(period),
                MethodKeys.DSAG_LOAD_BALANCE_PERIOD_SECONDS,
                period,
                "must be a finite number of seconds >= 0");
        require(every >= 0, MethodKeys.DSAG_LOAD_BALANCE_EVERY_ITERATIONS, every, "must be >= 0");
        require(
                acceptance > 0 && acceptance <= 1,
                MethodKeys.DSAG_LOAD_BALANCE_ACCEPTANCE,
                acceptance,
                "must be in (0, 1]");
        require(
                threads >= 1 && threads <= 256,
                KernelKeys.KERNEL_THREADS,
                threads,
                "must be " + KernelKeys.THREADS_VCORES + " or 1..256");
        return new CodedYarnConfig(
                limit,
                samples,
                tol,
                seed,
                vector,
                threads,
                balance,
                period,
                every,
                acceptance,
                lazy(lookup),
                straggle,
                adaptation(lookup),
                liveness(lookup),
                keepalive(lookup),
                speeds(lookup),
                AutoKeys.parse(lookup),
                AutoKeys.simulatedLoadSeconds(lookup),
                CheckpointInterval.parse(
                        parse(lookup, RunKeys.CHECKPOINT_INTERVAL, s -> s),
                        "configuration key " + RunKeys.CHECKPOINT_INTERVAL.name()),
                yarn,
                MetricsKeys.quantileWindowSeconds(lookup),
                EndpointKeys.parse(lookup));
    }

    private static LazySettings lazy(Function<String, String> lookup) {
        double xi = parse(lookup, MethodKeys.LAZY_XI, Double::parseDouble);
        int memory = parse(lookup, MethodKeys.LAZY_MEMORY, Integer::parseInt);
        int wait = parse(lookup, MethodKeys.LAZY_GROUP_WAIT, Integer::parseInt);
        require(
                xi >= 0 && Double.isFinite(xi),
                MethodKeys.LAZY_XI,
                xi,
                "must be a finite number >= 0");
        require(memory >= 1, MethodKeys.LAZY_MEMORY, memory, "must be >= 1");
        require(wait >= 0, MethodKeys.LAZY_GROUP_WAIT, wait, "must be >= 0 (0 = minimal)");
        return new LazySettings(xi, memory, wait);
    }

    private static SpeedSettings speeds(Function<String, String> lookup) {
        int warmup = parse(lookup, MethodKeys.SPEEDS_WARMUP_ITERATIONS, Integer::parseInt);
        double gain = parse(lookup, MethodKeys.SPEEDS_MIN_GAIN, Double::parseDouble);
        double interval =
                parse(lookup, MethodKeys.SPEEDS_MIN_INTERVAL_SECONDS, Double::parseDouble);
        require(warmup >= 1, MethodKeys.SPEEDS_WARMUP_ITERATIONS, warmup, "must be >= 1");
        require(gain >= 0 && gain < 1, MethodKeys.SPEEDS_MIN_GAIN, gain, "must be in [0, 1)");
        require(
                interval >= 0 && Double.isFinite(interval),
                MethodKeys.SPEEDS_MIN_INTERVAL_SECONDS,
                interval,
                "must be a finite number of seconds >= 0");
        return new SpeedSettings(warmup, gain, interval);
    }

    private static LivenessSettings liveness(Function<String, String> lookup) {
        boolean on = parse(lookup, LivenessKeys.LIVENESS_ENABLED, CodedYarnConfig::strictBoolean);
        double factor = parse(lookup, LivenessKeys.LIVENESS_TASK_FACTOR, Double::parseDouble);
        double quantile = parse(lookup, LivenessKeys.LIVENESS_TASK_QUANTILE, Double::parseDouble);
        int window = parse(lookup, LivenessKeys.LIVENESS_TASK_WINDOW, Integer::parseInt);
        double floor = parse(lookup, LivenessKeys.LIVENESS_TASK_FLOOR_SECONDS, Double::parseDouble);
        double startFactor = parse(lookup, LivenessKeys.LIVENESS_START_FACTOR, Double::parseDouble);
        double startFloor =
                parse(lookup, LivenessKeys.LIVENESS_START_FLOOR_SECONDS, Double::parseDouble);
        require(
                factor > 1 && Double.isFinite(factor),
                LivenessKeys.LIVENESS_TASK_FACTOR,
                factor,
                "must be a finite number > 1");
        require(
                quantile > 0 && quantile <= 1,
                LivenessKeys.LIVENESS_TASK_QUANTILE,
                quantile,
                "must be in (0, 1]");
        require(window >= 4, LivenessKeys.LIVENESS_TASK_WINDOW, window, "must be >= 4");
        require(
                floor > 0 && Double.isFinite(floor),
                LivenessKeys.LIVENESS_TASK_FLOOR_SECONDS,
                floor,
                "must be a finite number of seconds > 0");
        require(
                startFactor > 1 && Double.isFinite(startFactor),
                LivenessKeys.LIVENESS_START_FACTOR,
                startFactor,
                "must be a finite number > 1");
        require(
                startFloor > 0 && Double.isFinite(startFloor),
                LivenessKeys.LIVENESS_START_FLOOR_SECONDS,
                startFloor,
                "must be a finite number of seconds > 0");
        return new LivenessSettings(on, factor, quantile, window, floor, startFactor, startFloor);
    }

    private static double keepalive(Function<String, String> lookup) {
        double s = parse(lookup, LivenessKeys.LIVENESS_KEEPALIVE_SECONDS, Double::parseDouble);
        require(
                s >= 1 && s <= 3600,
                LivenessKeys.LIVENESS_KEEPALIVE_SECONDS,
                s,
                "must be a number of seconds in [1, 3600]");
        return s;
    }

    private static AdaptSettings adaptation(Function<String, String> lookup) {
        boolean on =
                parse(lookup, AdaptationKeys.EXCLUSION_ENABLED, CodedYarnConfig::strictBoolean);
        int window = parse(lookup, AdaptationKeys.EXCLUSION_WINDOW, Integer::parseInt);
        int patience = parse(lookup, AdaptationKeys.EXCLUSION_PATIENCE, Integer::parseInt);
        double persist =
                parse(lookup, AdaptationKeys.EXCLUSION_PERSIST_SECONDS, Double::parseDouble);
        double factor = parse(lookup, AdaptationKeys.EXCLUSION_SLOW_FACTOR, Double::parseDouble);
        double min = parse(lookup, AdaptationKeys.EXCLUSION_MIN_SECONDS, Double::parseDouble);
        double timeout =
                parse(lookup, AdaptationKeys.EXCLUSION_TIMEOUT_SECONDS, Double::parseDouble);
        double fraction =
                parse(lookup, AdaptationKeys.EXCLUSION_MAX_NODE_FRACTION, Double::parseDouble);
        int failures =
                parse(lookup, AdaptationKeys.EXCLUSION_MAX_FAILURES_PER_NODE, Integer::parseInt);
        int replacements =
                parse(lookup, AdaptationKeys.EXCLUSION_MAX_REPLACEMENTS, Integer::parseInt);
        int attempts = parse(lookup, AdaptationKeys.WORKER_MAX_FAILURES, Integer::parseInt);
        int jobReplacements = parse(lookup, AdaptationKeys.JOB_MAX_REPLACEMENTS, Integer::parseInt);
        double wait =
                parse(lookup, AdaptationKeys.WORKER_REPLACEMENT_WAIT_SECONDS, Double::parseDouble);
        require(window >= 2, AdaptationKeys.EXCLUSION_WINDOW, window, "must be >= 2");
        require(patience >= 1, AdaptationKeys.EXCLUSION_PATIENCE, patience, "must be >= 1");
        require(
                persist >= 0 && Double.isFinite(persist),
                AdaptationKeys.EXCLUSION_PERSIST_SECONDS,
                persist,
                "must be finite and >= 0");
        require(factor > 1, AdaptationKeys.EXCLUSION_SLOW_FACTOR, factor, "must be > 1");
        require(min >= 0, AdaptationKeys.EXCLUSION_MIN_SECONDS, min, "must be >= 0");
        require(timeout > 0, AdaptationKeys.EXCLUSION_TIMEOUT_SECONDS, timeout, "must be > 0");
        require(
                fraction >= 0 && fraction < 1,
                AdaptationKeys.EXCLUSION_MAX_NODE_FRACTION,
                fraction,
                "must be in [0, 1)");
        require(
                failures >= 1,
                AdaptationKeys.EXCLUSION_MAX_FAILURES_PER_NODE,
                failures,
                "must be >= 1");
        require(
                replacements >= 0,
                AdaptationKeys.EXCLUSION_MAX_REPLACEMENTS,
                replacements,
                "must be >= 0");
        require(attempts >= 1, AdaptationKeys.WORKER_MAX_FAILURES, attempts, "must be >= 1");
        require(
                jobReplacements >= 0,
                AdaptationKeys.JOB_MAX_REPLACEMENTS,
                jobReplacements,
                "must be >= 0");
        require(
                wait >= 0 && Double.isFinite(wait),
                AdaptationKeys.WORKER_REPLACEMENT_WAIT_SECONDS,
                wait,
                "must be a finite number of seconds >= 0");
        return new AdaptSettings(
                on,
                window,
                patience,
                persist,
                factor,
                min,
                timeout,
                fraction,
                failures,
                replacements,
                attempts,
                jobReplacements,
                wait);
    }

    /**
     * When the SAG/DSAG load balancer solves (every K iterations if K &gt; 0, else the period), and
     * the improvement it publishes.
     */
    public BalanceSchedule balanceSchedule() {
        return (balanceEveryIterations > 0
                        ? BalanceSchedule.everyIterations(balanceEveryIterations)
                        : BalanceSchedule.period(balancePeriodSeconds))
                .withAcceptance(balanceAcceptance);
    }

    /** true or false only (Boolean.parseBoolean would read a typo as false). */
    static Boolean strictBoolean(String s) {
        return switch (s.toLowerCase(java.util.Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new EnumChoice.NotAChoice("true or false");
        };
    }

    public static CodedYarnConfig defaults() {
        return parse(k -> null);
    }

    static <T> T parse(Function<String, String> lookup, ConfigKey<T> key, Function<String, T> p) {
        return parse(lookup, key, p, key.defaultValue());
    }

    /** {@code unset} when the key is not set (kernel.threads: "vcores" or a number). */
    static <T> T parse(
            Function<String, String> lookup, ConfigKey<?> key, Function<String, T> p, T unset) {
        String raw = lookup.apply(key.name());
        if (raw == null || raw.isBlank()) {
            return unset;
        }
        try {
            return p.apply(raw.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "configuration key "
                            + key.name()
                            + ": cannot parse '"
                            + raw
                            + "'"
                            + (e instanceof EnumChoice.NotAChoice
                                    ? " (allowed: " + e.getMessage() + ")"
                                    : ""),
                    e);
        }
    }

    static void require(boolean ok, ConfigKey<?> key, Object value, String why) {
        if (!ok) {
            throw new IllegalArgumentException(
                    "configuration key " + key.name() + " = " + value + ": " + why);
        }
    }
}
