package io.codedyarn.am.cli.data;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Resolves a user's path argument to a FileSystem and a qualified Path: {@code hdfs://...}, {@code
 * file:///...}, or a scheme-less path, which means the default FileSystem of the Hadoop
 * configuration (fs.defaultFS: file:// unless a cluster configuration is on the classpath).
 */
public final class Paths {
    private Paths() {}

    public record Located(FileSystem fs, Path path) {}

    public static Located resolve(String arg, Configuration conf) throws IOException {
        Path p = new Path(arg);
        FileSystem fs = p.getFileSystem(conf);
        return new Located(fs, fs.makeQualified(p));
    }
}
