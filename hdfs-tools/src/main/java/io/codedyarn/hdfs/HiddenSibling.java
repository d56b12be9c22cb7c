package io.codedyarn.hdfs;

import java.util.UUID;
import org.apache.hadoop.fs.Path;

/**
 * The hidden sibling {@code .<name>.<kind>-<12 hex>} of a target path, through which coded-yarn's
 * atomic writes go: the writer fills the sibling and renames it onto the target, or moves an old
 * target aside into one. Beside the target, so that the rename is one operation within one
 * directory; hidden (a leading dot), so that Hadoop's readers of {@code part-*} files and tools
 * skip it; random, so that two writers of one target never share one. The kinds: {@link #TMP} (what
 * is being written), {@link #OLD} (a replaced target moved aside), {@link #IMPORT} (an import's
 * intermediate dataset).
 */
public final class HiddenSibling {
    private HiddenSibling() {}

    /** What is being written: {@code .<name>._tmp-<hex>}, as docs/commands.md names it. */
    public static final String TMP = "_tmp";

    /** A replaced target moved aside until the new one is in place. */
    public static final String OLD = "_old";

    /** An import's intermediate dataset. */
    public static final String IMPORT = "_import";

    /** A fresh hidden sibling of {@code target} (not created; {@code target} has a parent). */
    public static Path of(Path target, String kind) {
        String hex = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        return new Path(target.getParent(), prefix(target, kind) + hex);
    }

    /** Whether {@code p} is named as a hidden sibling of {@code target} of this {@code kind}. */
    public static boolean isOf(Path p, Path target, String kind) {
        return p.getName().startsWith(prefix(target, kind));
    }

    private static String prefix(Path target, String kind) {
        return "." + target.getName() + "." + kind + "-";
    }
}
