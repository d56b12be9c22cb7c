package io.codedyarn.am.bench.stragglers;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * One method's figures in one scenario ({@code bench stragglers --json} prints a list of these).
 *
 * @param scenario a, b, c, d or none
 * @param method the row's name ({@link BenchMethods})
 * @param flags the row as {@code -D} and {@code train} flags (seed 1)
 * @param timeToTarget the median over the runs of the seconds to the target gap, a run that did not
 *     reach it counting as slower than any that did; null when the median is such a run
 * @param spread min–max of the seconds over the runs that reached the target ({@code max} null when
 *     some did not)
 * @param reached runs that reached the target
 * @param runs runs made
 * @param ratioToUncoded {@code timeToTarget} / uncoded GD's (below 1: faster); null when either is
 * @param ratioToLbfgs {@code timeToTarget} / uncoded L-BFGS's (below 1: faster); null when either
 *     is
 * @param agreement the median of the runs' {@link RunAgreement} figures; null when none
 * @param times per run (seeds 1..R), seconds to the target or null
 * @param details per run: seed, outcome, iterations, exact final gap, output directory
 */
public record MethodRow(
        String scenario,
        String method,
        String note,
        String flags,
        Double timeToTarget,
        Spread spread,
        int reached,
        int runs,
        Double ratioToUncoded,
        Double ratioToLbfgs,
        Double agreement,
        List<Double> times,
        List<RunRecord> details) {

    /** The range of the reached runs' times. */
    public record Spread(String kind, Double min, Double max) {}

    /** A row's figures from its runs; the ratios are filled in by {@link #withRatios}. */
    static MethodRow of(String scenario, BenchMethod m, List<RunRecord> runs) {
        List<Double> times = runs.stream().map(RunRecord::seconds).toList();
        double[] reachedTimes =
                runs.stream().filter(RunRecord::reached).mapToDouble(RunRecord::seconds).toArray();
        Arrays.sort(reachedTimes);
        int n = reachedTimes.length;
        Spread spread =
                new Spread(
                        "min-max",
                        n == 0 ? null : reachedTimes[0],
                        n == 0 || n < runs.size() ? null : reachedTimes[n - 1]);
        Double agreement =
                median(
                        runs.stream()
                                .map(RunRecord::agreement)
                                .filter(Objects::nonNull)
                                .mapToDouble(Double::doubleValue)
                                .toArray(),
                        0);
        return new MethodRow(
                scenario,
                m.name(),
                m.note(),
                m.flags(1),
                median(reachedTimes, runs.size() - n),
                spread,
                n,
                runs.size(),
                null,
                null,
                agreement,
                times,
                runs);
    }

    MethodRow withRatios(Double uncodedGd, Double uncodedLbfgs) {
        return new MethodRow(
                scenario,
                method,
                note,
                flags,
                timeToTarget,
                spread,
                reached,
                runs,
                ratio(timeToTarget, uncodedGd),
                ratio(timeToTarget, uncodedLbfgs),
                agreement,
                times,
                details);
    }

    private static Double ratio(Double a, Double b) {
        return a == null || b == null || b == 0 ? null : a / b;
    }

    /**
     * The median of {@code sorted} plus {@code infinite} values above all of them; null when there
     * are no values or the median involves an infinite one.
     */
    static Double median(double[] sorted, int infinite) {
        double[] all = Arrays.copyOf(sorted, sorted.length + infinite);
        Arrays.sort(all, 0, sorted.length);
        Arrays.fill(all, sorted.length, all.length, Double.POSITIVE_INFINITY);
        if (all.length == 0) {
            return null;
        }
        int mid = all.length / 2;
        double m = all.length % 2 == 1 ? all[mid] : (all[mid - 1] + all[mid]) / 2;
        return Double.isFinite(m) ? m : null;
    }
}
