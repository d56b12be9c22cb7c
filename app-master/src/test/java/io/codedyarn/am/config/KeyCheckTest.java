package io.codedyarn.am.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.GenericOptionsParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Unknown coded-yarn.* keys are named with where they were set and the closest known key. */
class KeyCheckTest {
    @Test
    void namesTheKeyItsSourceAndTheClosestKnownKey(@TempDir Path dir) throws Exception {
        Path site = dir.resolve(ConfigFiles.SITE_XML);
        TestingSiteXml.write(
                site, Map.of("coded-yarn.worker.memory", "1024", "coded-yarn.queue", "q"));
        Configuration conf = new Configuration(false);
        ConfigFiles.addTo(conf, dir, null);
        new GenericOptionsParser(
                conf,
                new String[] {
                    "-D",
                    "coded-yarn.wroker.memory-mb=1024",
                    "-D",
                    "coded-yarn.foo=1",
                    "-D",
                    "yarn.anything=1",
                    "-D",
                    "coded-yarn.internal.x=1"
                });

        assertThat(KeyCheck.unknownKeys(conf, List.of("coded-yarn.internal.x")))
                .containsExactly(
                        "unknown configuration key coded-yarn.foo (from -D)",
                        "unknown configuration key coded-yarn.worker.memory (from "
                                + site
                                + "); did you mean coded-yarn.worker.memory-mb?",
                        "unknown configuration key coded-yarn.wroker.memory-mb (from -D);"
                                + " did you mean coded-yarn.worker.memory-mb?");
    }

    @Test
    void everyKeyOfTheDefaultsIsKnown() {
        Configuration conf = new Configuration(false);
        conf.addResource(ConfigFiles.defaults());
        assertThat(KeyCheck.unknownKeys(conf, List.of())).isEmpty();
    }

    @Test
    void distanceAndStrictness() {
        assertThat(Nearest.distance("kitten", "sitting")).isEqualTo(3);
        assertThat(Nearest.distance("", "abc")).isEqualTo(3);
        assertThat(KeyCheck.closest("coded-yarn.liveness.task-factr"))
                .isEqualTo("coded-yarn.liveness.task-factor");
        Configuration conf = new Configuration(false);
        assertThat(KeyCheck.strict(conf)).isTrue();
        conf.set(ConfigFiles.STRICT_KEYS.name(), "false");
        assertThat(KeyCheck.strict(conf)).isFalse();
        conf.set(ConfigFiles.STRICT_KEYS.name(), "no");
        assertThatThrownBy(() -> KeyCheck.strict(conf))
                .hasMessageContaining("coded-yarn.strict-keys: cannot parse 'no'");
    }
}
