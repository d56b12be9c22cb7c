package io.codedyarn.am.yarn.client;

import io.codedyarn.am.yarn.ProgressFile.Snapshot;
import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.hdfs.progress.Progress;
import java.util.Locale;

/**
 * The text of the client's progress line, as pure functions of the published {@link Snapshot}s and
 * the run's stopping rules: {@code iteration 13/20, F 0.598555, gap 1.2e-03, 8.3 it/s, ETA 0.8s}.
 *
 * <p>Rate: rounds per second of the coordinator's own clock between an earlier snapshot and the
 * latest (the client's polling delay does not enter). ETA: the rounds left in the budget at that
 * rate, or the time limit's remainder when that comes first; unknown when the run stops at a target
 * gap, since how many rounds that takes is what the run finds out (the budget's ETA is then shown
 * as an upper bound).
 */
public final class ProgressLine {
    private ProgressLine() {}

    /**
     * What stops the run: {@code iterations} rounds (always), a relative gap ({@code targetGap},
     * NaN: none), seconds of training ({@code timeLimitSeconds}, NaN or ≤ 0: none).
     */
    public record Budget(long iterations, double targetGap, double timeLimitSeconds) {
        public static Budget of(TrainSpec spec) {
            return new Budget(spec.iterations(), spec.targetGap(), spec.timeLimitSeconds());
        }

        boolean hasTargetGap() {
            return !Double.isNaN(targetGap);
        }

        boolean hasTimeLimit() {
            return !Double.isNaN(timeLimitSeconds) && timeLimitSeconds > 0;
        }
    }

    /**
     * Rounds per second from {@code earlier} to {@code now} on the coordinator's clock; with no
     * earlier snapshot (or no time between them), over the whole run so far; NaN before any time
     * passed.
     */
    public static double rate(Snapshot earlier, Snapshot now) {
        if (earlier != null && now.seconds() > earlier.seconds()) {
            return (now.iteration() - earlier.iteration()) / (now.seconds() - earlier.seconds());
        }
        return now.seconds() > 0 ? (now.iteration() + 1) / now.seconds() : Double.NaN;
    }

    /**
     * Seconds until the budget or the time limit stops the run at {@code rate}; NaN when unknown
     * (no rate yet). Ignores a target gap: see {@link #format}.
     */
    public static double secondsLeft(Snapshot now, double rate, Budget budget) {
        double left = Double.NaN;
        if (rate > 0) {
            long roundsLeft = Math.max(0, budget.iterations() - (now.iteration() + 1));
            left = roundsLeft / rate;
        }
        if (budget.hasTimeLimit()) {
            double byTime = Math.max(0, budget.timeLimitSeconds() - now.seconds());
            left = Double.isNaN(left) ? byTime : Math.min(left, byTime);
        }
        return left;
    }

    /** The line (no line ending): {@code metric} names the objective ({@link #metric}). */
    public static String format(String metric, Snapshot now, double rate, Budget budget) {
        StringBuilder sb = new StringBuilder("training: iteration ");
        sb.append(now.iteration() + 1).append('/').append(budget.iterations());
        sb.append(String.format(Locale.ROOT, ", %s %.6g", metric, now.objective()));
        if (!Double.isNaN(now.gap())) {
            sb.append(String.format(Locale.ROOT, ", gap %.2e", now.gap()));
        }
        if (rate > 0) {
            sb.append(String.format(Locale.ROOT, ", %.3g it/s", rate));
        }
        double left = secondsLeft(now, rate, budget);
        if (budget.hasTargetGap()) {
            sb.append(
                    String.format(
                            Locale.ROOT, ", ETA unknown (stops at gap %.0e", budget.targetGap()));
            if (!Double.isNaN(left)) {
                sb.append(", at most ").append(Progress.duration(left));
            }
            sb.append(')');
        } else {
            sb.append(", ETA ").append(Double.isNaN(left) ? "unknown" : Progress.duration(left));
        }
        return sb.toString();
    }

    /** Before the first round: the workers' containers running so far. */
    public static String waiting(Snapshot s) {
        return String.format(
                Locale.ROOT,
                "training: waiting for the workers, %d of %d containers running",
                s.running(),
                s.workers());
    }

    /** The objective's short name: PCA's explained variance (EV), else F. */
    public static String metric(Workload workload) {
        return workload == Workload.PCA ? "EV" : "F";
    }
}
