package io.codedyarn.am.bench.stragglers;

import io.codedyarn.am.config.CodedYarnConfig;
import io.codedyarn.am.embedded.EmbeddedCluster;
import io.codedyarn.am.train.TrainRequest;
import io.codedyarn.am.train.Trainers;
import java.io.IOException;
import java.io.PrintWriter;
import org.apache.hadoop.conf.Configuration;

/**
 * Where {@code bench stragglers} trains: one embedded cluster started once and reused for every
 * run, the simulated cluster (in-process workers, time from a latency model), or a real YARN
 * cluster (the multi-host lab, whose faults {@link LabFaults} makes).
 */
public interface TrainingRunner extends AutoCloseable {

    /** The cluster kind for {@link TrainRequest#cluster()}. */
    String cluster();

    /**
     * A run's outcome, and the lab fault it ran under (null: none made from outside).
     *
     * @param outcome the summary, and the local directory that holds the run's outputs
     */
    record Ran(Trainers.Outcome outcome, String fault) {}

    /**
     * One training run; its outputs end up in the local {@code req.out()}.
     *
     * @param scenario the run's scenario (A to D are in {@code req}'s straggle spec already; a lab
     *     scenario's fault is made by the runner)
     * @param conf the Hadoop configuration with this run's coded-yarn keys
     */
    Ran train(Scenario scenario, TrainRequest req, Configuration conf, PrintWriter log)
            throws IOException, InterruptedException;

    @Override
    void close();

    /** Starts an embedded cluster sized by {@code coded-yarn.embedded.*}. */
    static TrainingRunner embedded(CodedYarnConfig config, PrintWriter log) throws IOException {
        log.println(
                "bench stragglers: starting one embedded cluster ("
                        + config.yarn().embeddedDataNodes()
                        + " DataNodes, "
                        + config.yarn().embeddedNodeManagers()
                        + " NodeManagers) for every run");
        log.flush();
        EmbeddedCluster cluster = EmbeddedCluster.start(config.yarn());
        return new TrainingRunner() {
            @Override
            public String cluster() {
                return "embedded";
            }

            @Override
            public Ran train(Scenario s, TrainRequest req, Configuration conf, PrintWriter l)
                    throws IOException, InterruptedException {
                return new Ran(Trainers.runOn(cluster, conf, req, l), null);
            }

            @Override
            public void close() {
                cluster.close();
            }
        };
    }

    /** The simulated cluster: {@code train --cluster simulated} per run. */
    static TrainingRunner simulated() {
        return new TrainingRunner() {
            @Override
            public String cluster() {
                return "simulated";
            }

            @Override
            public Ran train(Scenario s, TrainRequest req, Configuration conf, PrintWriter l)
                    throws IOException, InterruptedException {
                return new Ran(Trainers.run(CodedYarnConfig.parse(conf::get), conf, req, l), null);
            }

            @Override
            public void close() {}
        };
    }

    /**
     * A real YARN cluster ({@code HADOOP_CONF_DIR}): each run is {@code train --cluster yarn} with
     * its outputs in {@code clusterRoot} on the cluster's file system, copied afterwards to its
     * local directory under {@code localRoot}; a lab scenario's fault is made by {@code faults}
     * while it runs (null: no lab, so no lab scenario).
     */
    static TrainingRunner yarn(java.nio.file.Path localRoot, String clusterRoot, LabFaults faults) {
        return new TrainingRunner() {
            @Override
            public String cluster() {
                return "yarn";
            }

            @Override
            public Ran train(Scenario s, TrainRequest req, Configuration conf, PrintWriter l)
                    throws IOException, InterruptedException {
                java.nio.file.Path local = java.nio.file.Path.of(req.out()).toAbsolutePath();
                org.apache.hadoop.fs.Path remote =
                        new org.apache.hadoop.fs.Path(
                                clusterRoot + "/" + localRoot.relativize(local).toString());
                TrainRequest onCluster =
                        new TrainRequest(req.spec(), req.data(), remote.toString(), "yarn", false);
                LabFaults.Session fault =
                        s.lab() == null ? null : faults.begin(s.lab(), req.spec().plan().workers());
                Trainers.Outcome o;
                String what = null;
                try {
                    o = Trainers.run(CodedYarnConfig.parse(conf::get), conf, onCluster, l);
                } finally {
                    if (fault != null) {
                        what = fault.end();
                    }
                }
                org.apache.hadoop.fs.FileSystem fs = remote.getFileSystem(conf);
                if (fs.exists(remote)) {
                    org.apache.hadoop.fs.FileUtil.copy(
                            fs,
                            remote,
                            org.apache.hadoop.fs.FileSystem.getLocal(conf).getRawFileSystem(),
                            new org.apache.hadoop.fs.Path(local.toUri()),
                            false,
                            conf);
                }
                return new Ran(new Trainers.Outcome(o.summary(), local.toString()), what);
            }

            @Override
            public void close() {}
        };
    }

    /**
     * The {@link LabFaults.TrainingClock} of the cluster of {@code conf}: the progress document its
     * ApplicationMaster publishes for the client.
     */
    static LabFaults.TrainingClock publishedProgress(Configuration conf) throws IOException {
        org.apache.hadoop.fs.FileSystem fs = org.apache.hadoop.fs.FileSystem.get(conf);
        return appId -> {
            io.codedyarn.am.yarn.ProgressFile.Snapshot s =
                    io.codedyarn.am.yarn.ProgressFile.read(
                            fs, io.codedyarn.am.yarn.ProgressFile.path(fs, appId));
            return s == null || !s.started() || s.starting() > 0 ? null : s.seconds();
        };
    }
}
