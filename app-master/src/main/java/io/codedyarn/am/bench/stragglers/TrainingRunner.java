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
 * run, or the simulated cluster (in-process workers, time from a latency model).
 */
public interface TrainingRunner extends AutoCloseable {

    /** The cluster kind for {@link TrainRequest#cluster()}. */
    String cluster();

    /**
     * One training run.
     *
     * @param conf the Hadoop configuration with this run's coded-yarn keys
     */
    Trainers.Outcome train(TrainRequest req, Configuration conf, PrintWriter log)
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
            public Trainers.Outcome train(TrainRequest req, Configuration conf, PrintWriter l)
                    throws IOException, InterruptedException {
                return Trainers.runOn(cluster, conf, req, l);
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
            public Trainers.Outcome train(TrainRequest req, Configuration conf, PrintWriter l)
                    throws IOException, InterruptedException {
                return Trainers.run(CodedYarnConfig.parse(conf::get), conf, req, l);
            }

            @Override
            public void close() {}
        };
    }
}
