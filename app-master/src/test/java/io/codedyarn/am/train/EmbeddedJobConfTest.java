package io.codedyarn.am.train;

import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.am.config.TestingSiteXml;
import io.codedyarn.am.yarn.ConfigFiles;
import java.nio.file.Path;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An embedded run's job configuration: the embedded cluster's own value of a key stays unless the
 * client's configuration sets the key beyond its default (site file, -conf, -D).
 */
class EmbeddedJobConfTest {
    @Test
    void keysAtTheirDefaultKeepTheClustersValue(@TempDir Path dir) throws Exception {
        TestingSiteXml.write(
                dir.resolve(ConfigFiles.SITE_XML), Map.of("coded-yarn.report.interval-ms", "300"));
        Configuration client = new Configuration(false);
        ConfigFiles.addTo(client, dir, null);
        client.set("coded-yarn.worker.vcores", "2");
        Configuration cluster = new Configuration(false);
        cluster.set("coded-yarn.locality.wait-seconds", "5");
        cluster.set("coded-yarn.report.interval-ms", "200");

        Configuration job = ClusterTrain.jobConf(cluster, client);

        assertThat(client.get("coded-yarn.locality.wait-seconds")).isEqualTo("30");
        assertThat(job.get("coded-yarn.locality.wait-seconds")).isEqualTo("5");
        assertThat(job.get("coded-yarn.report.interval-ms")).isEqualTo("300");
        assertThat(job.get("coded-yarn.worker.vcores")).isEqualTo("2");
        assertThat(job.get("coded-yarn.seed")).isNull(); // a default: the AM's typed default
    }
}
