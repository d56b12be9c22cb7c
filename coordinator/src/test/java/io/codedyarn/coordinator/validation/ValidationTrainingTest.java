package io.codedyarn.coordinator.validation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.codedyarn.compute.data.DenseRows;
import io.codedyarn.compute.data.Rows;
import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.Coordinator;
import io.codedyarn.coordinator.RunOptions;
import io.codedyarn.coordinator.Trainer;
import io.codedyarn.coordinator.cluster.ManualClock;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.coordinator.simulated.InProcessWorkers;
import io.codedyarn.coordinator.simulated.SimulatedCluster;
import io.codedyarn.coordinator.trace.AdaptEvent;
import io.codedyarn.coordinator.trace.MemoryTrace;
import io.codedyarn.coordinator.trace.RunResult;
import io.codedyarn.coordinator.trace.ValidationRecord;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.SchemeParams;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Held-out rows scored during simulated training: the rows' metrics against a naive evaluation of
 * the model, their schedule, and the early stop.
 */
class ValidationTrainingTest {
    private static final DenseRows ALL = Trainer.logistic(600, 5, 7);
    private static final DenseRows TRAIN = rows(ALL, 0, 480, false);
    private static final DenseRows HELD = rows(ALL, 480, 120, false);

    @Test
    void everyKthIterateIsScoredAndTheLastRowIsTheModelsNaiveLogLossAndAccuracy()
            throws InterruptedException {
        TrainSpec spec = Trainer.spec(Workload.LR, "cyclic", SchemeParams.of(4, 1, 3), "gd", 21);
        MemoryTrace trace = new MemoryTrace();
        RunResult r =
                run(
                        spec,
                        TRAIN,
                        new Validation(new HeldOutRows(Workload.LR, HELD, true, 0), 4, 0),
                        trace);

        assertThat(r.succeeded()).as(r.diagnostic()).isTrue();
        List<ValidationRecord> rows = trace.validations();
        assertThat(rows.stream().map(ValidationRecord::iteration))
                .containsExactly(0L, 4L, 8L, 12L, 16L, 20L);
        assertThat(rows.get(0).names()).containsExactly("log_loss", "accuracy");
        assertThat(rows.get(0).values()[0]).isCloseTo(Math.log(2), within(1e-15)); // v = 0
        for (ValidationRecord v : rows) {
            assertThat(v.seconds()).isEqualTo(r.iterationLog().get((int) v.iteration()).seconds());
        }
        // gradient descent decreases F every round: the model is the last round's point
        double[] w = r.model();
        double loss = 0;
        int right = 0;
        for (int i = 0; i < HELD.rows(); i++) {
            double z = w[5]; // the appended intercept
            for (int j = 0; j < 5; j++) {
                z += HELD.values()[i * 5 + j] * w[j];
            }
            loss += Math.log(1 + Math.exp(-HELD.labels()[i] * z));
            right += (z >= 0 ? 1 : -1) == HELD.labels()[i] ? 1 : 0;
        }
        ValidationRecord last = rows.get(rows.size() - 1);
        assertThat(last.values()[0]).isCloseTo(loss / HELD.rows(), within(1e-14));
        assertThat(last.values()[1]).isEqualTo(right / (double) HELD.rows());
        assertThat(last.values()[1]).isGreaterThan(0.8); // a noisy linear rule, learnt
    }

    @Test
    void heldOutRowsWhoseLabelsContradictTrainingStopTheRunAfterThePatience()
            throws InterruptedException {
        // the held-out labels are flipped: each step that fits the training rows costs there
        DenseRows flipped = rows(ALL, 480, 120, true);
        TrainSpec spec = Trainer.spec(Workload.LR, "cyclic", SchemeParams.of(4, 1, 3), "gd", 200);
        MemoryTrace trace = new MemoryTrace();
        RunResult r =
                run(
                        spec,
                        TRAIN,
                        new Validation(new HeldOutRows(Workload.LR, flipped, true, 0), 2, 3),
                        trace);

        assertThat(r.succeeded()).as(r.diagnostic()).isTrue();
        // scored at iterates 0 (the best), 2, 4, 6: three in a row not below it
        assertThat(r.iterations()).isEqualTo(7);
        List<AdaptEvent> stops =
                r.events().stream().filter(e -> e.event().equals("early-stop")).toList();
        assertThat(stops).hasSize(1);
        assertThat(stops.get(0).reason())
                .contains("held-out log_loss")
                .contains("(iteration 0) for 3 evaluations")
                .contains("--early-stop 3: training stops");
        double[] losses = trace.validations().stream().mapToDouble(v -> v.values()[0]).toArray();
        assertThat(losses).hasSize(4);
        assertThat(Arrays.stream(losses).skip(1).allMatch(l -> l > losses[0])).isTrue();
    }

    @Test
    void pcaIsScoredByTheShareOfTheHeldOutRowsEnergyItsComponentsMiss()
            throws InterruptedException {
        DenseRows train = DenseRows.of(480, 5, TRAIN.values());
        DenseRows held = DenseRows.of(120, 5, HELD.values());
        TrainSpec spec = Trainer.spec(Workload.PCA, "cyclic", SchemeParams.of(4, 1, 3), "gd", 10);
        MemoryTrace trace = new MemoryTrace();
        RunResult r =
                run(
                        spec,
                        train,
                        new Validation(new HeldOutRows(Workload.PCA, held, false, 3), 1, 0),
                        trace);

        assertThat(r.succeeded()).as(r.diagnostic()).isTrue();
        ValidationRecord last = trace.validations().get(trace.validations().size() - 1);
        assertThat(last.names()).containsExactly("reconstruction", "explained_variance");
        double ev =
                io.codedyarn.compute.model.Pca.explainedVariance(List.of(held.all()), r.model(), 3);
        assertThat(last.values()[1]).isCloseTo(ev, within(1e-12));
        assertThat(last.values()[0] + last.values()[1]).isCloseTo(1.0, within(1e-15));
    }

    @Test
    void heldOutRowsWithOtherColumnsFailTheRunNamingBoth() throws InterruptedException {
        DenseRows narrow = Trainer.logistic(50, 4, 3);
        RunResult r =
                run(
                        Trainer.spec(Workload.LR, "cyclic", SchemeParams.of(4, 1, 3), "gd", 5),
                        TRAIN,
                        new Validation(new HeldOutRows(Workload.LR, narrow, true, 0), 1, 0),
                        new MemoryTrace());
        assertThat(r.succeeded()).isFalse();
        assertThat(r.diagnostic())
                .isEqualTo("the validation data has 4 columns, the training data 5");
    }

    private static RunResult run(TrainSpec spec, Rows data, Validation v, MemoryTrace trace)
            throws InterruptedException {
        Plan plan = spec.plan();
        ManualClock clock = new ManualClock();
        SimulatedCluster cluster =
                SimulatedCluster.over(plan, data, spec, Trainer.oneSlow(-1, 1), clock);
        return new Coordinator(
                        spec,
                        plan,
                        InProcessWorkers.shape(data, plan.partitions()),
                        cluster,
                        cluster,
                        clock,
                        RunOptions.defaults().withValidation(v))
                .trace(trace)
                .run();
    }

    /** Rows first..first+count−1 of {@code all}, labels negated when {@code flip}. */
    private static DenseRows rows(DenseRows all, int first, int count, boolean flip) {
        int d = all.cols();
        double[] x = Arrays.copyOfRange(all.values(), first * d, (first + count) * d);
        double[] y = Arrays.copyOfRange(all.labels(), first, first + count);
        for (int i = 0; flip && i < count; i++) {
            y[i] = -y[i];
        }
        return new DenseRows(count, d, x, y);
    }
}
