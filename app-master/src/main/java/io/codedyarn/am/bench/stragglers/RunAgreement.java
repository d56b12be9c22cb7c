package io.codedyarn.am.bench.stragglers;

import java.nio.file.Path;
import java.util.Set;

/**
 * The hook for a per-method {@code agreement} column: a figure computed from one finished run's
 * {@code --out} directory (for example a {@code TraceAgreement} check of the predicted against the
 * measured median iteration time from its {@code latency-trace.csv}). A row reports the median over
 * its runs; null values (not measured) are left out.
 */
@FunctionalInterface
public interface RunAgreement {
    /**
     * @param runOut a finished run's output directory (iterations.csv, latency-trace.csv, ...)
     * @return the figure, or null when there is none for this run
     */
    Double of(Path runOut);

    /** No agreement column: every run's figure is null. */
    static RunAgreement none() {
        return runOut -> null;
    }

    /**
     * Issue 15 §3's check: the median iteration time {@code simulate} predicts from the run's
     * recorded trace over the measured one ({@link io.codedyarn.coordinator.advise.TraceAgreement};
     * 1 = exact, within 0.8–1.2 required); null for a run it cannot judge (unreadable outputs) and
     * for a {@code --scheme auto} run that switched code or sent a backup, whose trace spans
     * several plans, or rounds a backup cut short, while the check replays one plan without backups
     * (a frozen worker's latency then sets every replayed round: 18.7× the measured median on the
     * lab's freeze-flap).
     */
    static RunAgreement traceReplay() {
        return runOut -> {
            try {
                if (notOnePlan(runOut)) {
                    return null;
                }
                var r = io.codedyarn.coordinator.advise.TraceAgreement.check(runOut);
                return r.ratio();
            } catch (java.io.IOException | RuntimeException e) {
                return null;
            }
        };
    }

    private static boolean notOnePlan(Path runOut) throws java.io.IOException {
        Path events = runOut.resolve("events.csv");
        if (!java.nio.file.Files.exists(events)) {
            return false;
        }
        // events.csv: iteration, seconds, worker, node, event, reason (reasons hold no line break)
        try (var lines = java.nio.file.Files.lines(events)) {
            return lines.skip(1)
                    .map(l -> io.codedyarn.am.output.CsvFields.split(events.toString(), l))
                    .anyMatch(
                            f -> f.length > 4 && Set.of("auto-switched", "backup").contains(f[4]));
        }
    }
}
