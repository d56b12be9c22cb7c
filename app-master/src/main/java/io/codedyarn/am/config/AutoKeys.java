package io.codedyarn.am.config;

import io.codedyarn.coordinator.auto.AutoSettings;

/** The {@code coded-yarn.auto.*} keys ({@code --scheme auto}) and the simulated cluster's reads. */
public final class AutoKeys {
    private AutoKeys() {}

    private static final AutoSettings DEFAULTS = AutoSettings.defaults();

    public static final ConfigKey<Integer> MAX_STRAGGLERS =
            new ConfigKey<>(
                    "coded-yarn.auto.max-stragglers",
                    DEFAULTS.maxStragglers(),
                    "--scheme auto: the most stragglers s a code it switches to may tolerate, which bounds the redundancy (no worker holds more than s + 1 partitions); -1 = max(1, round(N/4)) for N workers");

    public static final ConfigKey<Integer> WARMUP_ITERATIONS =
            new ConfigKey<>(
                    "coded-yarn.auto.warmup-iterations",
                    DEFAULTS.warmupIterations(),
                    "--scheme auto: rounds measured before the first decision (>= 1)");

    public static final ConfigKey<Integer> PERIOD_ITERATIONS =
            new ConfigKey<>(
                    "coded-yarn.auto.period-iterations",
                    DEFAULTS.periodIterations(),
                    "--scheme auto: rounds between two decisions (>= 1)");

    public static final ConfigKey<Double> MIN_GAIN =
            new ConfigKey<>(
                    "coded-yarn.auto.min-gain",
                    DEFAULTS.minGain(),
                    "--scheme auto: switch only when the best code's predicted time per round, and to the end of the run counting the data it moves, is at least this fraction shorter than the current code's; in [0, 1)");

    public static final ConfigKey<Integer> WINDOW_ITERATIONS =
            new ConfigKey<>(
                    "coded-yarn.auto.window-iterations",
                    DEFAULTS.windowIterations(),
                    "--scheme auto: how many of the last rounds' measured times a decision replays through each candidate code (>= 2)");

    public static final ConfigKey<Double> BACKUP_FACTOR =
            new ConfigKey<>(
                    "coded-yarn.auto.backup-factor",
                    DEFAULTS.backupFactor(),
                    "--scheme auto: while it computes uncoded, a worker whose result is later than this many times the round's median result time has its partition computed also by a worker that answered and stores it (with --stragglers s >= 1, each partition is stored on s + 1 workers); the first copy to arrive is used, so the result is the same; 0 = no backups, else >= 1");

    public static final ConfigKey<Double> BACKUP_FIRST_FACTOR =
            new ConfigKey<>(
                    "coded-yarn.auto.backup-first-factor",
                    DEFAULTS.backupFirstFactor(),
                    "--scheme auto: a backup goes only to a worker late in the round before too (a quiet cluster's occasional late result costs less than its backup), except when its result is later than this many times the round's median result time: a stall, such as a frozen host, gets a backup the first time; 0 = never, else >= coded-yarn.auto.backup-factor");

    public static final ConfigKey<Double> SIMULATED_LOAD_SECONDS_PER_UNIT =
            new ConfigKey<>(
                    "coded-yarn.simulated.load-seconds-per-unit",
                    0.0,
                    "--cluster simulated: simulated seconds a worker takes to read partitions it is asked to load while it runs (--scheme auto, --speeds auto), per unit of load added (n/N rows); 0 = at once (>= 0)");

    /**
     * @throws IllegalArgumentException naming the key when a value does not parse or is out of
     *     range
     */
    static AutoSettings parse(java.util.function.Function<String, String> lookup) {
        int cap = CodedYarnConfig.parse(lookup, MAX_STRAGGLERS, Integer::parseInt);
        int warmup = CodedYarnConfig.parse(lookup, WARMUP_ITERATIONS, Integer::parseInt);
        int period = CodedYarnConfig.parse(lookup, PERIOD_ITERATIONS, Integer::parseInt);
        double gain = CodedYarnConfig.parse(lookup, MIN_GAIN, Double::parseDouble);
        int window = CodedYarnConfig.parse(lookup, WINDOW_ITERATIONS, Integer::parseInt);
        double backups = CodedYarnConfig.parse(lookup, BACKUP_FACTOR, Double::parseDouble);
        double first = CodedYarnConfig.parse(lookup, BACKUP_FIRST_FACTOR, Double::parseDouble);
        // AutoSettings checks the ranges, naming each key
        return new AutoSettings(cap, warmup, period, gain, window, backups, first);
    }

    static double simulatedLoadSeconds(java.util.function.Function<String, String> lookup) {
        double s =
                CodedYarnConfig.parse(lookup, SIMULATED_LOAD_SECONDS_PER_UNIT, Double::parseDouble);
        CodedYarnConfig.require(
                s >= 0 && Double.isFinite(s),
                SIMULATED_LOAD_SECONDS_PER_UNIT,
                s,
                "must be a finite number of seconds >= 0");
        return s;
    }
}
