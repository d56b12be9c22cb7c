package io.codedyarn.repro;

import io.codedyarn.compute.data.DenseRows;
import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.optim.Optimizer;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.placement.latency.LatencySpec;
import io.codedyarn.placement.slowdown.StraggleSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The run grid of {@link DsagTraining}: its curves ({@link #cases}), the latency model with the
 * paper's ramp, how each curve becomes a {@link TrainSpec} and how every curve is run over the
 * latency realizations, with the paper's ideal MDS bound ({@link #MDS}) re-timed from each GD run.
 * {@link DsagLbTraining} and {@link LargeCluster} run their own curves through the same grid.
 */
final class DsagCurves {
    static final int WORKERS = 49;
    static final int SUBPARTITIONS = 10;
    static final String LATENCY =
            "gamma:comm_mean=2e-5,comm_var=1e-11,comp_mean=0.02,comp_var=4e-7+ramp:factor=0.4";

    /** The paper's η = 0.25 for the stochastic methods against 1 for GD, as a multiple of 1/L. */
    static final double STOCHASTIC_STEP = 0.25;

    static final double[] GAPS = {1e-2, 1e-3, 1e-4, 1e-6};

    /** DSAG §VII-B: code rate r = 45/49 for N = 49 (the bound's load ×49/45). */
    static final double MDS_RATE = 45.0 / 49;

    static final String MDS = "coded, ideal MDS r=45/49";

    private DsagCurves() {}

    record Scale(int realizations, int rowsPerWorker, double timeLimit) {
        static Scale of(double scale) {
            // At least 2 realizations: every reported number carries a standard error.
            return new Scale(Math.max(2, (int) Math.round(3 * scale)), 400, 30.0);
        }
    }

    static List<TrainingCase> cases(int workers) {
        return List.of(
                new TrainingCase(
                        "DSAG w=10",
                        "dsag",
                        TrainingCase.params(workers, 0, 0, 0, SUBPARTITIONS),
                        null,
                        10,
                        STOCHASTIC_STEP),
                new TrainingCase(
                        "SAG w=N",
                        "sag",
                        TrainingCase.params(workers, 0, 0, 0, SUBPARTITIONS),
                        null,
                        workers,
                        STOCHASTIC_STEP),
                new TrainingCase(
                        "SAG w=10",
                        "sag",
                        TrainingCase.params(workers, 0, 0, 0, SUBPARTITIONS),
                        null,
                        10,
                        STOCHASTIC_STEP),
                new TrainingCase(
                        "SGD k=10",
                        "fastest-k",
                        TrainingCase.params(workers, workers - 10, 0, 0, 0),
                        "gd",
                        0,
                        STOCHASTIC_STEP),
                new TrainingCase(
                        "GD", "uncoded", TrainingCase.params(workers, 0, 0, 0, 0), "gd", 0),
                new TrainingCase(
                        "coded GD cyclic s=3",
                        "cyclic",
                        TrainingCase.params(workers, 3, 0, 0, 0),
                        "gd",
                        0));
    }

    static TrainSpec spec(
            TrainingCase c,
            String latency,
            double reference,
            double smoothness,
            double timeLimit,
            long seed) {
        return new TrainSpec(
                Workload.LR,
                c.scheme(),
                c.paramsWithSeed(seed),
                1,
                Double.NaN,
                true,
                Optimizer.parse(c.optimizer()),
                c.stepTimesL() / smoothness,
                1_000_000,
                c.stopGap(GAPS[GAPS.length - 1]),
                timeLimit,
                c.waitFor(),
                reference,
                LatencySpec.ofNullable(latency),
                StraggleSpec.parse("none"),
                seed);
    }

    /**
     * Every case, {@code scale.realizations} latency seeds each (on {@link Parallel#threads}
     * threads); a case labelled GD also yields the {@link #MDS} bound of each of its runs.
     */
    static Map<String, List<Trace>> simulate(
            long seed,
            DenseRows data,
            double ref,
            Scale scale,
            List<TrainingCase> cases,
            String latency) {
        double l = HiggsLikeLr.smoothness(data, seed);
        List<List<SimulatedRuns.Run>> runs =
                Parallel.realizations(
                        "simulate",
                        cases.size(),
                        scale.realizations(),
                        seed,
                        Parallel.threads(),
                        (k, s) ->
                                SimulatedRuns.runFull(
                                        spec(cases.get(k), latency, ref, l, scale.timeLimit(), s),
                                        data));
        return withMdsBound(
                cases.stream().map(TrainingCase::label).toList(),
                runs,
                cases.get(0).params().workers());
    }

    /**
     * Each curve's traces by label, in order, with the {@link #MDS} bound (re-timed from each GD
     * run, rate {@link #MDS_RATE}) right after the curve labelled GD.
     */
    static Map<String, List<Trace>> withMdsBound(
            List<String> labels, List<List<SimulatedRuns.Run>> runs, int workers) {
        Map<String, List<Trace>> out = new LinkedHashMap<>();
        for (int k = 0; k < labels.size(); k++) {
            List<SimulatedRuns.Run> mine = runs.get(k);
            out.put(labels.get(k), mine.stream().map(SimulatedRuns.Run::trace).toList());
            if (labels.get(k).equals("GD")) {
                out.put(
                        MDS,
                        mine.stream()
                                .map(
                                        r ->
                                                IdealMdsBound.of(
                                                        r.result(), r.trace(), workers, MDS_RATE))
                                .toList());
            }
        }
        return out;
    }
}
