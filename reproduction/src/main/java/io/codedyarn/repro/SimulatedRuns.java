package io.codedyarn.repro;

import io.codedyarn.compute.data.DenseRows;
import io.codedyarn.compute.data.Rows;
import io.codedyarn.coordinator.adapt.AdaptSettings;
import io.codedyarn.coordinator.adapt.SpeedSettings;
import io.codedyarn.coordinator.async.BalanceSchedule;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.coordinator.simulated.SimulatedTrain;
import io.codedyarn.coordinator.trace.RunResult;
import io.codedyarn.hdfs.generate.RowSink;
import io.codedyarn.hdfs.generate.SyntheticGenerator;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The training reproductions' plumbing: a generated dataset held in memory, and one run of the real
 * {@code Coordinator} on a {@code SimulatedCluster} ({@link SimulatedTrain}, exactly what {@code
 * train --cluster simulated} does) timed on the wall clock.
 */
final class SimulatedRuns {
    private SimulatedRuns() {}

    /** A run's full result and its trace. */
    record Run(RunResult result, Trace trace) {}

    /** Runs {@code spec} on {@code data}; a failed run is an error (the tables need every run). */
    static Trace run(TrainSpec spec, Rows data) {
        return runFull(spec, data).trace();
    }

    /** {@link #run}, keeping the coordinator's logs (the MDS bound re-times GD's records). */
    static Run runFull(TrainSpec spec, Rows data) {
        return runFull(spec, data, false, BalanceSchedule.defaults());
    }

    /**
     * As {@link #runFull(TrainSpec, Rows)}, with SAG/DSAG load balancing ({@code
     * coded-yarn.dsag.load-balance}) solving on {@code schedule}.
     */
    static Run runFull(TrainSpec spec, Rows data, boolean balance, BalanceSchedule schedule) {
        long start = System.nanoTime();
        RunResult r;
        var plan = spec.plan();
        try {
            r =
                    SimulatedTrain.run(
                            spec,
                            plan,
                            data,
                            balance,
                            schedule,
                            AdaptSettings.off(),
                            SpeedSettings.defaults());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
        double wall = (System.nanoTime() - start) / 1e9;
        if (!r.succeeded()) {
            throw new IllegalStateException(
                    spec.scheme()
                            + " run failed: "
                            + r.diagnostic()
                            + " (seed "
                            + spec.seed()
                            + ")");
        }
        return new Run(r, Trace.of(r, plan.workers(), wall));
    }

    /** Every row of a generator, dense, in one in-memory block. */
    static DenseRows generate(SyntheticGenerator g, int rows, int cols) {
        double[] x = new double[Math.multiplyExact(rows, cols)];
        double[] y = new double[rows];
        int[] next = {0};
        RowSink sink =
                new RowSink() {
                    @Override
                    public void dense(double[] row, double label) {
                        int i = next[0]++;
                        System.arraycopy(row, 0, x, i * cols, cols);
                        y[i] = label;
                    }

                    @Override
                    public void sparse(int[] idx, double[] vals, int len, double label) {
                        // Densified (the reproductions' matrices are small); no values = all 1.
                        int i = next[0]++;
                        for (int k = 0; k < len; k++) {
                            x[i * cols + idx[k]] = vals == null ? 1.0 : vals[k];
                        }
                        y[i] = label;
                    }

                    @Override
                    public void endBlock() {}
                };
        try {
            g.write(sink);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (next[0] != rows) {
            throw new IllegalStateException(g.kind() + " wrote " + next[0] + " rows, not " + rows);
        }
        return new DenseRows(rows, cols, x, y);
    }
}
