package io.codedyarn.coordinator.auto;

/**
 * How {@code --scheme auto} decides ({@code coded-yarn.auto.*}, docs/configuration.md).
 *
 * @param maxStragglers the cap on s (and so on redundancy: at most cap + 1 partitions a worker);
 *     -1: max(1, round(n/4)), what {@code bench stragglers} gives its fixed codes, at most 8
 * @param warmupIterations rounds measured before the first decision
 * @param periodIterations rounds between decisions
 * @param minGain the least relative gain, per round and to the end, that makes a switch
 * @param windowIterations rounds of the live window a decision replays
 * @param backupFactor a worker's result later than this × the round's median result time is also
 *     asked of a worker that answered and stores its partitions (the pre-placed start's backups);
 *     0: never
 * @param backupFirstFactor a result later than this × the median gets a backup even when its worker
 *     was on time in the round before (a frozen host); 0: only workers late twice get backups
 */
public record AutoSettings(
        int maxStragglers,
        int warmupIterations,
        int periodIterations,
        double minGain,
        int windowIterations,
        double backupFactor,
        double backupFirstFactor) {
    public AutoSettings {
        if (maxStragglers < -1) {
            throw new IllegalArgumentException(
                    "coded-yarn.auto.max-stragglers must be >= 0 (or -1: n/4), got "
                            + maxStragglers);
        }
        if (warmupIterations < 1) {
            throw new IllegalArgumentException(
                    "coded-yarn.auto.warmup-iterations must be >= 1, got " + warmupIterations);
        }
        if (periodIterations < 1) {
            throw new IllegalArgumentException(
                    "coded-yarn.auto.period-iterations must be >= 1, got " + periodIterations);
        }
        if (!(minGain >= 0 && minGain < 1)) {
            throw new IllegalArgumentException(
                    "coded-yarn.auto.min-gain must be in [0, 1), got " + minGain);
        }
        if (windowIterations < 2) {
            throw new IllegalArgumentException(
                    "coded-yarn.auto.window-iterations must be >= 2, got " + windowIterations);
        }
        if (!(backupFactor == 0 || backupFactor >= 1) || Double.isInfinite(backupFactor)) {
            throw new IllegalArgumentException(
                    "coded-yarn.auto.backup-factor must be 0 (no backups) or a finite number >= 1,"
                            + " got "
                            + backupFactor);
        }
        if (!(backupFirstFactor == 0 || backupFirstFactor >= backupFactor)
                || Double.isInfinite(backupFirstFactor)) {
            throw new IllegalArgumentException(
                    "coded-yarn.auto.backup-first-factor must be 0 (none) or a finite number >="
                            + " coded-yarn.auto.backup-factor ("
                            + backupFactor
                            + "), got "
                            + backupFirstFactor);
        }
    }

    /** The default cap's ceiling. */
    public static final int MAX_DEFAULT_CAP = 8;

    public static AutoSettings defaults() {
        return new AutoSettings(-1, 3, 5, 0.1, 16, 2, 8);
    }

    /** The cap on s for n workers. */
    public int cap(int workers) {
        // the default stops at 8: building and replaying codes with larger s costs seconds per
        // decision at n = 100 (cyclic's decode is O(s^3) per responder set)
        int cap =
                maxStragglers >= 0
                        ? maxStragglers
                        : Math.min(MAX_DEFAULT_CAP, Math.max(1, Math.round(workers / 4f)));
        return Math.min(cap, workers - 1);
    }
}
