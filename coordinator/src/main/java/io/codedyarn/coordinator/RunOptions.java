package io.codedyarn.coordinator;

import io.codedyarn.coordinator.adapt.AdaptSettings;
import io.codedyarn.coordinator.adapt.SpeedSettings;
import io.codedyarn.coordinator.async.BalanceSchedule;
import io.codedyarn.coordinator.auto.AutoSettings;
import io.codedyarn.coordinator.auto.Deliberation;
import io.codedyarn.coordinator.lazy.LazySettings;
import io.codedyarn.coordinator.liveness.LivenessSettings;
import io.codedyarn.coordinator.validation.Validation;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * How a {@link Coordinator} runs, fixed before it starts: the typed {@code coded-yarn.*} settings
 * that the AM and the local runs parse once from the configuration. Immutable; {@link #defaults()}
 * is what a coordinator gets without configuration (adaptation, liveness and load balancing off),
 * and each {@code with} method returns a copy with one setting changed.
 *
 * @param startupTimeoutSeconds how long to wait for the workers to load their partitions
 * @param liveness deadlines for workers that stay connected but answer nothing, and for starts
 * @param loadBalance SAG and DSAG re-balance the subpartitions from measured latencies (DSAG §VI)
 * @param adaptation slow-worker detection, node exclusion and worker replacement
 * @param clusterNodes the cluster's NodeManagers (at most a fraction of them are excluded)
 * @param balanceSchedule when the load balancer solves
 * @param lazy ξ, D and F of lag, lagc, g-lag and g-gd
 * @param speeds how measured speeds re-plan hetero, hetero-group and bcc-hetero
 * @param auto how {@code --scheme auto} picks and switches the code
 * @param deliberation where auto weighs its candidates ({@link Deliberation}): between rounds (the
 *     default, reproducible on the simulated cluster) or aside, while the rounds go on (the AM)
 * @param validation held-out rows scored during the run, and when; null: none
 */
public record RunOptions(
        double startupTimeoutSeconds,
        LivenessSettings liveness,
        boolean loadBalance,
        AdaptSettings adaptation,
        int clusterNodes,
        BalanceSchedule balanceSchedule,
        LazySettings lazy,
        SpeedSettings speeds,
        AutoSettings auto,
        Executor deliberation,
        Validation validation) {
    public RunOptions {
        if (!(startupTimeoutSeconds > 0)) {
            throw new IllegalArgumentException(
                    "startup timeout must be > 0 s, got " + startupTimeoutSeconds);
        }
        Objects.requireNonNull(liveness);
        Objects.requireNonNull(adaptation);
        Objects.requireNonNull(balanceSchedule);
        Objects.requireNonNull(lazy);
        Objects.requireNonNull(speeds);
        Objects.requireNonNull(auto);
        Objects.requireNonNull(deliberation);
        clusterNodes = Math.max(1, clusterNodes);
    }

    /** 600 s to start, everything optional off, the settings' own defaults. */
    public static RunOptions defaults() {
        return new RunOptions(
                600,
                LivenessSettings.off(),
                false,
                AdaptSettings.off(),
                1,
                BalanceSchedule.defaults(),
                LazySettings.defaults(),
                SpeedSettings.defaults(),
                AutoSettings.defaults(),
                Deliberation.BETWEEN_ROUNDS,
                null);
    }

    public RunOptions withStartupTimeout(double seconds) {
        return with(b -> b.startupTimeoutSeconds = seconds);
    }

    public RunOptions withLiveness(LivenessSettings settings) {
        return with(b -> b.liveness = settings);
    }

    public RunOptions withLoadBalance(boolean on) {
        return with(b -> b.loadBalance = on);
    }

    public RunOptions withAdaptation(AdaptSettings settings, int nodes) {
        return with(
                b -> {
                    b.adaptation = settings;
                    b.clusterNodes = nodes;
                });
    }

    public RunOptions withBalanceSchedule(BalanceSchedule schedule) {
        return with(b -> b.balanceSchedule = schedule);
    }

    public RunOptions withLazy(LazySettings settings) {
        return with(b -> b.lazy = settings);
    }

    public RunOptions withSpeeds(SpeedSettings settings) {
        return with(b -> b.speeds = settings);
    }

    public RunOptions withAuto(AutoSettings settings) {
        return with(b -> b.auto = settings);
    }

    public RunOptions withDeliberation(Executor where) {
        return with(b -> b.deliberation = where);
    }

    /** Held-out rows to score every few iterates, with early stopping ({@link Validation}). */
    public RunOptions withValidation(Validation held) {
        return with(b -> b.validation = held);
    }

    /** A copy of this record with what {@code change} sets, validated by the constructor. */
    private RunOptions with(Consumer<Copy> change) {
        Copy b = new Copy(this);
        change.accept(b);
        return b.build();
    }

    /**
     * This record's components, mutable: a {@code with} method sets the ones it changes, then
     * {@link #build} makes the new record.
     */
    private static final class Copy {
        double startupTimeoutSeconds;
        LivenessSettings liveness;
        boolean loadBalance;
        AdaptSettings adaptation;
        int clusterNodes;
        BalanceSchedule balanceSchedule;
        LazySettings lazy;
        SpeedSettings speeds;
        AutoSettings auto;
        Executor deliberation;
        Validation validation;

        Copy(RunOptions o) {
            startupTimeoutSeconds = o.startupTimeoutSeconds;
            liveness = o.liveness;
            loadBalance = o.loadBalance;
            adaptation = o.adaptation;
            clusterNodes = o.clusterNodes;
            balanceSchedule = o.balanceSchedule;
            lazy = o.lazy;
            speeds = o.speeds;
            auto = o.auto;
            deliberation = o.deliberation;
            validation = o.validation;
        }

        RunOptions build() {
            return new RunOptions(
                    startupTimeoutSeconds,
                    liveness,
                    loadBalance,
                    adaptation,
                    clusterNodes,
                    balanceSchedule,
                    lazy,
                    speeds,
                    auto,
                    deliberation,
                    validation);
        }
    }
}
