package io.codedyarn.am.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The containers' site files hold only what differs from Hadoop's defaults, and a container's
 * configuration built from them has every value the cluster's has.
 */
class SiteFilesTest {
    @Test
    void keepsOnlyTheKeysTheDefaultsDoNotGive() {
        Configuration cluster = new YarnConfiguration(new HdfsConfiguration());
        cluster.set("fs.defaultFS", "hdfs://localhost:5678"); // changed
        cluster.set("coded-yarn.embedded.conf-dir", "/x"); // no default at all
        cluster.set("io.file.buffer.size", new Configuration().getRaw("io.file.buffer.size"));

        Configuration diff = SiteFiles.differences(cluster);

        assertThat(diff.getRaw("fs.defaultFS")).isEqualTo("hdfs://localhost:5678");
        assertThat(diff.getRaw("coded-yarn.embedded.conf-dir")).isEqualTo("/x");
        assertThat(diff.getRaw("io.file.buffer.size")).isNull();
        assertThat(diff.getRaw("yarn.nodemanager.vmem-check-enabled")).isNull();
        // exactly the two keys set above beyond what this JVM's defaults already differ in
        // (other tests in this JVM may have set system-wide keys)
        Configuration untouched = new YarnConfiguration(new HdfsConfiguration());
        assertThat(diff.size()).isEqualTo(SiteFiles.differences(untouched).size() + 2);
    }

    @Test
    void aContainerSeesEveryValueOfTheCluster(@TempDir Path dir) throws Exception {
        Configuration cluster = new YarnConfiguration(new HdfsConfiguration());
        cluster.set("fs.defaultFS", "hdfs://localhost:5678");
        cluster.set("yarn.resourcemanager.address", "localhost:1234");
        cluster.setInt("dfs.replication", 2);
        cluster.setBoolean("yarn.nodemanager.vmem-check-enabled", false);

        SiteFiles.write(cluster, dir);

        // as a container reads them: the three site files after each of the defaults
        Configuration container = new Configuration(false);
        for (String name : new String[] {"core", "hdfs", "yarn"}) {
            container.addResource(name + "-default.xml");
            container.addResource(dir.resolve(name + "-site.xml").toUri().toURL());
        }
        for (Map.Entry<String, String> e : cluster) {
            assertThat(container.getRaw(e.getKey())).as(e.getKey()).isEqualTo(e.getValue());
        }
        // each file holds the differences and nothing else
        Configuration written = new Configuration(false);
        written.addResource(dir.resolve("core-site.xml").toUri().toURL());
        assertThat(written.size()).isEqualTo(SiteFiles.differences(cluster).size());
        assertThat(Files.readString(dir.resolve("yarn-site.xml")))
                .isEqualTo(Files.readString(dir.resolve("core-site.xml")));
    }
}
