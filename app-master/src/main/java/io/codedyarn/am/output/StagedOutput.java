package io.codedyarn.am.output;

import io.codedyarn.hdfs.HiddenSibling;
import java.io.IOException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * An output that appears whole or not at all: it is written at a hidden sibling {@code
 * .<name>._tmp-<hex>} (same directory, so the same file system; hidden, so Hadoop tools and readers
 * of {@code part-*} files skip it), which {@link #commit} renames onto the target (one NameNode
 * operation on HDFS, one rename(2) on a local disk); {@link #close} without commit deletes it.
 * {@code predict}'s part files use a directory from {@link #create}; {@code export} writes a file
 * or a directory at the name {@link #reserve} gives, on the raw local file system.
 */
public final class StagedOutput implements AutoCloseable {
    private final FileSystem fs;
    private final Path target;
    private final Path temp;
    private final String appeared;
    private boolean committed;

    private StagedOutput(FileSystem fs, Path target, Path temp, String appeared) {
        this.fs = fs;
        this.target = target;
        this.temp = temp;
        this.appeared = appeared;
    }

    /**
     * Refuses an existing {@code target} and creates the temporary directory beside it.
     *
     * @throws IllegalArgumentException naming {@code --out}: it exists, or it is the root
     */
    public static StagedOutput create(FileSystem fs, Path target) throws IOException {
        refuseExisting(fs, target);
        StagedOutput staged =
                new StagedOutput(
                        fs,
                        target,
                        temporary(target),
                        "--out: " + target + " appeared while writing; nothing was written to it");
        if (!fs.mkdirs(staged.temp)) {
            throw new IOException("cannot create " + staged.temp);
        }
        return staged;
    }

    /**
     * Names the temporary path beside {@code target} (its parent directories created) without
     * creating it: the writer makes a file or a directory there. The caller has refused an existing
     * target in its own words.
     *
     * @param appeared the message of a target that appears before {@link #commit}
     */
    public static StagedOutput reserve(FileSystem fs, Path target, String appeared)
            throws IOException {
        if (target.getParent() == null) {
            throw new IllegalArgumentException("--out: cannot write at the root");
        }
        if (!fs.mkdirs(target.getParent())) {
            throw new IOException("cannot create " + target.getParent());
        }
        return new StagedOutput(fs, target, temporary(target), appeared);
    }

    private static Path temporary(Path target) {
        return HiddenSibling.of(target, HiddenSibling.TMP);
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

    /** Where the output is written until the commit. */
    public Path dir() {
        return temp;
    }

    public Path target() {
        return target;
    }

    /**
     * Renames the temporary path onto the target.
     *
     * @throws IllegalArgumentException the target appeared meanwhile (it is left as it is)
     */
    public void commit() throws IOException {
        // Checked first: a rename onto an existing directory would move the output inside it.
        if (fs.exists(target)) {
            throw new IllegalArgumentException(appeared);
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
