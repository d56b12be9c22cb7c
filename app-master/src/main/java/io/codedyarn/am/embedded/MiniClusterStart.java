package io.codedyarn.am.embedded;

import io.codedyarn.am.config.YarnSettings;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.exceptions.YarnException;
import org.apache.hadoop.yarn.server.MiniYARNCluster;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How {@link EmbeddedCluster} starts its two mini clusters, side by side: HDFS on a thread of its
 * own, YARN on the caller's. YARN needs no file system until a job is submitted, and most of either
 * start is waiting (for DataNode heartbeats and block reports, for NodeManagers to register), so
 * the two overlap almost entirely; the conf dir then carries both.
 */
final class MiniClusterStart {
    private static final Logger LOG = LoggerFactory.getLogger(MiniClusterStart.class);
    private static final int NM_CONNECT_TIMEOUT_MS = 60_000;
    private static final long NM_HEARTBEAT_INTERVAL_MS = 250;

    private MiniClusterStart() {}

    /** A started mini cluster and how long its start took. */
    record Started<C>(C cluster, long millis) {}

    /** Starts HDFS on a thread of its own (daemon: a failed start never holds the JVM). */
    static CompletableFuture<Started<MiniDFSCluster>> hdfs(YarnSettings s, Path base) {
        return CompletableFuture.supplyAsync(() -> startHdfs(s, base), MiniClusterStart::thread);
    }

    private static void thread(Runnable r) {
        Thread t = new Thread(r, "embedded-hdfs-start");
        t.setDaemon(true);
        t.start();
    }

    private static Started<MiniDFSCluster> startHdfs(YarnSettings s, Path base) {
        long t0 = System.nanoTime();
        Configuration hconf = new Configuration();
        hconf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, base.resolve("dfs").toString());
        // small files (partitions) still get several blocks only when asked for; keep the
        // DataNodes' heartbeats quick so that a fresh cluster takes writes at once
        hconf.setInt("dfs.heartbeat.interval", 1);
        // closing a file waits until the NameNode has a DataNode's report of its last block; the
        // client's first retry comes after 400 ms, and most small files (partitions, outputs,
        // checkpoints) met it: 2 s for a run's outputs. With one committed block allowed the
        // close returns at once (HDFS-8999); the retry starts at 20 ms where one is still needed
        hconf.setInt("dfs.namenode.file.close.num-committed-allowed", 1);
        hconf.setInt("dfs.client.block.write.locateFollowingBlock.initial.delay.ms", 20);
        MiniDFSCluster dfs = null;
        // only the final tracking URL speaks WebHDFS (coded-yarn.embedded.webhdfs keeps it), and
        // Hadoop 3.5 reads no key that turns it off: the NameNode registers it as Jersey packages,
        // whose scan reads whole jars (HiddenPackagesClassLoader). Threads the start creates
        // inherit this loader: it loads every class through its parent
        Thread.currentThread()
                .setContextClassLoader(
                        new HiddenPackagesClassLoader(
                                MiniClusterStart.class.getClassLoader(),
                                s.embeddedWebHdfs()
                                        ? java.util.Set.of()
                                        : HiddenPackagesClassLoader.WEBHDFS_PACKAGES));
        try {
            dfs = new MiniDFSCluster.Builder(hconf).numDataNodes(s.embeddedDataNodes()).build();
            dfs.waitActive();
            return new Started<>(dfs, (System.nanoTime() - t0) / 1_000_000);
        } catch (IOException e) {
            if (dfs != null) {
                dfs.shutdown();
            }
            throw new UncheckedIOException(e);
        } catch (RuntimeException | Error e) {
            if (dfs != null) {
                dfs.shutdown();
            }
            throw e;
        }
    }

    static Started<MiniDFSCluster> join(CompletableFuture<Started<MiniDFSCluster>> hdfs)
            throws IOException {
        try {
            return hdfs.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while starting the embedded HDFS");
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof UncheckedIOException u) {
                throw u.getCause();
            }
            if (c instanceof RuntimeException r) {
                throw r;
            }
            if (c instanceof Error err) {
                throw err;
            }
            throw new IOException("embedded HDFS: " + c, c);
        }
    }

    /** After YARN failed: waits for the HDFS start so it can be stopped (null if it failed too). */
    static MiniDFSCluster hdfsAfterFailure(CompletableFuture<Started<MiniDFSCluster>> f) {
        try {
            return f.get().cluster();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } catch (ExecutionException e) {
            return null;
        }
    }

    /**
     * {@code yarn} plus every key {@code hdfs} sets to something other than Hadoop's default,
     * unless YARN set that key itself.
     */
    static Configuration withHdfs(Configuration yarn, Configuration hdfs) {
        Configuration out = new YarnConfiguration(yarn);
        Configuration defaults = new Configuration();
        for (Map.Entry<String, String> e : hdfs) {
            String key = e.getKey();
            String d = defaults.getRaw(key);
            if (!Objects.equals(e.getValue(), d) && Objects.equals(yarn.getRaw(key), d)) {
                out.set(key, e.getValue());
            }
        }
        return out;
    }

    /**
     * Starts YARN on this thread and waits for every NodeManager to register.
     *
     * @param t0 {@link System#nanoTime} when the cluster's start began (the time is counted from
     *     it)
     * @param cacheDir this user's directory of things kept between runs ({@link ProxyCaCache})
     * @param extra YARN settings laid over the embedded cluster's own (e.g. node labels)
     */
    static Started<MiniYARNCluster> yarn(
            YarnSettings s, long t0, Path cacheDir, Map<String, String> extra) throws IOException {
        try {
            return yarnOnce(s, t0, cacheDir, extra);
        } catch (IOException | RuntimeException e) {
            if (!causedByBind(e)) {
                throw e;
            }
            // another process took the ResourceManager's web port between its choice and the
            // bind (RmWebPort): once more, with another
            LOG.info(
                    "embedded YARN: the web port was taken meanwhile ({}); retrying", e.toString());
            return yarnOnce(s, t0, cacheDir, extra);
        }
    }

    private static boolean causedByBind(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof java.net.BindException) {
                return true;
            }
        }
        return false;
    }

    private static Started<MiniYARNCluster> yarnOnce(
            YarnSettings s, long t0, Path cacheDir, Map<String, String> extra) throws IOException {
        MiniYARNCluster yarn = null;
        try {
            YarnConfiguration yconf = new YarnConfiguration();
            yconf.setInt(YarnConfiguration.RM_SCHEDULER_MINIMUM_ALLOCATION_MB, 64);
            // MiniYARNCluster overwrites yarn.nodemanager.resource.memory-mb with this key
            yconf.setInt(YarnConfiguration.YARN_MINICLUSTER_NM_PMEM_MB, s.embeddedNmMemoryMb());
            yconf.setInt(YarnConfiguration.NM_VCORES, s.embeddedNmVcores());
            yconf.setBoolean(YarnConfiguration.NM_VMEM_CHECK_ENABLED, false);
            yconf.setBoolean(YarnConfiguration.RM_SCHEDULER_INCLUDE_PORT_IN_NODE_NAME, true);
            yconf.setFloat(YarnConfiguration.NM_MAX_PER_DISK_UTILIZATION_PERCENTAGE, 99.5f);
            yconf.set("yarn.scheduler.capacity.root.queues", "default");
            yconf.set("yarn.scheduler.capacity.root.default.capacity", "100");
            yconf.set("yarn.scheduler.capacity.maximum-am-resource-percent", "0.5");
            // container logs go when their application finishes on a node: a NodeManager's stop
            // waits for its applications, polling once a second (EmbeddedCluster#close)
            yconf.setLong(YarnConfiguration.NM_LOG_RETAIN_SECONDS, 0);
            // the scheduler places containers on NodeManager heartbeats: every 1 s by default,
            // up to a second lost for the AM's container and again for the workers'; all nodes
            // are this JVM, so a quicker beat costs next to nothing
            yconf.setLong(YarnConfiguration.RM_NM_HEARTBEAT_INTERVAL_MS, NM_HEARTBEAT_INTERVAL_MS);
            extra.forEach(yconf::set);
            // containers get their JAVA_HOME from the NodeManager, as on a cluster (where the
            // NodeManager's own is whitelisted through): forced here, since the client's
            // environment may have none, and so that a test can give them another Java
            yconf.set(
                    YarnConfiguration.NM_ADMIN_USER_ENV,
                    YarnConfiguration.DEFAULT_NM_ADMIN_USER_ENV
                            + ",JAVA_HOME="
                            + (s.embeddedNmJavaHome().isEmpty()
                                    ? System.getProperty("java.home")
                                    : s.embeddedNmJavaHome()));
            yarn = new MiniYARNCluster("coded-yarn-embedded", s.embeddedNodeManagers(), 1, 1);
            RmWebPort.fix(yconf);
            yarn.init(yconf);
            for (int i = 0; i < s.embeddedNodeManagers(); i++) {
                // nothing here reads a NodeManager's web pages (container logs stay on disk,
                // under the base dir), and each one's Guice + Jersey start costs about a CPU
                // second; removed after init, so the service never starts
                yarn.getNodeManager(i).disableWebServer();
            }
            ProxyCaCache ca = new ProxyCaCache(cacheDir.resolve("proxy-ca"));
            boolean kept = ca.offer(yarn);
            yarn.start();
            if (!kept) {
                ca.keep(yarn);
            }
            if (!awaitNodeManagers(yarn)) {
                throw new IOException(
                        "embedded cluster: "
                                + s.embeddedNodeManagers()
                                + " NodeManagers did not register within "
                                + NM_CONNECT_TIMEOUT_MS / 1000
                                + " s");
            }
            return new Started<>(yarn, (System.nanoTime() - t0) / 1_000_000);
        } catch (IOException | RuntimeException | Error e) {
            EmbeddedCluster.stopQuietly(yarn, null);
            throw e;
        }
    }

    private static boolean awaitNodeManagers(MiniYARNCluster yarn) throws IOException {
        try {
            return yarn.waitForNodeManagersToConnect(NM_CONNECT_TIMEOUT_MS);
        } catch (YarnException e) {
            throw new IOException("embedded cluster: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while starting the embedded cluster");
        }
    }
}
