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
import org.apache.hadoop.yarn.client.api.AMRMClient.ContainerRequest;
import org.apache.hadoop.yarn.client.api.async.AMRMClientAsync;
import org.apache.hadoop.yarn.client.api.async.NMClientAsync;
import org.apache.hadoop.yarn.exceptions.YarnException;

/**
 * Where the {@link AppMaster} gets everything that reaches outside its JVM, and its time: the
 * ResourceManager and NodeManager clients, the running nodes' reports, file systems, the workers'
 * endpoint and the coordinator's clock. One production implementation, {@link YarnAmClients}; a
 * test passes fakes, so that the AM's wiring runs without a cluster (as Flink's YARN driver takes
 * {@code YarnResourceManagerClientFactory} and {@code YarnNodeManagerClientFactory}).
 */
interface AmClients {
    /** A started ResourceManager client calling {@code callbacks}. */
    AMRMClientAsync<ContainerRequest> resourceManager(
            Configuration conf, AMRMClientAsync.AbstractCallbackHandler callbacks);

    /** A started NodeManager client calling {@code callbacks}. */
    NMClientAsync nodeManagers(Configuration conf, NMClientAsync.AbstractCallbackHandler callbacks);

    /** The RUNNING NodeManagers' reports, asked now. */
    List<NodeReport> runningNodes(Configuration conf) throws IOException, YarnException;

    FileSystem fileSystem(URI uri, Configuration conf) throws IOException;

    /** The started endpoint the workers connect to (see {@link GrpcWorkerServer}). */
    GrpcWorkerServer workerServer(
            int workers,
            byte[] secret,
            AmIdentity identity,
            java.util.function.BiFunction<Integer, String, WorkerSetup> setups,
            EventQueue events,
            ServerOptions options)
            throws IOException;

    /** The coordinator's clock, also the AM's timers' (the locality wait). */
    Clock clock();
}
