package io.codedyarn.am.yarn.client;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;

/**
 * How the client reaches the ResourceManager: its YARN client's configuration, with the wait for an
 * unreachable ResourceManager bounded unless the user set it, and the error that names an
 * unreachable one as what the user can check ({@code HADOOP_CONF_DIR}).
 */
final class RmConnection {
    private RmConnection() {}

    /** How long the client tries to reach the ResourceManager unless the configuration says. */
    static final long RM_CONNECT_WAIT_MS = 60_000;

    /**
     * The YARN client's configuration: {@code yarn.resourcemanager.connect.max-wait.ms} bounded to
     * {@value #RM_CONNECT_WAIT_MS} ms unless a site file or {@code -D} set it (Hadoop's default is
     * 15 minutes, retried every 30 s: a client pointed at no cluster, e.g. without {@code
     * HADOOP_CONF_DIR}, seemed to hang).
     */
    static Configuration clientConf(Configuration conf) {
        String key =
                org.apache.hadoop.yarn.conf.YarnConfiguration.RESOURCEMANAGER_CONNECT_MAX_WAIT_MS;
        if (!defaulted(conf, key)) {
            return conf;
        }
        Configuration bounded = new Configuration(conf);
        bounded.setLong(key, RM_CONNECT_WAIT_MS);
        String interval =
                org.apache.hadoop.yarn.conf.YarnConfiguration
                        .RESOURCEMANAGER_CONNECT_RETRY_INTERVAL_MS;
        bounded.setLong(interval, Math.min(conf.getLong(interval, 30_000), 5_000));
        // the RM proxy's retries make the bound: without this each of them also retries the
        // connection 10 times a second apart (measured: 113 s for a 2 s wait)
        String ipc =
                org.apache.hadoop.fs.CommonConfigurationKeysPublic
                        .IPC_CLIENT_CONNECT_MAX_RETRIES_KEY;
        if (defaulted(conf, ipc)) {
            bounded.setInt(ipc, 0);
        }
        return bounded;
    }

    private static boolean defaulted(Configuration conf, String key) {
        String[] sources = conf.getPropertySources(key);
        return sources == null
                || java.util.Arrays.stream(sources).allMatch(s -> s.endsWith("-default.xml"));
    }

    /** An unreachable ResourceManager, said as what the user can check. */
    static IOException unreachable(Configuration conf, IOException e) {
        String key = org.apache.hadoop.yarn.conf.YarnConfiguration.RM_ADDRESS;
        return new IOException(
                "cannot reach the ResourceManager at "
                        + conf.get(
                                key,
                                org.apache.hadoop.yarn.conf.YarnConfiguration.DEFAULT_RM_ADDRESS)
                        + " ("
                        + key
                        + "; yarn.resourcemanager.connect.max-wait.ms = "
                        + clientConf(conf)
                                .get(
                                        org.apache.hadoop.yarn.conf.YarnConfiguration
                                                .RESOURCEMANAGER_CONNECT_MAX_WAIT_MS)
                        + "): is HADOOP_CONF_DIR set to the cluster's configuration directory? ("
                        + e
                        + ")",
                e);
    }
}
