package io.codedyarn.am.yarn;

import java.io.IOException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;

/**
 * The user's private directory on the cluster's file system, {@code <home>/.coded-yarn}: each
 * application's staging directory ({@code <application id>/}: job files, jar, checkpoints, data
 * re-placed for replacements) and {@code train}'s working directories ({@code runs/}: the placed
 * copies of the training data). Owner only (700), as Spark's and MapReduce's staging directories
 * are: the files inside keep the default umask, and the directory's mode keeps other users out.
 */
public final class StagingDirs {
    /** rwx------ */
    public static final FsPermission PRIVATE = new FsPermission((short) 0700);

    private StagingDirs() {}

    /** {@code <home>/.coded-yarn}, created 700 (an existing one is made 700). */
    public static Path root(FileSystem fs) throws IOException {
        Path root = fs.makeQualified(new Path(fs.getHomeDirectory(), ".coded-yarn"));
        if (!fs.exists(root)) {
            FileSystem.mkdirs(fs, root, PRIVATE); // mkdirs, then the mode, whatever the umask
        } else if (!fs.getFileStatus(root).getPermission().equals(PRIVATE)) {
            fs.setPermission(root, PRIVATE);
        }
        return root;
    }

    /** {@code <home>/.coded-yarn/<name>}, created 700 under a 700 {@link #root}. */
    public static Path create(FileSystem fs, String name) throws IOException {
        Path dir = new Path(root(fs), name);
        FileSystem.mkdirs(fs, dir, PRIVATE);
        return dir;
    }

    /** An application's staging directory (it may not exist). */
    public static Path of(FileSystem fs, String applicationId) {
        return fs.makeQualified(new Path(fs.getHomeDirectory(), ".coded-yarn/" + applicationId));
    }
}
