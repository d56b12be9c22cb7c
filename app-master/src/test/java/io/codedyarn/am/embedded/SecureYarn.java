package io.codedyarn.am.embedded;

import io.codedyarn.am.config.CodedYarnConfig;
import io.codedyarn.am.config.YarnJobKeys;
import io.codedyarn.am.config.YarnSettings;
import io.codedyarn.am.yarn.YarnKeys;
import io.codedyarn.am.yarn.kerberos.SecureHdfs;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.security.ssl.KeyStoreTestUtil;
import org.apache.hadoop.yarn.api.records.NodeId;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.server.MiniYARNCluster;

/**
 * A Kerberos-secured YARN on a Kerberos-secured HDFS, in this JVM: {@link SecureHdfs} (MiniKdc, one
 * DataNode) and one NodeManager, started the way the embedded cluster starts its own ({@link
 * MiniClusterStart#yarn}), with Kerberos RPC for the ResourceManager and the NodeManager.
 * Containers run under the DefaultContainerExecutor (as the user running the test; YARN still
 * authenticates every call and the NodeManager localizes the job's files with its delegation
 * tokens).
 *
 * <p>The NameNode, the DataNode, the ResourceManager and the NodeManager share one principal,
 * {@value #SERVICE}: a Hadoop daemon's RPC server takes its Kerberos identity from the process's
 * login user when a connection arrives, and each daemon's start logs the whole JVM in again as its
 * own principal, so daemons of distinct principals in one JVM would answer as whichever started
 * last. Containers (the ApplicationMaster, the workers) find the cluster and the KDC through {@link
 * #confDir()} and {@link #javaOptions()}; a real cluster's hosts have {@code /etc/krb5.conf}.
 *
 * <p>The DefaultContainerExecutor localizes a container's files in this JVM with a configuration of
 * its own, read from the class path's site files only: so that it speaks SASL to the DataNode, an
 * {@code hdfs-site.xml} holding {@code dfs.data.transfer.protection} is written to the test classes
 * while the cluster runs, and removed by {@link #close}.
 */
public final class SecureYarn implements AutoCloseable {
    /** Every daemon's principal (without the realm), {@link SecureHdfs}'s NameNode's. */
    public static final String SERVICE = "hdfs/localhost";

    private final SecureHdfs hdfs;
    private final MiniYARNCluster yarn;
    private final Configuration conf;
    private final Path confDir;

    private static final String LOCALIZER_SITE = "hdfs-site.xml";

    private SecureYarn(SecureHdfs hdfs, MiniYARNCluster yarn, Configuration conf, Path confDir) {
        this.hdfs = hdfs;
        this.yarn = yarn;
        this.conf = conf;
        this.confDir = confDir;
    }

    /**
     * Starts the KDC and HDFS ({@link SecureHdfs#start}, with {@code hdfsConf}) then YARN, under
     * {@code dir}. On failure, whatever had started is stopped.
     */
    public static SecureYarn start(File dir, Map<String, String> hdfsConf) throws Exception {
        SecureHdfs hdfs = SecureHdfs.start(dir, hdfsConf);
        MiniYARNCluster yarn = null;
        try {
            Configuration dfs = hdfs.dfs().getConfiguration(0);
            String service = hdfs.principal(SERVICE);
            String keytab = hdfs.keytab().getAbsolutePath();
            // the NodeManager reads the job's files from the secure HDFS: its client keys too
            Map<String, String> extra = new HashMap<>();
            SiteFiles.differences(dfs).forEach(e -> extra.put(e.getKey(), e.getValue()));
            extra.put(YarnConfiguration.RM_PRINCIPAL, service);
            extra.put(YarnConfiguration.RM_KEYTAB, keytab);
            extra.put(YarnConfiguration.NM_PRINCIPAL, service);
            extra.put(YarnConfiguration.NM_KEYTAB, keytab);
            // the tests read the ApplicationMaster's log after the run
            extra.put(YarnConfiguration.NM_LOG_RETAIN_SECONDS, "3600");
            Configuration localizer = new Configuration(false);
            localizer.set("dfs.data.transfer.protection", dfs.get("dfs.data.transfer.protection"));
            try (var o = Files.newOutputStream(localizerSite())) {
                localizer.writeXml(o);
            }
            Path base = dir.toPath().resolve("yarn");
            System.setProperty("test.build.data", base.toString());
            YarnSettings s =
                    CodedYarnConfig.parse(
                                    Map.of(
                                                    "coded-yarn.embedded.nodemanagers",
                                                    "1",
                                                    "coded-yarn.embedded.nodemanager.memory-mb",
                                                    "1024",
                                                    "coded-yarn.embedded.base-dir",
                                                    base.toString())
                                            ::get)
                            .yarn();
            yarn =
                    MiniClusterStart.yarn(s, System.nanoTime(), base.resolve("cache"), extra)
                            .cluster();
            Configuration cluster = MiniClusterStart.withHdfs(yarn.getConfig(), dfs);
            cluster.set(YarnConfiguration.RM_PRINCIPAL, service);
            Path confDir = Files.createDirectories(base.resolve("conf"));
            cluster.set(YarnKeys.EMBEDDED_CONF_DIR, confDir.toString());
            cluster.setInt(
                    YarnJobKeys.LOCALITY_WAIT_SECONDS.name(),
                    EmbeddedCluster.LOCALITY_WAIT_SECONDS);
            cluster.setInt(
                    YarnJobKeys.REPORT_INTERVAL_MS.name(), EmbeddedCluster.REPORT_INTERVAL_MS);
            NodeId nm = yarn.getNodeManager(0).getNMContext().getNodeId();
            cluster.set(
                    YarnKeys.EMBEDDED_NODE_MAP,
                    YarnKeys.nodeMap(
                            List.of(hdfs.dfs().getDataNodes().get(0).getDatanodeId().getXferAddr()),
                            List.of(nm.getHost() + ":" + nm.getPort())));
            SiteFiles.write(cluster, confDir);
            return new SecureYarn(hdfs, yarn, cluster, confDir);
        } catch (Exception | Error e) {
            EmbeddedCluster.stopQuietly(yarn, null);
            try {
                Files.deleteIfExists(localizerSite());
                hdfs.close();
            } catch (Exception suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    private static Path localizerSite() throws Exception {
        return Path.of(KeyStoreTestUtil.getClasspathDir(SecureYarn.class), LOCALIZER_SITE);
    }

    public SecureHdfs hdfs() {
        return hdfs;
    }

    /** The cluster's configuration: a Kerberos client's of both HDFS and YARN. */
    public Configuration conf() {
        return new YarnConfiguration(conf);
    }

    /** The cluster's core-, hdfs- and yarn-site.xml, for a client in another JVM. */
    public Path confDir() {
        return confDir;
    }

    /** Where a JVM of this machine finds the KDC ({@code krb5.conf}). */
    public String javaOptions() {
        return "-Djava.security.krb5.conf=" + hdfs.kdc().getKrb5conf().getAbsolutePath();
    }

    /** Files under the NodeManager's log directories (the containers' stdout and stderr). */
    public List<Path> containerLogs(String applicationId) throws java.io.IOException {
        Path root = Path.of(System.getProperty("test.build.data"));
        try (var walk = Files.walk(root)) {
            return walk.filter(Files::isRegularFile)
                    .filter(p -> p.toString().contains("/" + applicationId + "/container_"))
                    .toList();
        }
    }

    /**
     * Stops YARN, then HDFS and the KDC; {@link SecureHdfs#close} sets simple authentication back.
     */
    @Override
    public void close() throws Exception {
        EmbeddedCluster.stopQuietly(yarn, null);
        try {
            Files.deleteIfExists(localizerSite());
        } finally {
            hdfs.close();
        }
    }
}
