package io.codedyarn.am.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.server.MiniYARNCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ResourceManager builds tracking URLs from the web-proxy address it cached while starting:
 * with MiniYARNCluster's port 0 that address says port 0 (why {@link RmWebPort} exists); with the
 * port chosen before the start it is the port the RM's web app listens on.
 */
class RmWebPortIT {
    @Test
    void theProxyAddressIsTheBoundPortOnlyWhenChosenBeforeTheStart(@TempDir Path tmp)
            throws Exception {
        System.setProperty("test.build.data", tmp.resolve("yarn").toString());
        assertThat(proxyAddressAndBoundPort(false)[0]).endsWith(":0");

        String[] fixed = proxyAddressAndBoundPort(true);
        assertThat(fixed[0]).isEqualTo("localhost:" + fixed[1]);
        assertThat(Integer.parseInt(fixed[1])).isPositive();
    }

    /** {proxy address the RM caches, port its web app bound} of a one-node MiniYARNCluster. */
    private static String[] proxyAddressAndBoundPort(boolean fix) throws Exception {
        MiniYARNCluster yarn = new MiniYARNCluster("rm-web-port-test", 1, 1, 1);
        try {
            YarnConfiguration conf = new YarnConfiguration();
            // the shaded minicluster has no capacity-scheduler.xml (as MiniClusterStart sets)
            conf.set("yarn.scheduler.capacity.root.queues", "default");
            conf.set("yarn.scheduler.capacity.root.default.capacity", "100");
            if (fix) {
                RmWebPort.fix(conf);
            }
            yarn.init(conf);
            yarn.start();
            String bound = yarn.getConfig().get(YarnConfiguration.RM_WEBAPP_ADDRESS);
            // what every application's tracking URL is built from
            java.net.URI proxied =
                    java.net.URI.create(
                            yarn.getResourceManager()
                                    .getRMContext()
                                    .getAppProxyUrl(
                                            yarn.getResourceManager().getConfig(),
                                            ApplicationId.newInstance(1, 1)));
            return new String[] {
                proxied.getHost() + ":" + proxied.getPort(),
                bound.substring(bound.lastIndexOf(':') + 1)
            };
        } finally {
            yarn.stop();
        }
    }
}
