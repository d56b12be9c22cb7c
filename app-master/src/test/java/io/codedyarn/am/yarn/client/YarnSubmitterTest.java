package io.codedyarn.am.yarn.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codedyarn.am.config.CodedYarnConfig;
import java.net.ServerSocket;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.junit.jupiter.api.Test;

/** The client's wait for a ResourceManager it cannot reach is bounded and says what to check. */
class YarnSubmitterTest {
    @Test
    void theClientBoundsItsWaitUnlessTheConfigurationSaysOtherwise() {
        Configuration plain = new YarnConfiguration();
        assertThat(
                        RmConnection.clientConf(plain)
                                .getLong(YarnConfiguration.RESOURCEMANAGER_CONNECT_MAX_WAIT_MS, -1))
                .isEqualTo(60_000);
        // Hadoop's own default (15 minutes) is what a configuration without the key would give
        assertThat(plain.getLong(YarnConfiguration.RESOURCEMANAGER_CONNECT_MAX_WAIT_MS, -1))
                .isEqualTo(900_000);
        Configuration set = new YarnConfiguration();
        set.setLong(YarnConfiguration.RESOURCEMANAGER_CONNECT_MAX_WAIT_MS, 5_000);
        assertThat(RmConnection.clientConf(set)).isSameAs(set);
        assertThat(RmConnection.clientConf(plain).getInt("ipc.client.connect.max.retries", -1))
                .isZero();
    }

    @Test
    void anUnreachableResourceManagerIsNamedWithinTheWait() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort(); // closed again: nothing listens there
        }
        Configuration conf = new YarnConfiguration();
        conf.set(YarnConfiguration.RM_ADDRESS, "127.0.0.1:" + port);
        conf.setLong(YarnConfiguration.RESOURCEMANAGER_CONNECT_MAX_WAIT_MS, 2_000);
        conf.setLong(YarnConfiguration.RESOURCEMANAGER_CONNECT_RETRY_INTERVAL_MS, 200);
        conf.setInt("ipc.client.connect.max.retries", 0); // as clientConf sets it when unset
        long t0 = System.nanoTime();
        try (YarnSubmitter s = new YarnSubmitter(conf, CodedYarnConfig.defaults().yarn())) {
            assertThatThrownBy(() -> s.submit(null, null))
                    .hasMessageStartingWith(
                            "cannot reach the ResourceManager at 127.0.0.1:"
                                    + port
                                    + " (yarn.resourcemanager.address;"
                                    + " yarn.resourcemanager.connect.max-wait.ms = 2000): is"
                                    + " HADOOP_CONF_DIR set to the cluster's configuration"
                                    + " directory?");
        }
        assertThat((System.nanoTime() - t0) / 1e9).isLessThan(30);
    }
}
