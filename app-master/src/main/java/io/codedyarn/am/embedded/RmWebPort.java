package io.codedyarn.am.embedded;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.webapp.util.WebAppUtils;

/**
 * The embedded ResourceManager's web port, chosen before it starts. MiniYARNCluster gives the RM's
 * addresses port 0 and records the web app's bound port only once it listens, but Hadoop 3.5's
 * {@code RMContextImpl} has cached the web-proxy address before that and builds every tracking URL
 * from the cache: an application's URL read {@code http://localhost:0/proxy/...}, and the proxy's
 * redirect for an application whose AM had not yet registered went to port 0 too. With {@code
 * yarn.minicluster.fixed.ports} MiniYARNCluster keeps the RM addresses it is given: the RPC ones
 * stay ephemeral (port 0, as MiniYARNCluster would set them), the web app gets a port that was free
 * a moment ago. (Another process may take it in between; {@link MiniClusterStart} then starts YARN
 * once more.) The NodeManagers' addresses are ephemeral either way.
 */
final class RmWebPort {
    static final String HOST = "localhost";

    private RmWebPort() {}

    /** Sets {@code conf}'s RM addresses (before MiniYARNCluster's init); returns the web port. */
    static int fix(Configuration conf) throws IOException {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getByName(HOST))) {
            port = probe.getLocalPort();
        }
        conf.setBoolean(YarnConfiguration.YARN_MINICLUSTER_FIXED_PORTS, true);
        for (String key :
                new String[] {
                    YarnConfiguration.RM_ADDRESS,
                    YarnConfiguration.RM_ADMIN_ADDRESS,
                    YarnConfiguration.RM_SCHEDULER_ADDRESS,
                    YarnConfiguration.RM_RESOURCE_TRACKER_ADDRESS
                }) {
            conf.set(key, HOST + ":0");
        }
        WebAppUtils.setRMWebAppHostnameAndPort(conf, HOST, port);
        return port;
    }
}
