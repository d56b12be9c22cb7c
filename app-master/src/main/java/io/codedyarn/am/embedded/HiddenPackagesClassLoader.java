package io.codedyarn.am.embedded;

import java.io.IOException;
import java.net.URL;
import java.util.Collections;
import java.util.Enumeration;
import java.util.Set;

/**
 * A class loader that loads everything through its parent but answers {@link #getResources} with
 * nothing for a few package directories: set as the context class loader of the thread that starts
 * the embedded HDFS, it keeps Jersey from scanning for the NameNode's WebHDFS resources.
 *
 * <p>Why: Hadoop 3.5's {@code NameNodeHttpServer.initWebHdfs} registers WebHDFS on every NameNode
 * (no key of 3.5 turns it off: {@code dfs.webhdfs.enabled} is read nowhere), as Jersey package
 * names. Jersey finds a package's classes by asking the thread's context class loader (at the
 * moment the names are registered) for the package directory, then reads every jar that has it from
 * the first entry to the last through a {@code JarInputStream}, inflating each entry on the way:
 * the 56 MB minicluster jar twice and the 20 MB client API jar once, 2.9 s of the embedded HDFS's
 * 4.4 s start on 2 cores, on its critical path (docs/performance.md). Nothing here speaks WebHDFS,
 * so the embedded NameNode serves it with no resources (404) instead. Classes still come from the
 * parent, so every class is the same class as elsewhere in the JVM.
 */
final class HiddenPackagesClassLoader extends ClassLoader {
    /** The packages {@code initWebHdfs} names: its resources and their parameter types. */
    static final Set<String> WEBHDFS_PACKAGES =
            Set.of(
                    "org/apache/hadoop/hdfs/server/namenode/web/resources",
                    "org/apache/hadoop/hdfs/web/resources");

    private final Set<String> hidden;

    HiddenPackagesClassLoader(ClassLoader parent, Set<String> hiddenDirectories) {
        super("coded-yarn-hidden-packages", parent);
        this.hidden = Set.copyOf(hiddenDirectories);
    }

    @Override
    public Enumeration<URL> getResources(String name) throws IOException {
        String dir = name.endsWith("/") ? name.substring(0, name.length() - 1) : name;
        if (hidden.contains(dir)) {
            return Collections.emptyEnumeration();
        }
        return super.getResources(name);
    }
}
