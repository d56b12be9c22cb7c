package io.codedyarn.am.yarn.master;

import io.codedyarn.am.config.CodedYarnConfig;
import io.codedyarn.am.config.YarnJobKeys;
import io.codedyarn.am.config.YarnSettings;
import io.codedyarn.am.model.PredictJob;
import io.codedyarn.am.yarn.Launch;
import io.codedyarn.am.yarn.NodeLabels;
import io.codedyarn.am.yarn.YarnKeys;
import io.codedyarn.hdfs.dataset.DatasetReader;
import io.codedyarn.hdfs.dataset.Manifest;
import java.net.URI;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.security.Credentials;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.yarn.api.ApplicationConstants.Environment;
import org.apache.hadoop.yarn.api.records.ContainerLaunchContext;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.apache.hadoop.yarn.api.records.LocalResource;
import org.apache.hadoop.yarn.api.records.NodeReport;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.client.api.AMRMClient;
import org.apache.hadoop.yarn.client.api.AMRMClient.ContainerRequest;
import org.apache.hadoop.yarn.client.api.NMClient;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.security.AMRMTokenIdentifier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code predict}'s ApplicationMaster: one {@link PredictTask} container per block file of the
 * dataset, asked for strictly on the NodeManager beside the DataNode holding most of that file's
 * bytes (its block locations; the embedded cluster's DataNode → NodeManager pairing), relaxed to
 * any node after {@code coded-yarn.locality-wait-seconds}; a failed task is run again (at most 3
 * attempts per part). It unregisters SUCCEEDED when every part is written, with "P parts, L
 * data-local" as its diagnostics; the client then commits the temporary directory. A map-only job
 * needs none of the training AM's coordinator, endpoint or replacement, hence its own small AM.
 */
public final class PredictMaster {
    private static final Logger LOG = LoggerFactory.getLogger(PredictMaster.class);

    /** The AM's environment variable describing the staged job and model ({@code uri|size|ts}). */
    public static final String ENV_FILES = "CODED_YARN_PREDICT_FILES";

    static final int MAX_ATTEMPTS = 3;

    private PredictMaster() {}

    public static void main(String[] args) {
        int status = 0;
        try {
            // as the application's user: its home holds the job's staging directory
            ContainerUser.run(
                    () -> {
                        run();
                        return null;
                    });
        } catch (Throwable t) {
            LOG.error("predict ApplicationMaster failed", t);
            status = 1;
        }
        System.exit(status);
    }

    /**
     * One part: its block file's index, the NodeManager asked for, and every NodeManager beside a
     * DataNode holding some of its bytes (a container on any of them reads locally).
     */
    record Part(int index, Optional<String> node, java.util.Set<String> holders) {}

    private static void run() throws Exception {
        AmEnvironment env = AmEnvironment.ofContainer();
        YarnConfiguration conf = env.configuration();
        CodedYarnConfig config = CodedYarnConfig.parse(conf::get);
        YarnSettings settings = config.yarn();
        PredictJob job = PredictJob.fromJson(env.read(PredictJob.FILE));
        FileSystem fs = FileSystem.get(URI.create(job.data()), conf);
        DatasetReader reader = DatasetReader.open(fs, new Path(job.data()));
        AMRMClient<ContainerRequest> rm = AMRMClient.createAMRMClient();
        rm.init(conf);
        rm.start();
        NMClient nm = NMClient.createNMClient();
        nm.init(conf);
        nm.start();
        rm.registerApplicationMaster(env.host(), -1, "");
        String diagnostics;
        boolean ok;
        try {
            List<Part> parts = locate(conf, fs, reader, settings.workerNodeLabel());
            Resource resource =
                    Resource.newInstance(settings.workerMemoryMb(), settings.workerVcores());
            PartDeadlines deadlines =
                    new PartDeadlines(
                            config.liveness().factor(),
                            config.liveness().startFloorSeconds(),
                            settings.localityWaitSeconds()
                                    + Math.max(1, config.adaptation().replacementWaitSeconds()));
            PredictTasks tasks =
                    new PredictTasks(
                            rm,
                            nm,
                            resource,
                            launchContext(env, settings),
                            parts,
                            settings.workerJavaHome(),
                            settings.workerNodeLabel(),
                            deadlines);
            ok = tasks.runAll(settings.localityWaitSeconds());
            diagnostics = tasks.summary();
        } catch (Exception e) {
            ok = false;
            diagnostics = e.getClass().getSimpleName() + ": " + e.getMessage();
            LOG.error("predict failed", e);
        }
        rm.unregisterApplicationMaster(
                ok ? FinalApplicationStatus.SUCCEEDED : FinalApplicationStatus.FAILED,
                diagnostics,
                null);
        nm.stop();
        rm.stop();
    }

    /**
     * Per block file, the NodeManager to ask for (none: the data is on no NodeManager's host); with
     * a workers' node label, only among the NodeManagers carrying it, since a strict request for a
     * node outside the label's partition is never granted ({@link NodeLabels}).
     */
    private static List<Part> locate(
            YarnConfiguration conf, FileSystem fs, DatasetReader reader, String workerLabel)
            throws Exception {
        List<String> names = new ArrayList<>();
        boolean includePort =
                conf.getBoolean(YarnConfiguration.RM_SCHEDULER_INCLUDE_PORT_IN_NODE_NAME, false);
        try (YarnClient yc = YarnClient.createYarnClient()) {
            yc.init(conf);
            yc.start();
            for (NodeReport r :
                    NodeLabels.carrying(
                            yc.getNodeReports(org.apache.hadoop.yarn.api.records.NodeState.RUNNING),
                            workerLabel,
                            YarnJobKeys.WORKER_NODE_LABEL)) {
                String n = r.getNodeId().getHost() + ":" + r.getNodeId().getPort();
                names.add(includePort ? n : LocalityPlanner.hostOf(n));
            }
        }
        names.sort(null);
        LocalityPlanner planner =
                new LocalityPlanner(
                        YarnKeys.parseNodeMap(conf.get(YarnKeys.EMBEDDED_NODE_MAP)),
                        names,
                        ClusterNodes::canonical);
        Manifest m = reader.manifest();
        List<Part> parts = new ArrayList<>();
        Map<String, Integer> load = new HashMap<>();
        for (int b = 0; b < m.blocks().size(); b++) {
            FileStatus st = fs.getFileStatus(reader.blockPath(b));
            Map<String, Long> bytes = new HashMap<>(); // NodeManager -> bytes beside it
            for (BlockLocation l : fs.getFileBlockLocations(st, 0, st.getLen())) {
                for (String name : l.getNames()) {
                    planner.nodeFor(Map.of(name, l.getLength()))
                            .ifPresent(nm -> bytes.merge(nm, l.getLength(), Long::sum));
                }
            }
            // the most bytes; among equals (replicas everywhere) the node given fewest parts
            Optional<String> best =
                    bytes.keySet().stream()
                            .sorted()
                            .min(
                                    java.util.Comparator.<String>comparingLong(nm -> -bytes.get(nm))
                                            .thenComparingInt(nm -> load.getOrDefault(nm, 0)));
            best.ifPresent(nm -> load.merge(nm, 1, Integer::sum));
            parts.add(new Part(b, best, java.util.Set.copyOf(bytes.keySet())));
            LOG.info("part {}: bytes beside {} -> asking for {}", b, bytes, best.orElse("any"));
        }
        return parts;
    }

    /** The tasks' launch context, less the command (which names the part). */
    private static ContainerLaunchContext launchContext(AmEnvironment env, YarnSettings settings)
            throws Exception {
        Map<String, LocalResource> resources = new HashMap<>(Launch.jarResource(env.jobJar()));
        String[] files = System.getenv(ENV_FILES).split(",");
        resources.put(PredictJob.FILE, resource(files[0]));
        resources.put(PredictJob.MODEL_FILE, resource(files[1]));
        Map<String, String> envVars = new HashMap<>();
        envVars.put(Environment.CLASSPATH.name(), Launch.containerClasspath(env.configuration()));
        Credentials creds = new Credentials();
        for (var t : UserGroupInformation.getCurrentUser().getCredentials().getAllTokens()) {
            if (!AMRMTokenIdentifier.KIND_NAME.equals(t.getKind())) {
                creds.addToken(t.getService(), t);
            }
        }
        return ContainerLaunchContext.newInstance(
                resources, envVars, List.of(), null, Launch.tokens(creds), null);
    }

    private static LocalResource resource(String described) {
        String[] f = described.split("\\|");
        return LocalResource.newInstance(
                org.apache.hadoop.yarn.api.records.URL.fromPath(new Path(f[0])),
                org.apache.hadoop.yarn.api.records.LocalResourceType.FILE,
                org.apache.hadoop.yarn.api.records.LocalResourceVisibility.APPLICATION,
                Long.parseLong(f[1]),
                Long.parseLong(f[2]));
    }
}
