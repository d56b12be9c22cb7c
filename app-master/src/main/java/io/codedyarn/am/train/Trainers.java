package io.codedyarn.am.train;

import io.codedyarn.am.config.CodedYarnConfig;
import io.codedyarn.am.output.CheckpointStore;
import io.codedyarn.am.output.ModelDataset;
import io.codedyarn.am.output.PendingOutputs;
import io.codedyarn.am.output.RunOutputs;
import io.codedyarn.am.output.RunSummary;
import io.codedyarn.compute.data.Rows;
import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.checkpoint.Checkpoint;
import io.codedyarn.coordinator.checkpoint.InvalidCheckpointException;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.coordinator.simulated.Reference;
import io.codedyarn.coordinator.simulated.SimulatedTrain;
import io.codedyarn.coordinator.trace.RunResult;
import io.codedyarn.placement.InvalidParametersException;
import io.codedyarn.placement.Plan;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** Runs a {@link TrainRequest} on the cluster kind it names. */
public final class Trainers {
    private Trainers() {}

    /** What a run leaves: its summary (as {@code summary.json}) and where the outputs are. */
    public record Outcome(RunSummary summary, String outDir) {}

    /**
     * yarn when a Hadoop configuration is around (HADOOP_CONF_DIR set, or a yarn-site.xml on the
     * classpath), else embedded.
     */
    public static String defaultCluster(Configuration conf) {
        String dir = System.getenv("HADOOP_CONF_DIR");
        boolean configured =
                (dir != null && !dir.isBlank())
                        || Thread.currentThread()
                                        .getContextClassLoader()
                                        .getResource("yarn-site.xml")
                                != null;
        return configured ? "yarn" : "embedded";
    }

    public static Outcome run(
            CodedYarnConfig config, Configuration hadoop, TrainRequest req, PrintWriter log)
            throws IOException, InterruptedException {
        io.codedyarn.coordinator.Coordinator.validate(req.spec(), req.spec().plan());
        return switch (req.cluster()) {
            case "simulated" -> simulated(config, hadoop, req, log);
            case "embedded" -> ClusterTrain.run(hadoop, req, log, true);
            default -> ClusterTrain.run(hadoop, req, log, false);
        };
    }

    /**
     * {@code train --cluster embedded} on an embedded cluster that is already up and stays up (a
     * benchmark runs many trainings on one): the coded-yarn keys of {@code hadoop} are the run's.
     */
    public static Outcome runOn(
            io.codedyarn.am.embedded.EmbeddedCluster cluster,
            Configuration hadoop,
            TrainRequest req,
            PrintWriter log)
            throws IOException, InterruptedException {
        io.codedyarn.coordinator.Coordinator.validate(req.spec(), req.spec().plan());
        return ClusterTrain.runOn(cluster, hadoop, req, log);
    }

    private static Outcome simulated(
            CodedYarnConfig config, Configuration hadoop, TrainRequest req, PrintWriter log)
            throws IOException, InterruptedException {
        TrainSpec spec = req.spec();
        Loaded loaded = load(hadoop, req, log);
        Rows data = loaded.rows();
        Plan plan = spec.plan();
        InvalidParametersException.require(
                plan.partitions() <= data.rows(),
                "--partitions",
                "the plan has %d partitions but the dataset only %d rows",
                plan.partitions(),
                data.rows());
        spec = withReference(spec, data);
        FileSystem local = FileSystem.getLocal(hadoop).getRawFileSystem(); // no .crc files
        Path out = local.makeQualified(new Path(req.out()));
        Checkpoint from = null;
        boolean replace = false;
        if (req.resume() != null) {
            Path dir = local.makeQualified(new Path(req.resume()));
            from = CheckpointStore.forResume(local, dir);
            replace = dir.equals(out);
            log.println(
                    "train: resuming " + from.source() + " after iteration " + from.iteration());
            log.flush();
        }
        // the logs stream into out's temporary sibling as the run goes (its memory stays flat
        // however many rounds it runs); out appears whole at the end, or not at all
        PendingOutputs pending = RunOutputs.open(local, out, replace);
        CheckpointStore store = new CheckpointStore(local, CheckpointStore.beside(out));
        RunResult result;
        try {
            result =
                    SimulatedTrain.run(
                            spec,
                            plan,
                            data,
                            simulatedOptions(config).withValidation(loaded.held()),
                            config.simulatedLoadSeconds(),
                            new SimulatedTrain.Checkpointing(
                                    store, config.checkpointInterval(), req.data(), from),
                            pending.trace());
        } catch (InvalidCheckpointException e) {
            pending.abort();
            throw new IllegalArgumentException("--resume: " + e.getMessage(), e);
        } catch (InterruptedException | RuntimeException e) {
            pending.abort(); // kept when a checkpoint counts its rows: --resume continues them
            throw e;
        }
        RunSummary summary = RunSummary.of("", spec, result, List.of());
        pending.commit(spec, loaded.dataset(), summary, result, store.lastBytes());
        local.delete(store.dir(), true); // out holds the last checkpoint now
        return new Outcome(summary, out.toString());
    }

    /**
     * One {@code --cluster simulated} run with the configured balancing, adaptation and
     * measured-speed settings (what {@code train} and {@code advise --data} both run).
     */
    public static RunResult simulate(CodedYarnConfig config, TrainSpec spec, Plan plan, Rows data)
            throws InterruptedException {
        try {
            return simulate(config, spec, plan, data, SimulatedTrain.Checkpointing.none());
        } catch (InvalidCheckpointException e) {
            throw new IllegalStateException("no checkpoint was given", e);
        }
    }

    private static RunResult simulate(
            CodedYarnConfig config,
            TrainSpec spec,
            Plan plan,
            Rows data,
            SimulatedTrain.Checkpointing checkpointing)
            throws InterruptedException, InvalidCheckpointException {
        return SimulatedTrain.run(
                spec,
                plan,
                data,
                simulatedOptions(config),
                config.simulatedLoadSeconds(),
                checkpointing,
                new io.codedyarn.coordinator.trace.MemoryTrace());
    }

    /** The coordinator settings of a {@code --cluster simulated} run, from the configuration. */
    private static io.codedyarn.coordinator.RunOptions simulatedOptions(CodedYarnConfig config) {
        return io.codedyarn.coordinator.RunOptions.defaults()
                .withLoadBalance(config.dsagLoadBalance())
                .withAdaptation(config.adaptation(), SimulatedTrain.NODES)
                .withSpeeds(config.speeds())
                .withBalanceSchedule(config.balanceSchedule())
                .withLazy(config.lazy())
                .withAuto(config.auto());
    }

    /** Fills in the reference optimum when a target gap needs one and the data is here. */
    public static TrainSpec withReference(TrainSpec spec, Rows data) {
        if (!Double.isNaN(spec.reference()) || Double.isNaN(spec.targetGap())) {
            return spec;
        }
        double lambda =
                Double.isNaN(spec.lambda())
                        ? (spec.workload() == Workload.LR ? 1.0 / data.rows() : 0.0)
                        : spec.lambda();
        double ref =
                Reference.compute(
                        spec.workload(), data, spec.intercept(), lambda, spec.components());
        return new TrainSpec(
                spec.workload(),
                spec.scheme(),
                spec.params(),
                spec.components(),
                spec.lambda(),
                spec.intercept(),
                spec.optimizer(),
                spec.step(),
                spec.iterations(),
                spec.targetGap(),
                spec.timeLimitSeconds(),
                spec.waitFor(),
                ref,
                spec.latency(),
                spec.straggle(),
                spec.seed());
    }

    /**
     * A dataset in memory, what {@code model.json} says of it, and the held-out rows (null: none).
     */
    private record Loaded(
            Rows rows, ModelDataset dataset, io.codedyarn.coordinator.validation.Validation held) {}

    /**
     * The dataset in memory: --data (any Hadoop FS), or the built-in one generated locally; with
     * held-out rows, the training part of the split and the held-out rows. A dataset with its own
     * intercept column is refused before its rows are read when the spec appends another.
     */
    private static Loaded load(Configuration hadoop, TrainRequest req, PrintWriter log)
            throws IOException {
        FileSystem local = FileSystem.getLocal(hadoop).getRawFileSystem();
        java.nio.file.Path tmp = java.nio.file.Files.createTempDirectory("coded-yarn-data");
        Path work = new Path(tmp.toUri().toString());
        try {
            Path dir;
            FileSystem fs;
            if (req.data() != null) {
                dir = new Path(req.data());
                fs = dir.getFileSystem(hadoop);
                ModelDataset.read(fs, dir).refuseDoubleIntercept(req.spec(), req.data());
            } else {
                log.println(
                        "train: no --data; generating the built-in "
                                + BuiltInData.params(req.spec().workload(), req.spec().seed())
                                        .kind()
                                + " dataset (seed "
                                + req.spec().seed()
                                + ")");
                log.flush();
                fs = local;
                dir = new Path(work, "builtin");
                BuiltInData.generate(local, dir, req.spec().workload(), req.spec().seed());
            }
            io.codedyarn.coordinator.validation.Validation held = null;
            if (req.heldOut() != null) {
                HeldOut.Placed p =
                        req.heldOut().place(fs, dir, local, work, req.spec(), hadoop, log);
                fs = p.trainFs();
                dir = p.train();
                held = req.heldOut().load(p.validationFs(), p.validation(), req.spec());
            }
            return new Loaded(DatasetRows.read(fs, dir), ModelDataset.read(fs, dir), held);
        } finally {
            local.delete(work, true);
        }
    }
}
