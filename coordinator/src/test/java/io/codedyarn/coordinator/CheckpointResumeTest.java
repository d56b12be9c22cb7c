package io.codedyarn.coordinator;

import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.compute.data.Rows;
import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.adapt.AdaptSettings;
import io.codedyarn.coordinator.adapt.SpeedSettings;
import io.codedyarn.coordinator.async.BalanceSchedule;
import io.codedyarn.coordinator.checkpoint.Checkpoint;
import io.codedyarn.coordinator.checkpoint.CheckpointFile;
import io.codedyarn.coordinator.checkpoint.CheckpointInterval;
import io.codedyarn.coordinator.cluster.ManualClock;
import io.codedyarn.coordinator.lazy.LazySettings;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.coordinator.simulated.InProcessWorkers;
import io.codedyarn.coordinator.simulated.SimulatedCluster;
import io.codedyarn.coordinator.simulated.SimulatedTrain;
import io.codedyarn.coordinator.trace.IterationRecord;
import io.codedyarn.coordinator.trace.MemoryTrace;
import io.codedyarn.coordinator.trace.RunResult;
import io.codedyarn.placement.SchemeParams;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A simulated run stopped after k rounds (its iteration cap) and resumed from its checkpoint, read
 * back from the file format, to the uncapped run's cap reproduces the uninterrupted run: its
 * iteration log row for row (seconds included) and its model bit for bit. Each case has no task in
 * flight at a round's end (every result is needed for the round), which is what makes a resumed
 * simulated run deterministic: tasks in flight at the checkpoint are lost on resume (as on a real
 * cluster), and with them the times they would have kept a worker busy.
 */
class CheckpointResumeTest {
    private static final String LATENCY = "shifted-exp:alpha=0.5,mu=2";

    /**
     * Decoded (L-BFGS, Nesterov, GD, the power method), lazy (lag, g-lag), SAG and DSAG. exactLog:
     * every result of a round is needed (uncoded, SAG with w = N, LAG), so nothing is in flight at
     * a checkpoint and even the {@code discarded} column is identical; the coded and grouped
     * schemes lose the stragglers' in-flight results at the checkpoint.
     */
    static Stream<Arguments> cases() {
        SchemeParams four = SchemeParams.of(4, 0, 3);
        return Stream.of(
                // L-BFGS: k = 7 stops inside a line search on this data
                c("uncoded, L-BFGS, lr", "uncoded", four, Workload.LR, "lbfgs", 0, 25, 7, true),
                c(
                        "cyclic s=1, L-BFGS, lr",
                        "cyclic",
                        four.withStragglers(1),
                        Workload.LR,
                        "lbfgs",
                        0,
                        25,
                        10,
                        false),
                c(
                        "uncoded, Nesterov, lsq",
                        "uncoded",
                        four,
                        Workload.LSQ,
                        "nesterov",
                        0,
                        25,
                        11,
                        true),
                c(
                        "gc-dc, Nesterov, lr",
                        "gc-dc",
                        SchemeParams.of(6, 1, 31).withClusters(2).withMemberships(2),
                        Workload.LR,
                        "nesterov",
                        0,
                        30,
                        13,
                        false),
                c("uncoded, GD, lr", "uncoded", four, Workload.LR, "gd", 0, 20, 9, true),
                c(
                        "uncoded, power method, pca",
                        "uncoded",
                        four,
                        Workload.PCA,
                        null,
                        0,
                        15,
                        6,
                        true),
                c(
                        "sag, --wait 4, lr",
                        "sag",
                        four.withSubpartitions(2),
                        Workload.LR,
                        null,
                        4,
                        30,
                        13,
                        true),
                c(
                        "dsag, lr",
                        "dsag",
                        four.withStragglers(1).withSubpartitions(2),
                        Workload.LR,
                        null,
                        0,
                        300,
                        13,
                        false),
                // ssp, staleness 0: 12 rounds = 3 full clocks, nothing in flight at the checkpoint
                c("ssp s=0, lr", "ssp", four, Workload.LR, null, 0, 24, 12, true),
                c("lag, lsq", "lag", four, Workload.LSQ, null, 0, 25, 10, true),
                c(
                        "g-lag, lr",
                        "g-lag",
                        SchemeParams.of(6, 0, 19).withGroups(3).withLoad(2),
                        Workload.LR,
                        null,
                        0,
                        25,
                        10,
                        false));
    }

    private static Arguments c(
            String name,
            String scheme,
            SchemeParams params,
            Workload workload,
            String optimizer,
            int wait,
            int total,
            int stopAt,
            boolean exactLog) {
        return Arguments.of(
                name, scheme, params, workload, optimizer, wait, total, stopAt, exactLog);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void aRunResumedFromItsCheckpointEqualsTheUninterruptedRun(
            String name,
            String scheme,
            SchemeParams params,
            Workload workload,
            String optimizer,
            int wait,
            int total,
            int stopAt,
            boolean exactLog)
            throws Exception {
        Rows data =
                workload == Workload.LSQ
                        ? Trainer.leastSquares(600, 6, 1)
                        : Trainer.logistic(600, 6, 1);
        RunResult full =
                run(spec(workload, scheme, params, optimizer, wait, total), data, null, null);

        List<byte[]> written = new ArrayList<>();
        RunResult stopped =
                run(spec(workload, scheme, params, optimizer, wait, stopAt), data, written, null);
        assertThat(stopped.iterationLog()).hasSize(stopAt);
        Checkpoint last = CheckpointFile.decode("memory", written.get(written.size() - 1));
        assertThat(last.iteration()).isEqualTo(stopAt);

        RunResult resumed =
                run(
                        spec(workload, scheme, params, optimizer, wait, total),
                        data,
                        written,
                        last,
                        stopped);

        assertThat(resumed.succeeded()).as(resumed.diagnostic()).isTrue();
        // it did continue: no task of the first k rounds (nor a setup round) was sent again
        assertThat(resumed.latencyLog())
                .isNotEmpty()
                .allSatisfy(r -> assertThat(r.iteration()).isGreaterThanOrEqualTo(stopAt));
        List<IterationRecord> log = resumed.iterationLog();
        assertThat(log).hasSameSizeAs(full.iterationLog());
        for (int t = 0; t < log.size(); t++) {
            assertThat(log.get(t).iteration()).as("no gap, no repeat").isEqualTo(t);
        }
        assertThat(log.subList(0, stopAt)).isEqualTo(full.iterationLog().subList(0, stopAt));
        if (exactLog) {
            assertThat(log).isEqualTo(full.iterationLog());
            assertThat(bits(resumed.model())).isEqualTo(bits(full.model()));
            assertThat(Double.doubleToLongBits(resumed.objective()))
                    .isEqualTo(Double.doubleToLongBits(full.objective()));
            // PCA's per-component values at the best iterate travel in the checkpoint
            assertThat(resumed.explainedVariance()).as(name).isEqualTo(full.explainedVariance());
            assertThat(resumed.explainedVariance() != null).isEqualTo(workload == Workload.PCA);
        } else {
            // the stragglers' tasks in flight at the checkpoint are lost: the resumed run's
            // rounds wait for other arrivals from there on, so its times (and, for DSAG, which
            // stale results enter the cache) differ; the method's answer does not, within the
            // round-off of decoding other responder sets
            assertThat(resumed.objective())
                    .isCloseTo(
                            full.objective(),
                            org.assertj.core.data.Percentage.withPercentage(1e-7));
        }
    }

    /**
     * A run that fails (a worker dies in round k; uncoded needs every worker) keeps its work: its
     * result is FAILED with the best model so far and the k rounds it finished, and its last
     * checkpoint, written at the failure, resumes on a healthy cluster to the uninterrupted run's
     * log and model, bit for bit.
     */
    @org.junit.jupiter.api.Test
    void aFailedRunsCheckpointResumesToTheUninterruptedRun() throws Exception {
        SchemeParams params = SchemeParams.of(4, 0, 3);
        Rows data = Trainer.logistic(600, 6, 1);
        TrainSpec spec = spec(Workload.LR, "uncoded", params, "lbfgs", 0, 25);
        RunResult full = run(spec, data, null, null);
        // worker 2 dies during round 12: after round 11 ended, before round 12 would have
        double dies =
                (full.iterationLog().get(11).seconds() + full.iterationLog().get(12).seconds()) / 2;

        List<byte[]> written = new ArrayList<>();
        ManualClock clock = new ManualClock();
        SimulatedCluster cluster =
                SimulatedCluster.over(
                        spec.plan(),
                        data,
                        spec,
                        SimulatedCluster.TaskLatency.of(
                                io.codedyarn.placement.latency.LatencySpec.parse(LATENCY)
                                        .build(
                                                4,
                                                spec.params().speeds(),
                                                io.codedyarn.placement.Seeds.generator(
                                                        io.codedyarn.placement.sim.Simulation
                                                                .runSeed(spec.seed(), 0)),
                                                f -> null)),
                        clock);
        cluster.failAt(2, dies);
        RunResult failed =
                new Coordinator(
                                spec,
                                spec.plan(),
                                InProcessWorkers.shape(data, spec.plan().partitions()),
                                cluster,
                                cluster,
                                clock)
                        .checkpoints(
                                c -> written.add(CheckpointFile.encode(c)),
                                new CheckpointInterval(5, 0),
                                "")
                        .clusterState(
                                () ->
                                        CheckpointFile.json()
                                                .createObjectNode()
                                                .put("batches", cluster.batches()))
                        .run();
        assertThat(failed.succeeded()).isFalse();
        assertThat(failed.diagnostic()).contains("worker 2");
        assertThat(failed.iterationLog()).isEqualTo(full.iterationLog().subList(0, 12));
        assertThat(failed.model()).isNotNull();
        Checkpoint last = CheckpointFile.decode("failed", written.get(written.size() - 1));
        assertThat(last.iteration()).as("written at the failure, not at 10").isEqualTo(12);

        RunResult resumed = run(spec, data, new ArrayList<>(), last, failed);
        assertThat(resumed.iterationLog()).isEqualTo(full.iterationLog());
        assertThat(bits(resumed.model())).isEqualTo(bits(full.model()));
    }

    /** A checkpoint of a run on other data (or another scheme) is refused, naming the field. */
    @org.junit.jupiter.api.Test
    void anotherJobsCheckpointIsRefusedBeforeTraining() throws Exception {
        SchemeParams params = SchemeParams.of(4, 0, 3);
        TrainSpec spec = spec(Workload.LR, "uncoded", params, "gd", 0, 6);
        List<byte[]> written = new ArrayList<>();
        run(spec, Trainer.logistic(600, 6, 1), written, null);
        Checkpoint c = CheckpointFile.decode("run6/checkpoint.ckpt", written.get(0));
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> run(spec, Trainer.logistic(600, 7, 1), new ArrayList<>(), c))
                .isInstanceOf(io.codedyarn.coordinator.checkpoint.InvalidCheckpointException.class)
                .hasMessage(
                        "checkpoint run6/checkpoint.ckpt: identity.cols: belongs to another job:"
                                + " cols is 6 there, 7 in this job");
        TrainSpec fractional =
                spec(Workload.LR, "fractional", params.withStragglers(1), "gd", 0, 6);
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> run(fractional, Trainer.logistic(600, 6, 1), new ArrayList<>(), c))
                .hasMessageContaining("identity.scheme: belongs to another job");
    }

    /**
     * A checkpoint that cannot be stored (a file system that refuses writes, as one does once the
     * job's delegation token expired) stops the run with a diagnostic naming it, instead of
     * training on without checkpoints; the last stored one resumes the run.
     */
    @org.junit.jupiter.api.Test
    void aCheckpointThatCannotBeWrittenStopsTheRunNamingIt() throws Exception {
        TrainSpec spec = spec(Workload.LR, "uncoded", SchemeParams.of(4, 0, 3), "gd", 0, 40);
        List<byte[]> stored = new ArrayList<>();
        RunResult r =
                SimulatedTrain.run(
                        spec,
                        spec.plan(),
                        Trainer.logistic(600, 6, 1),
                        false,
                        BalanceSchedule.defaults(),
                        AdaptSettings.off(),
                        SpeedSettings.defaults(),
                        LazySettings.defaults(),
                        new SimulatedTrain.Checkpointing(
                                c -> {
                                    if (c.iteration() > 10) {
                                        throw new java.io.IOException("token expired");
                                    }
                                    stored.add(CheckpointFile.encode(c));
                                },
                                new CheckpointInterval(5, 0),
                                "",
                                null),
                        new MemoryTrace());
        org.assertj.core.api.Assertions.assertThat(r.succeeded()).isFalse();
        org.assertj.core.api.Assertions.assertThat(r.diagnostic())
                .isEqualTo(
                        "the checkpoint after iteration 14 could not be written"
                                + " (java.io.IOException: token expired): training stops;"
                                + " train --resume continues from the previous checkpoint");
        org.assertj.core.api.Assertions.assertThat(r.iterations()).isEqualTo(15);
        org.assertj.core.api.Assertions.assertThat(
                        CheckpointFile.decode("c", stored.get(stored.size() - 1)).iteration())
                .isEqualTo(10);
    }

    private static RunResult run(TrainSpec spec, Rows data, List<byte[]> sink, Checkpoint resume)
            throws Exception {
        return run(spec, data, sink, resume, null);
    }

    /**
     * @param earlier the run {@code resume} was taken from: its logs are the resumed run's first
     *     rows (a checkpoint keeps only the last of them; on a cluster they come from the files
     *     that run streamed)
     */
    private static RunResult run(
            TrainSpec spec, Rows data, List<byte[]> sink, Checkpoint resume, RunResult earlier)
            throws Exception {
        List<byte[]> out = sink == null ? new ArrayList<>() : sink;
        return SimulatedTrain.run(
                spec,
                spec.plan(),
                data,
                false,
                BalanceSchedule.defaults(),
                AdaptSettings.off(),
                SpeedSettings.defaults(),
                LazySettings.defaults(),
                new SimulatedTrain.Checkpointing(
                        c -> out.add(CheckpointFile.encode(c)),
                        new CheckpointInterval(5, 0),
                        "",
                        resume),
                earlier == null
                        ? new MemoryTrace()
                        : MemoryTrace.continuing(earlier.iterationLog(), earlier.events()));
    }

    private static TrainSpec spec(
            Workload workload,
            String scheme,
            SchemeParams params,
            String optimizer,
            int wait,
            int iterations) {
        return Trainer.spec(workload, scheme, params, optimizer, iterations, wait, LATENCY);
    }

    private static long[] bits(double[] v) {
        long[] b = new long[v.length];
        for (int i = 0; i < v.length; i++) {
            b[i] = Double.doubleToLongBits(v[i]);
        }
        return b;
    }
}
