package io.codedyarn.am.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.cert.X509Certificate;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.server.MiniYARNCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The embedded RM's proxy CA is made once and handed to the next RM, through a directory only its
 * user may enter.
 */
class ProxyCaCacheIT {
    @Test
    void theSecondResourceManagerRecoversTheFirstOnesCa(@TempDir Path tmp) throws Exception {
        System.setProperty("test.build.data", tmp.resolve("yarn").toString());
        ProxyCaCache cache = new ProxyCaCache(tmp.resolve("proxy-ca"));

        X509Certificate first = startAndStop(cache, false);
        assertThat(Files.getPosixFilePermissions(tmp.resolve("proxy-ca")))
                .isEqualTo(PosixFilePermissions.fromString("rwx------"));
        assertThat(tmp.resolve("proxy-ca/proxy-ca.key")).isRegularFile();

        X509Certificate second = startAndStop(cache, true);
        assertThat(second).isEqualTo(first);

        // a directory others may enter is not trusted: the RM makes a pair of its own
        Files.setPosixFilePermissions(
                tmp.resolve("proxy-ca"), PosixFilePermissions.fromString("rwxr-xr-x"));
        X509Certificate third = startAndStop(cache, false);
        assertThat(third).isNotEqualTo(first);
    }

    /** Starts a one-node MiniYARNCluster with the cache as the embedded cluster does. */
    private static X509Certificate startAndStop(ProxyCaCache cache, boolean offered) {
        MiniYARNCluster yarn = new MiniYARNCluster("proxy-ca-test", 1, 1, 1);
        try {
            YarnConfiguration conf = new YarnConfiguration();
            // the shaded minicluster has no capacity-scheduler.xml (as MiniClusterStart sets)
            conf.set("yarn.scheduler.capacity.root.queues", "default");
            conf.set("yarn.scheduler.capacity.root.default.capacity", "100");
            yarn.init(conf);
            assertThat(cache.offer(yarn)).isEqualTo(offered);
            yarn.start();
            if (!offered) {
                cache.keep(yarn);
            }
            return yarn.getResourceManager()
                    .getRMContext()
                    .getProxyCAManager()
                    .getProxyCA()
                    .getCaCert();
        } finally {
            yarn.stop();
        }
    }
}
