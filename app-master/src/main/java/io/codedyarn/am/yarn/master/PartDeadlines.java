package io.codedyarn.am.yarn.master;

import java.util.Locale;

/**
 * When a {@code predict} part is overdue, so that a job whose container is never granted or whose
 * task hangs ends with a diagnostic instead of waiting for good. Parts are blocks of one dataset,
 * so their tasks take alike: once one has finished, a task is overdue after {@code factor}× the
 * slowest finished attempt, at least {@code floorSeconds} (a JVM start and a cold read are
 * slowness, not a hang); before any has finished, after {@code factor × floorSeconds}. A request is
 * overdue {@code waitSeconds} after it was first made (the locality wait included). The factors are
 * training's liveness keys ({@code coded-yarn.liveness.task-factor}, {@code start-floor-seconds})
 * and its replacement wait ({@code coded-yarn.worker.replacement-wait-seconds} after the locality
 * wait). Owned by the predict AM's one thread.
 */
final class PartDeadlines {
    private final double factor;
    private final double floorSeconds;
    private final double waitSeconds;
    private double slowest = -1; // the slowest finished attempt, seconds; -1: none yet

    PartDeadlines(double factor, double floorSeconds, double waitSeconds) {
        if (!(factor > 1) || !(floorSeconds > 0) || !(waitSeconds > 0)) {
            throw new IllegalArgumentException(
                    "need factor > 1, floor > 0 and wait > 0, got "
                            + factor
                            + ", "
                            + floorSeconds
                            + ", "
                            + waitSeconds);
        }
        this.factor = factor;
        this.floorSeconds = floorSeconds;
        this.waitSeconds = waitSeconds;
    }

    /** A part's attempt finished after {@code seconds}. */
    void finished(double seconds) {
        slowest = Math.max(slowest, seconds);
    }

    /** How long a running attempt may take now, in seconds. */
    double taskLimit() {
        return slowest < 0 ? factor * floorSeconds : Math.max(floorSeconds, factor * slowest);
    }

    /** Why an attempt running {@code seconds} is overdue, or null while it is not. */
    String overdueTask(double seconds) {
        double limit = taskLimit();
        if (seconds <= limit) {
            return null;
        }
        return slowest < 0
                ? String.format(
                        Locale.ROOT,
                        "ran %.0f s, longer than %.0f s (%.3g x %.0f s, no part finished yet)",
                        seconds,
                        limit,
                        factor,
                        floorSeconds)
                : String.format(
                        Locale.ROOT,
                        "ran %.0f s, longer than %.0f s (%.3g x the slowest finished part's %.1f s,"
                                + " at least %.0f s)",
                        seconds,
                        limit,
                        factor,
                        slowest,
                        floorSeconds);
    }

    /** Why a request unanswered for {@code seconds} is overdue, or null while it is not. */
    String overdueRequest(double seconds) {
        return seconds <= waitSeconds
                ? null
                : String.format(
                        Locale.ROOT,
                        "no container granted within %.0f s (coded-yarn.locality.wait-seconds"
                                + " + coded-yarn.worker.replacement-wait-seconds)",
                        waitSeconds);
    }
}
