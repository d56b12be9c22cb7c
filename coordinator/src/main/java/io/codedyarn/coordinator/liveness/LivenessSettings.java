package io.codedyarn.coordinator.liveness;

/**
 * When a worker that stays connected but answers nothing counts as failed (keys {@code
 * coded-yarn.liveness.*}).
 *
 * <p>A task's deadline is {@code max(floorSeconds, factor × q × load)} after the worker began it,
 * where {@code q} is the larger {@code quantile} of the service times per unit of load over the
 * last {@code window} tasks, the worker's own or all the workers' pooled ({@link TaskDeadlines}). A
 * worker's first task gets {@code max(startFloorSeconds, factor × q_all × load)}, and no task has a
 * deadline before any worker answered one. A worker not ready {@code max(startFloorSeconds,
 * startFactor × the slowest ready worker's start)} after the start is hung at start.
 *
 * @param enabled false: no deadline (the simulated cluster, whose workers always answer)
 * @param factor multiple of the high quantile (> 1)
 * @param quantile the high quantile of the service times, in (0, 1]
 * @param window service times kept per worker (>= 4)
 * @param floorSeconds no task deadline is shorter (> 0): a JIT warm-up, a garbage collection or a
 *     JVM starting beside it is slowness, not a hang
 * @param startFactor multiple of the slowest measured start (> 1)
 * @param startFloorSeconds no start deadline, and no deadline of a worker's first task, is shorter
 *     (> 0)
 */
public record LivenessSettings(
        boolean enabled,
        double factor,
        double quantile,
        int window,
        double floorSeconds,
        double startFactor,
        double startFloorSeconds) {

    public LivenessSettings {
        if (!(factor > 1)
                || !(quantile > 0 && quantile <= 1)
                || window < 4
                || !(floorSeconds > 0)
                || !(startFactor > 1)
                || !(startFloorSeconds > 0)) {
            throw new IllegalArgumentException("bad liveness settings: " + this);
        }
    }

    /**
     * The defaults: 10 × the 0.99 quantile of the last 50 service times, at least 10 s; a start 3 ×
     * the slowest ready worker's, at least 60 s.
     */
    public static LivenessSettings defaults() {
        return new LivenessSettings(true, 10, 0.99, 50, 10, 3, 60);
    }

    /** No deadlines (a worker that never answers stalls the run, as before). */
    public static LivenessSettings off() {
        LivenessSettings d = defaults();
        return new LivenessSettings(
                false,
                d.factor,
                d.quantile,
                d.window,
                d.floorSeconds,
                d.startFactor,
                d.startFloorSeconds);
    }
}
