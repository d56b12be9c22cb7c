package io.codedyarn.repro;

import io.codedyarn.compute.data.DenseRows;
import io.codedyarn.compute.model.Intercept;
import io.codedyarn.compute.model.LogisticObjective;
import io.codedyarn.compute.model.Smoothness;
import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.simulated.Reference;
import io.codedyarn.hdfs.generate.HiggsLikeGenerator;
import io.codedyarn.placement.Seeds;
import java.util.List;

/**
 * The logistic-regression problem the training reproductions share (DSAG's eX3 comparison, its
 * load-balancing run, Hetero-GC, the large cluster): higgs-like rows with d = {@link #COLS}
 * features plus an intercept and λ = 1/n; its L-BFGS reference optimum, its smoothness L and the
 * exact gap of a run's final model.
 */
final class HiggsLikeLr {
    static final int COLS = 28;

    private HiggsLikeLr() {}

    static DenseRows data(long seed, int rows) {
        return SimulatedRuns.generate(new HiggsLikeGenerator(rows, COLS, seed), rows, COLS);
    }

    static double reference(DenseRows data) {
        return Reference.compute(Workload.LR, data, true, 1.0 / data.rows(), 1);
    }

    /** L of the LR objective (with intercept, λ = 1/n), by power iteration. */
    static double smoothness(DenseRows data, long seed) {
        return Smoothness.logistic(
                List.of(Intercept.append(data).all()), 1.0 / data.rows(), Seeds.generator(seed));
    }

    /** Exact relative gap of each realization's final model (intercept appended, λ = 1/n). */
    static double[] exactFinalGaps(List<Trace> traces, DenseRows data, double reference) {
        LogisticObjective f =
                new LogisticObjective(List.of(Intercept.append(data).all()), 1.0 / data.rows());
        double[] g = new double[traces.size()];
        for (int r = 0; r < g.length; r++) {
            g[r] = (f.evaluate(traces.get(r).model())[0] - reference) / Math.abs(reference);
        }
        return g;
    }
}
