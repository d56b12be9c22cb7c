package io.codedyarn.coordinator;

import io.codedyarn.coordinator.adapt.AdaptSettings;
import io.codedyarn.coordinator.adapt.SpeedSettings;
import io.codedyarn.coordinator.async.BalanceSchedule;
import io.codedyarn.coordinator.lazy.LazySettings;
import io.codedyarn.coordinator.liveness.LivenessSettings;
import java.util.Objects;

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
 */
public record RunOptions(
        double startupTimeoutSeconds,
        LivenessSettings liveness,
        boolean loadBalance,
        AdaptSettings adaptation,
        int clusterNodes,
        BalanceSchedule balanceSchedule,
        LazySettings lazy,
        SpeedSettings speeds) {
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
                SpeedSettings.defaults());
    }

    public RunOptions withStartupTimeout(double seconds) {
        return new RunOptions(
                seconds,
                liveness,
                loadBalance,
                adaptation,
                clusterNodes,
                balanceSchedule,
                lazy,
                speeds);
    }

    public RunOptions withLiveness(LivenessSettings settings) {
        return new RunOptions(
                startupTimeoutSeconds,
                settings,
                loadBalance,
                adaptation,
                clusterNodes,
                balanceSchedule,
                lazy,
                speeds);
    }

    public RunOptions withLoadBalance(boolean on) {
        return new RunOptions(
                startupTimeoutSeconds,
                liveness,
                on,
                adaptation,
                clusterNodes,
                balanceSchedule,
                lazy,
                speeds);
    }

    public RunOptions withAdaptation(AdaptSettings settings, int nodes) {
        return new RunOptions(
                startupTimeoutSeconds,
                liveness,
                loadBalance,
                settings,
                nodes,
                balanceSchedule,
                lazy,
                speeds);
    }

    public RunOptions withBalanceSchedule(BalanceSchedule schedule) {
        return new RunOptions(
                startupTimeoutSeconds,
                liveness,
                loadBalance,
                adaptation,
                clusterNodes,
                schedule,
                lazy,
                speeds);
    }

    public RunOptions withLazy(LazySettings settings) {
        return new RunOptions(
                startupTimeoutSeconds,
                liveness,
                loadBalance,
                adaptation,
                clusterNodes,
                balanceSchedule,
                settings,
                speeds);
    }

    public RunOptions withSpeeds(SpeedSettings settings) {
        return new RunOptions(
                startupTimeoutSeconds,
                liveness,
                loadBalance,
                adaptation,
                clusterNodes,
                balanceSchedule,
                lazy,
                settings);
    }
}
