package io.codedyarn.am.yarn.master;

import io.codedyarn.am.net.AmIdentity;
import io.codedyarn.am.net.GrpcWorkerServer;
import io.codedyarn.am.net.ServerOptions;
import io.codedyarn.coordinator.cluster.Clock;
import io.codedyarn.coordinator.cluster.EventQueue;
import io.codedyarn.coordinator.cluster.WorkerSetup;
import java.io.IOException;
import java.net.URI;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.yarn.api.records.NodeReport;
import org.apache.hadoop.yarn.api.records.NodeState;
import org.apache.hadoop.yarn.client.api.AMRMClient.ContainerRequest;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.client.api.async.AMRMClientAsync;
import org.apache.hadoop.yarn.client.api.async.NMClientAsync;
import org.apache.hadoop.yarn.exceptions.YarnException;

/** The real cluster's {@link AmClients}: Hadoop's clients and the system clock. */
final class YarnAmClients implements AmClients {
    /**
     * How often the ResourceManager client heartbeats (and delivers allocations) while no container
     * is asked for; quicker while one is ({@link HeartbeatPace}).
     */
    static final int HEARTBEAT_MILLIS = 500;

    @Override
    public AMRMClientAsync<ContainerRequest> resourceManager(
            Configuration conf, AMRMClientAsync.AbstractCallbackHandler callbacks) {
        AMRMClientAsync<ContainerRequest> rm =
                // quick from the start: the workers' requests follow registration within a second
                AMRMClientAsync.createAMRMClientAsync(HeartbeatPace.QUICK_MILLIS, callbacks);
        rm.init(conf);
        rm.start();
        return rm;
    }

    @Override
    public NMClientAsync nodeManagers(
            Configuration conf, NMClientAsync.AbstractCallbackHandler callbacks) {
        NMClientAsync nm = NMClientAsync.createNMClientAsync(callbacks);
        nm.init(conf);
        nm.start();
        return nm;
    }

    @Override
    public List<NodeReport> runningNodes(Configuration conf) throws IOException, YarnException {
        try (YarnClient yc = YarnClient.createYarnClient()) {
            yc.init(conf);
            yc.start();
            return yc.getNodeReports(NodeState.RUNNING);
        }
    }

    @Override
    public FileSystem fileSystem(URI uri, Configuration conf) throws IOException {
        return FileSystem.get(uri, conf);
    }

    @Override
    public GrpcWorkerServer workerServer(
            int workers,
            byte[] secret,
            AmIdentity identity,
            java.util.function.BiFunction<Integer, String, WorkerSetup> setups,
            EventQueue events,
            ServerOptions options)
            throws IOException {
        return new GrpcWorkerServer(workers, secret, identity, setups, events, options).start();
    }

    @Override
    public Clock clock() {
        return Clock.system();
    }
}
