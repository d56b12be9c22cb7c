package io.codedyarn.am.yarn.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.am.config.CodedYarnConfig;
import io.codedyarn.am.config.ConfigKey;
import io.codedyarn.am.config.Keys;
import io.codedyarn.am.config.TestingSiteXml;
import io.codedyarn.am.yarn.ConfigFiles;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.GenericOptionsParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The AM's view of the configuration: the staged coded-yarn-site.xml holds every value the client
 * resolved from its defaults, site files, -conf and -D.
 */
class StagedSiteTest {
    @Test
    void theAmSeesTheClientsResolvedValues(@TempDir Path dir) throws Exception {
        TestingSiteXml.write(
                dir.resolve(ConfigFiles.SITE_XML), Map.of("coded-yarn.worker.memory-mb", "1024"));
        Configuration client = new Configuration(false);
        ConfigFiles.addTo(client, dir, null);
        new GenericOptionsParser(client, new String[] {"-D", "coded-yarn.am.vcores=2"});
        CodedYarnConfig resolved = CodedYarnConfig.parse(client::get);

        String site = new JobStaging(client, resolved.yarn()).siteXml();
        Configuration am = new Configuration(false);
        am.addResource(new ByteArrayInputStream(site.getBytes(StandardCharsets.UTF_8)), "staged");

        for (ConfigKey<?> k : Keys.all()) {
            assertThat(am.get(k.name())).as(k.name()).isEqualTo(client.get(k.name()));
        }
        assertThat(am.get("coded-yarn.worker.memory-mb")).isEqualTo("1024");
        assertThat(am.get("coded-yarn.am.vcores")).isEqualTo("2");
        assertThat(CodedYarnConfig.parse(am::get)).isEqualTo(resolved);
    }
}
