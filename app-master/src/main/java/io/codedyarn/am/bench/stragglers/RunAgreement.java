package io.codedyarn.am.bench.stragglers;

import java.nio.file.Path;

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

    /** No agreement column yet: every run's figure is null. */
    static RunAgreement none() {
        return runOut -> null;
    }
}
