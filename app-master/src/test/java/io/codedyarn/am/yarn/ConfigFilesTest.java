package io.codedyarn.am.yarn;

import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.am.config.CodedYarnConfig;
import io.codedyarn.am.config.ConfigKey;
import io.codedyarn.am.config.Keys;
import io.codedyarn.am.config.TestingSiteXml;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.GenericOptionsParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The client's configuration layers, lowest first: the defaults in the jar, the installation's site
 * file, {@code $HADOOP_CONF_DIR}'s site file, {@code -conf}, {@code -D}.
 */
class ConfigFilesTest {
    @TempDir Path dir;

    @Test
    void eachLayerOverridesTheOneBelow() throws Exception {
        Path install = Files.createDirectories(dir.resolve("install-conf"));
        Path hadoop = Files.createDirectories(dir.resolve("hadoop-conf"));
        TestingSiteXml.write(
                install.resolve(ConfigFiles.SITE_XML),
                Map.of(
                        "coded-yarn.seed", "7",
                        "coded-yarn.worker.vcores", "2",
                        "coded-yarn.am.vcores", "2",
                        "coded-yarn.lazy.memory", "2"));
        TestingSiteXml.write(
                hadoop.resolve(ConfigFiles.SITE_XML),
                Map.of(
                        "coded-yarn.worker.vcores", "3",
                        "coded-yarn.am.vcores", "3",
                        "coded-yarn.lazy.memory", "3"));
        Path job = dir.resolve("job.xml");
        TestingSiteXml.write(
                job, Map.of("coded-yarn.am.vcores", "4", "coded-yarn.lazy.memory", "4"));

        Configuration conf = new Configuration();
        ConfigFiles.addTo(conf, install, hadoop.toString());
        // as ToolRunner parses the generic options
        String[] rest =
                new GenericOptionsParser(
                                conf,
                                new String[] {
                                    "-conf",
                                    job.toString(),
                                    "-D",
                                    "coded-yarn.lazy.memory=5",
                                    "plan"
                                })
                        .getRemainingArgs();

        assertThat(rest).containsExactly("plan");
        CodedYarnConfig c = CodedYarnConfig.parse(conf::get);
        assertThat(c.verifyTolerance()).isEqualTo(1e-9); // only the default
        assertThat(c.defaultSeed()).isEqualTo(7); // conf/ site over the default
        assertThat(c.yarn().workerVcores()).isEqualTo(3); // HADOOP_CONF_DIR's over conf/'s
        assertThat(c.yarn().amVcores()).isEqualTo(4); // -conf over the site files
        assertThat(c.lazy().memory()).isEqualTo(5); // -D over -conf
        assertThat(ConfigFiles.isDefault(conf, "coded-yarn.verify.tolerance")).isTrue();
        assertThat(ConfigFiles.isDefault(conf, "coded-yarn.seed")).isFalse();
        assertThat(ConfigFiles.source(conf, "coded-yarn.seed"))
                .isEqualTo(install.resolve(ConfigFiles.SITE_XML).toString());
        assertThat(ConfigFiles.source(conf, "coded-yarn.am.vcores")).isEqualTo(job.toString());
        assertThat(ConfigFiles.source(conf, "coded-yarn.lazy.memory")).isEqualTo("-D");
    }

    @Test
    void missingSiteFilesAreSkipped() {
        assertThat(ConfigFiles.siteFiles(dir, dir.resolve("none").toString())).isEmpty();
        assertThat(ConfigFiles.siteFiles(null, " ")).isEmpty();
        Configuration conf = new Configuration(false);
        ConfigFiles.addTo(conf, dir, null);
        assertThat(CodedYarnConfig.parse(conf::get)).isEqualTo(CodedYarnConfig.defaults());
    }

    /** The defaults the jar ships are the ones the code uses, key by key. */
    @Test
    void theShippedDefaultsAreTheTypedDefaults() {
        Configuration shipped = new Configuration(false);
        shipped.addResource(ConfigFiles.defaults());
        Map<String, String> differ = new TreeMap<>();
        for (ConfigKey<?> k : Keys.all()) {
            String xml = shipped.get(k.name());
            String typed = String.valueOf(k.defaultValue());
            if (!sameValue(xml == null ? "" : xml.strip(), typed)) {
                differ.put(k.name(), xml + " in the XML, " + typed + " in the code");
            }
        }
        assertThat(differ).isEmpty();
        assertThat(ConfigFiles.isDefault(shipped, "coded-yarn.seed")).isTrue();
    }

    /** The defaults name every key, and the check knows each: no key of theirs is unknown. */
    @Test
    void everyKeyOfTheDefaultsIsKnown() {
        Configuration shipped = new Configuration(false);
        shipped.addResource(ConfigFiles.defaults());
        java.util.List<String> names = new java.util.ArrayList<>();
        shipped.forEach(e -> names.add(e.getKey()));
        assertThat(
                        io.codedyarn.am.config.KeyCheck.unknownKeys(
                                names, YarnKeys.INTERNAL, k -> ConfigFiles.source(shipped, k)))
                .isEmpty();
    }

    private static boolean sameValue(String xml, String typed) {
        if (xml.equals(typed)) {
            return true;
        }
        try {
            return Double.parseDouble(xml) == Double.parseDouble(typed);
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
