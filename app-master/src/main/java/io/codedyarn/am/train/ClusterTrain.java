package io.codedyarn.am.train;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.codedyarn.am.config.CodedYarnConfig;
import io.codedyarn.am.embedded.EmbeddedCluster;
import io.codedyarn.am.output.CheckpointStore;
import io.codedyarn.am.output.ModelDataset;
import io.codedyarn.am.output.RunSummary;
import io.codedyarn.am.yarn.ConfigFiles;
import io.codedyarn.am.yarn.client.LabelledPlacement;
import io.codedyarn.am.yarn.client.YarnTrainer;
import io.codedyarn.coordinator.checkpoint.Checkpoint;
import io.codedyarn.coordinator.checkpoint.InvalidCheckpointException;
import io.codedyarn.coordinator.cluster.JobInfo;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.hdfs.prepare.DatasetPreparer;
import io.codedyarn.hdfs.prepare.PrepareReport;
import io.codedyarn.hdfs.prepare.ReplicationFloor;
import io.codedyarn.placement.InvalidParametersException;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.json.PlanDocument;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.exceptions.YarnException;

/**
 * {@code train --cluster yarn|embedded}: places the dataset for the plan on the cluster's HDFS
 * ({@code data prepare}: one file per partition, replication = copies, favored DataNodes), submits
 * the application with {@link YarnTrainer} exactly as {@code yarn jar} would, and returns the
 * summary the ApplicationMaster wrote. Embedded: the same against an in-process MiniDFS + MiniYARN,
 * then copies the outputs to the local {@code --out} and shuts the cluster down.
 *
 * <p>Working directory on the cluster: {@code <home>/.coded-yarn/runs/<scheme>-<workload>-<seed>-
 * <millis>/} with {@code source/} (built-in data), {@code placed/} (the placed dataset) and, for
 * embedded runs, {@code out/}.
 */
final class ClusterTrain {
    private ClusterTrain() {}

    static Trainers.Outcome run(
            Configuration hadoop, TrainRequest req, PrintWriter log, boolean embedded)
            throws IOException, InterruptedException {
        if (!embedded) {
            return submit(new YarnConfiguration(hadoop), req, log, false);
        }
        CodedYarnConfig config = CodedYarnConfig.parse(hadoop::get);
        checkLocalOut(req);
        log.println(
                "train: starting an embedded cluster ("
                        + config.yarn().embeddedDataNodes()
                        + " DataNodes, "
                        + config.yarn().embeddedNodeManagers()
                        + " NodeManagers)");
        log.flush();
        try (EmbeddedCluster cluster = EmbeddedCluster.start(config.yarn())) {
            return runOn(cluster, hadoop, req, log);
        }
    }

    /**
     * An embedded run on a cluster that is already up (and stays up): the coded-yarn keys {@code
     * hadoop} sets beyond the defaults (site files, {@code -conf}, {@code -D}) reach the AM through
     * the job conf.
     */
    static Trainers.Outcome runOn(
            EmbeddedCluster cluster, Configuration hadoop, TrainRequest req, PrintWriter log)
            throws IOException, InterruptedException {
        checkLocalOut(req);
        return submit(jobConf(cluster.configuration(), hadoop), req, log, true);
    }

    /**
     * The embedded cluster's configuration with the coded-yarn keys {@code hadoop} sets beyond the
     * defaults: a key left at its default keeps the cluster's own value (its shorter locality
     * wait).
     */
    static Configuration jobConf(Configuration cluster, Configuration hadoop) {
        Configuration conf = new Configuration(cluster);
        for (var e : hadoop) {
            if (e.getKey().startsWith("coded-yarn.")
                    && !ConfigFiles.isDefault(hadoop, e.getKey())) {
                conf.set(e.getKey(), e.getValue());
            }
        }
        return conf;
    }

    /** An embedded run's local --out must not exist, unless it is the run this one resumes. */
    private static void checkLocalOut(TrainRequest req) {
        java.nio.file.Path local = java.nio.file.Path.of(req.out()).toAbsolutePath();
        if (java.nio.file.Files.exists(local) && !replacesResumed(req)) {
            throw new InvalidParametersException("--out", local + " already exists");
        }
    }

    private static boolean replacesResumed(TrainRequest req) {
        return req.resume() != null
                && java.nio.file.Path.of(req.resume())
                        .toAbsolutePath()
                        .equals(java.nio.file.Path.of(req.out()).toAbsolutePath());
    }

    /**
     * The checkpoint a resumed run continues ({@code --resume DIR}: local for embedded runs, on the
     * cluster's file system for yarn); null for a fresh run.
     */
    private static Checkpoint resumeFrom(Configuration conf, TrainRequest req, boolean embedded)
            throws IOException {
        if (req.resume() == null) {
            return null;
        }
        InvalidParametersException.require(
                embedded || !req.resume().equals(req.out()),
                "--out",
                "on --cluster yarn a resumed run writes a new directory: give --out");
        Path dir = new Path(req.resume());
        FileSystem fs = dir.getFileSystem(embedded ? new Configuration() : conf);
        if (embedded) {
            fs = ((org.apache.hadoop.fs.LocalFileSystem) fs).getRawFileSystem(); // no .crc files
        }
        try {
            return CheckpointStore.forResume(fs, fs.makeQualified(dir));
        } catch (InvalidCheckpointException e) {
            throw new IllegalArgumentException("--resume: " + e.getMessage(), e);
        }
    }

    /**
     * The held-out dataset where the AM can read it: as it is on the cluster's file system, else
     * copied into the run's working directory there (an embedded run's local {@code --validation}).
     */
    private static String onCluster(
            FileSystem vfs, Path v, FileSystem fs, Path work, Configuration conf)
            throws IOException {
        if (vfs.getUri().equals(fs.getUri())) {
            return v.toString();
        }
        Path copy = fs.makeQualified(new Path(work, "validation"));
        org.apache.hadoop.fs.FileUtil.copy(vfs, v, fs, copy, false, conf);
        return copy.toString();
    }

    private static Trainers.Outcome submit(
            Configuration conf, TrainRequest req, PrintWriter log, boolean embedded)
            throws IOException, InterruptedException {
        TrainSpec spec = req.spec();
        Plan plan = spec.plan();
        Checkpoint resume = resumeFrom(conf, req, embedded);
        FileSystem fs = FileSystem.get(conf);
        Path work =
                fs.makeQualified(
                        new Path(
                                io.codedyarn.am.yarn.StagingDirs.root(fs), // owner only
                                "runs/"
                                        + spec.scheme()
                                        + "-"
                                        + spec.workload().cliName()
                                        + "-"
                                        + spec.seed()
                                        + "-"
                                        + System.currentTimeMillis()));
        Path src;
        FileSystem srcFs;
        if (req.data() != null) {
            src = new Path(req.data());
            srcFs = src.getFileSystem(embedded ? new Configuration() : conf);
            src = srcFs.makeQualified(src);
            if (!srcFs.exists(src)) {
                throw new InvalidParametersException("--data", src + " does not exist");
            }
            ModelDataset.read(srcFs, src).refuseDoubleIntercept(spec, req.data());
        } else {
            srcFs = fs;
            src = new Path(work, "source");
            log.println(
                    "train: no --data; generating the built-in "
                            + BuiltInData.params(spec.workload(), spec.seed()).kind()
                            + " dataset (seed "
                            + spec.seed()
                            + ") into "
                            + src);
            log.flush();
            BuiltInData.generate(fs, src, spec.workload(), spec.seed());
        }
        String validation = null;
        if (req.heldOut() != null) {
            HeldOut.Placed held =
                    req.heldOut()
                            .place(
                                    srcFs,
                                    src,
                                    fs,
                                    work,
                                    spec,
                                    embedded ? new Configuration() : conf,
                                    log);
            HeldOut.fitsTheApplicationMaster(
                    held.validationFs(),
                    held.validation(),
                    CodedYarnConfig.parse(conf::get).yarn());
            srcFs = held.trainFs();
            src = held.train();
            validation = onCluster(held.validationFs(), held.validation(), fs, work, conf);
        }
        if (!Double.isNaN(spec.targetGap()) && Double.isNaN(spec.reference())) {
            InvalidParametersException.require(
                    embedded, "--reference", "is required with --target-gap on --cluster yarn");
            spec = Trainers.withReference(spec, DatasetRows.read(srcFs, src));
        }
        Path placed = new Path(work, "placed");
        String planJson =
                new ObjectMapper()
                                .enable(SerializationFeature.INDENT_OUTPUT)
                                .writeValueAsString(PlanDocument.of(plan, null))
                        + "\n";
        List<String> hosts;
        try {
            // a worker label keeps the data beside the label's NodeManagers
            hosts = LabelledPlacement.dataNodes(conf, CodedYarnConfig.parse(conf::get).yarn(), fs);
        } catch (YarnException e) {
            throw new IOException("YARN: " + e.getMessage(), e);
        }
        log.println(
                "train: placing the data for "
                        + plan.scheme()
                        + " into "
                        + placed
                        + (hosts.isEmpty() ? "" : " on the DataNodes " + hosts));
        log.flush();
        PrepareReport prepared =
                DatasetPreparer.prepare(
                        srcFs,
                        src,
                        fs,
                        placed,
                        new DatasetPreparer.Request(plan, planJson, hosts, false, false));
        if (embedded) {
            // favored DataNodes are a hint: a replica HDFS put elsewhere would send its worker to
            // a crowded NodeManager, to wait out the locality wait there; rewrite those once
            List<Integer> off = DatasetPreparer.misplaced(fs, placed, prepared.placement());
            if (!off.isEmpty()) {
                log.println(
                        "train: partitions "
                                + off
                                + " are not on their DataNodes; writing them again");
                log.flush();
                DatasetPreparer.prepare(
                        srcFs,
                        src,
                        fs,
                        placed,
                        new DatasetPreparer.Request(plan, planJson, hosts, true, true));
            }
        }
        int floor = CodedYarnConfig.parse(conf::get).yarn().minReplication();
        int raised = ReplicationFloor.raise(fs, placed, floor);
        if (raised > 0) {
            log.println(
                    "train: "
                            + raised
                            + " partitions stored by fewer than "
                            + floor
                            + " workers get "
                            + floor
                            + " HDFS replicas (coded-yarn.placement.min-replication), added in"
                            + " the background");
            log.flush();
        }
        Path out = embedded ? new Path(work, "out") : fs.makeQualified(new Path(req.out()));
        YarnTrainer.Result r;
        try {
            r =
                    YarnTrainer.run(
                            conf,
                            spec,
                            req.heldOut() == null
                                    ? new JobInfo(placed.toString(), out.toString())
                                    : new JobInfo(
                                            placed.toString(),
                                            out.toString(),
                                            validation,
                                            req.heldOut().every(),
                                            req.heldOut().patience()),
                            req.detach(),
                            resume);
        } catch (YarnException e) {
            throw new IOException("YARN: " + e.getMessage(), e);
        }
        String outDir = out.toString();
        if (embedded && fs.exists(out)) {
            java.nio.file.Path local = java.nio.file.Path.of(req.out()).toAbsolutePath();
            java.nio.file.Files.createDirectories(local.getParent());
            if (replacesResumed(req)) {
                // the resumed run's outputs replace the run it continued, once they are whole
                java.nio.file.Path fresh = local.resolveSibling("." + local.getFileName() + ".new");
                fs.copyToLocalFile(false, out, new Path(fresh.toUri()), true);
                java.nio.file.Path old = local.resolveSibling("." + local.getFileName() + ".old");
                java.nio.file.Files.move(local, old);
                java.nio.file.Files.move(fresh, local);
                org.apache.hadoop.fs.FileUtil.fullyDelete(old.toFile());
            } else {
                fs.copyToLocalFile(false, out, new Path(local.toUri()), true); // raw: no .crc
            }
            outDir = local.toString();
        }
        RunSummary summary = r.summary();
        if (summary == null) {
            log.println("train: submitted " + r.applicationId() + " (detached)");
            log.flush();
        }
        return new Trainers.Outcome(summary, outDir);
    }
}
