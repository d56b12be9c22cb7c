package io.codedyarn.am.model;

import java.io.IOException;
import java.util.UUID;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * An output directory that appears whole or not at all: files go into a hidden sibling {@code
 * .<name>._tmp-<hex>} (hidden, so Hadoop tools and readers of {@code part-*} files skip it), which
 * {@link #commit} renames onto the target (one NameNode operation on HDFS); {@link #close} without
 * commit deletes it. An existing target is refused before anything is written.
 */
public final class StagedOutput implements AutoCloseable {
    private final FileSystem fs;
    private final Path target;
    private final Path temp;
    private boolean committed;

    private StagedOutput(FileSystem fs, Path target, Path temp) {
        this.fs = fs;
        this.target = target;
        this.temp = temp;
    }

    /**
     * Creates the temporary directory beside {@code target}.
     *
     * @throws IllegalArgumentException naming {@code --out}: it exists, or it is the root
     */
    public static StagedOutput create(FileSystem fs, Path target) throws IOException {
        refuseExisting(fs, target);
        String hex = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        Path temp = new Path(target.getParent(), "." + target.getName() + "._tmp-" + hex);
        if (!fs.mkdirs(temp)) {
            throw new IOException("cannot create " + temp);
        }
        return new StagedOutput(fs, target, temp);
    }

    /** Refuses an existing {@code target} (before any work). */
    public static void refuseExisting(FileSystem fs, Path target) throws IOException {
        if (target.getParent() == null) {
            throw new IllegalArgumentException("--out: cannot write at the root");
        }
        if (fs.exists(target)) {
            throw new IllegalArgumentException(
                    "--out: " + target + " already exists (nothing was written)");
        }
    }

    /** Where the files go until the commit. */
    public Path dir() {
        return temp;
    }

    public Path target() {
        return target;
    }

    /** Renames the directory onto the target. */
    public void commit() throws IOException {
        if (fs.exists(target)) {
            throw new IllegalArgumentException(
                    "--out: " + target + " appeared while writing; nothing was written to it");
        }
        if (!fs.rename(temp, target)) {
            throw new IOException("cannot rename " + temp + " to " + target);
        }
        committed = true;
    }

    @Override
    public void close() throws IOException {
        if (!committed) {
            fs.delete(temp, true);
        }
    }
}
