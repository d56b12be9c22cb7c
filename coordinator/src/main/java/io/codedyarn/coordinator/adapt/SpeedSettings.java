package io.codedyarn.coordinator.adapt;

/**
 * Measured speeds for the schemes that place by speed (hetero, hetero-group, bcc-hetero) when no
 * {@code --speeds} are given ({@code --speeds auto}): keys {@code coded-yarn.speeds.*}.
 *
 * @param warmupIterations iterations measured before the first re-plan (every worker needs a
 *     measured task too)
 * @param minGain re-plan only when the measured speeds predict an iteration at least this fraction
 *     shorter than the current placement's (the drift threshold: noise in the estimates does not
 *     move data back and forth)
 * @param minIntervalSeconds at least this long between two re-plans (and after a switch)
 */
public record SpeedSettings(int warmupIterations, double minGain, double minIntervalSeconds) {
    public static final int DEFAULT_WARMUP_ITERATIONS = 5;
    public static final double DEFAULT_MIN_GAIN = 0.1;
    public static final double DEFAULT_MIN_INTERVAL_SECONDS = 5;

    public SpeedSettings {
        if (warmupIterations < 1) {
            throw new IllegalArgumentException(
                    "coded-yarn.speeds.warmup-iterations must be >= 1, got " + warmupIterations);
        }
        if (!(minGain >= 0 && minGain < 1)) {
            throw new IllegalArgumentException(
                    "coded-yarn.speeds.min-gain must be in [0, 1), got " + minGain);
        }
        if (!(minIntervalSeconds >= 0) || Double.isInfinite(minIntervalSeconds)) {
            throw new IllegalArgumentException(
                    "coded-yarn.speeds.min-interval-seconds must be a finite number >= 0, got "
                            + minIntervalSeconds);
        }
    }

    public static SpeedSettings defaults() {
        return new SpeedSettings(
                DEFAULT_WARMUP_ITERATIONS, DEFAULT_MIN_GAIN, DEFAULT_MIN_INTERVAL_SECONDS);
    }
}
