package io.codedyarn.am.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URL;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The embedded HDFS's context class loader hides WebHDFS's package directories from a package scan
 * and changes nothing else: every other resource and every class comes from its parent.
 */
class HiddenPackagesClassLoaderTest {
    private final ClassLoader parent = getClass().getClassLoader();
    private final HiddenPackagesClassLoader loader =
            new HiddenPackagesClassLoader(parent, HiddenPackagesClassLoader.WEBHDFS_PACKAGES);

    @Test
    void theWebHdfsPackagesAreOnTheClassPathButHidden() throws Exception {
        for (String dir : HiddenPackagesClassLoader.WEBHDFS_PACKAGES) {
            // the parent finds the directory in the Hadoop jars: there is something to hide
            assertThat(Collections.list(parent.getResources(dir))).as(dir).isNotEmpty();
            assertThat(Collections.list(loader.getResources(dir))).as(dir).isEmpty();
            assertThat(Collections.list(loader.getResources(dir + "/"))).as(dir + "/").isEmpty();
        }
    }

    @Test
    void everyOtherResourceIsTheParents() throws Exception {
        for (String name :
                List.of(
                        "org/apache/hadoop/hdfs/web",
                        "org/apache/hadoop/hdfs/server/namenode",
                        "hdfs-default.xml")) {
            List<URL> mine = Collections.list(loader.getResources(name));
            assertThat(mine)
                    .as(name)
                    .isNotEmpty()
                    .isEqualTo(Collections.list(parent.getResources(name)));
        }
    }

    @Test
    void classesInTheHiddenPackagesAreTheParentsClasses() throws Exception {
        String name = "org.apache.hadoop.hdfs.web.resources.Param";
        assertThat(loader.loadClass(name)).isSameAs(parent.loadClass(name));
        assertThat(Class.forName(name, false, loader)).isSameAs(Class.forName(name, false, parent));
    }
}
