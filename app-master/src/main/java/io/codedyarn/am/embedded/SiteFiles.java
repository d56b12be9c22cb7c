package io.codedyarn.am.embedded;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.hadoop.conf.Configuration;

/**
 * The embedded cluster's {@code core-site.xml}, {@code hdfs-site.xml} and {@code yarn-site.xml} for
 * its containers: only the keys whose value differs from Hadoop's defaults, the same set in each
 * file. The full configuration is some 1,700 keys (260 KB) and every {@code Configuration} of every
 * container JVM parses its site files: with both files written whole, XML parsing was 40% of a
 * worker's start-up CPU samples.
 *
 * <p>Why the same keys in all three files: once {@code HdfsConfiguration} and {@code
 * YarnConfiguration} are loaded, every {@code Configuration} reads core-default, core-site,
 * hdfs-default, hdfs-site, yarn-default, yarn-site (in their classes' load order), and a later file
 * overrides an earlier one; a key written in every site file therefore wins whatever that order is.
 * A key is left out only where every default file that defines it gives the cluster's value, so no
 * effective value changes.
 */
final class SiteFiles {
    private static final List<String> DEFAULTS =
            List.of("core-default.xml", "hdfs-default.xml", "yarn-default.xml");
    private static final List<String> SITES =
            List.of("core-site.xml", "hdfs-site.xml", "yarn-site.xml");

    private SiteFiles() {}

    /** The keys of {@code cluster} that a container would not get from the defaults. */
    static Configuration differences(Configuration cluster) {
        List<Configuration> defaults =
                DEFAULTS.stream()
                        .map(
                                name -> {
                                    Configuration c = new Configuration(false);
                                    c.addResource(name);
                                    return c;
                                })
                        .toList();
        Configuration out = new Configuration(false);
        for (Map.Entry<String, String> e : cluster) {
            if (!fromDefaults(e.getKey(), e.getValue(), defaults)) {
                out.set(e.getKey(), e.getValue());
            }
        }
        return out;
    }

    private static boolean fromDefaults(String key, String value, List<Configuration> defaults) {
        boolean defined = false;
        for (Configuration d : defaults) {
            String v = d.getRaw(key);
            if (v != null) {
                defined = true;
                if (!Objects.equals(v, value)) {
                    return false;
                }
            }
        }
        return defined;
    }

    /** Writes {@link #differences} into the three site files of {@code dir}. */
    static void write(Configuration cluster, Path dir) throws IOException {
        Configuration diff = differences(cluster);
        for (String name : SITES) {
            try (OutputStream out = Files.newOutputStream(dir.resolve(name))) {
                diff.writeXml(out);
            }
        }
    }
}
