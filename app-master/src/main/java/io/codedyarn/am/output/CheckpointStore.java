package io.codedyarn.am.output;

import io.codedyarn.coordinator.Checkpoints;
import io.codedyarn.coordinator.checkpoint.Checkpoint;
import io.codedyarn.coordinator.checkpoint.CheckpointFile;
import io.codedyarn.coordinator.checkpoint.CheckpointSink;
import io.codedyarn.coordinator.checkpoint.InvalidCheckpointException;
import io.codedyarn.hdfs.HiddenSibling;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The coordinator's {@link CheckpointSink} on a Hadoop file system (HDFS on YARN: the job's
 * directory; the local file system beside {@code --out} for simulated runs). Each checkpoint is
 * written to a hidden temporary file and renamed to {@code checkpoint-<iteration>.ckpt} (one
 * NameNode operation on HDFS, so a reader never sees a partial file); then the older ones are
 * deleted, the previous one last, so a crash at any point leaves at least one whole checkpoint.
 * (Generation names, not one name replaced in place: {@code FileSystem.rename} does not overwrite.)
 * Used on the coordinator's thread only.
 */
public final class CheckpointStore implements CheckpointSink {
    private static final Logger LOG = LoggerFactory.getLogger(CheckpointStore.class);
    private static final String PREFIX = "checkpoint-";
    private static final String SUFFIX = ".ckpt";

    private final FileSystem fs;
    private final Path dir;
    private byte[] last;

    /** Checkpoints go into {@code dir} (created on the first write). */
    public CheckpointStore(FileSystem fs, Path dir) {
        this.fs = fs;
        this.dir = dir;
    }

    public Path dir() {
        return dir;
    }

    @Override
    public void write(Checkpoint checkpoint) throws IOException {
        byte[] bytes = CheckpointFile.encode(checkpoint);
        long t0 = System.nanoTime(); // wall time of the write, logged (measurements)
        fs.mkdirs(dir);
        Path target = new Path(dir, name(checkpoint.iteration()));
        Path tmp = HiddenSibling.of(target, HiddenSibling.TMP);
        try (OutputStream o = fs.create(tmp, false)) {
            o.write(bytes);
        }
        if (fs.exists(target)) {
            // the same iteration again (a resumed run with no round left): the same state
            fs.delete(tmp, false);
        } else if (!fs.rename(tmp, target)) {
            fs.delete(tmp, false);
            throw new IOException("cannot rename " + tmp + " to " + target);
        }
        for (Path old : generations()) {
            if (!old.getName().equals(target.getName())) {
                fs.delete(old, false);
            }
        }
        last = bytes;
        LOG.info(
                "checkpoint after iteration {}: {} ({} bytes, {} ms)",
                checkpoint.iteration(),
                target,
                bytes.length,
                (System.nanoTime() - t0) / 1_000_000);
    }

    /** The bytes of the last checkpoint written (null before the first). */
    public byte[] lastBytes() {
        return last == null ? null : last.clone();
    }

    /**
     * The latest checkpoint in this store that reads back whole; null when there is none. A damaged
     * latest one (a crash mid-way cannot cause it, a disk can) is logged and the one before it is
     * taken.
     *
     * @throws InvalidCheckpointException when there are checkpoints and none reads back
     */
    public Checkpoint latest() throws IOException {
        List<Path> all = generations();
        InvalidCheckpointException first = null;
        for (int i = all.size() - 1; i >= 0; i--) {
            try {
                return read(fs, all.get(i));
            } catch (InvalidCheckpointException e) {
                LOG.warn("skipping a damaged checkpoint: {}", e.getMessage());
                first = first == null ? e : first;
            }
        }
        if (first != null) {
            throw first;
        }
        return null;
    }

    /**
     * Where a local run keeps its checkpoints while it trains: the hidden sibling {@code
     * .<name>.checkpoints} of {@code out} ({@code out} itself is written whole at the end).
     */
    public static Path beside(Path out) {
        return new Path(out.getParent(), "." + out.getName() + ".checkpoints");
    }

    /**
     * The checkpoint {@code train --resume DIR} continues: {@code DIR/checkpoint.ckpt} (a run that
     * ended, failed or not), saying that the rows before it are in DIR's {@code iterations.csv} and
     * {@code events.csv} (it names the temporary directory they were streamed to, renamed to DIR
     * since; a run on YARN reads it from its job directory), else the latest in {@link #beside
     * DIR}'s store (a run whose process died before it wrote its outputs: it names the temporary
     * directory that holds them).
     *
     * @throws InvalidCheckpointException naming DIR when neither exists, or the damaged file
     */
    public static Checkpoint forResume(FileSystem fs, Path dir) throws IOException {
        Path file = new Path(dir, CheckpointFile.NAME);
        if (fs.exists(file)) {
            return Checkpoints.traceAt(read(fs, file), fs.makeQualified(dir).toString());
        }
        Checkpoint c = new CheckpointStore(fs, beside(dir)).latest();
        if (c == null) {
            throw new InvalidCheckpointException(
                    fs.makeQualified(file).toString(),
                    "file",
                    "--resume: no checkpoint there (nor in " + beside(dir).getName() + ")");
        }
        return c;
    }

    /** Reads one checkpoint file; errors name the file (qualified) and the field. */
    public static Checkpoint read(FileSystem fs, Path file) throws IOException {
        Path q = fs.makeQualified(file);
        byte[] bytes;
        try (InputStream in = fs.open(q)) {
            bytes = in.readAllBytes();
        } catch (FileNotFoundException e) {
            throw new InvalidCheckpointException(q.toString(), "file", "does not exist", e);
        }
        return CheckpointFile.decode(q.toString(), bytes);
    }

    /** The whole checkpoints in {@code dir}, oldest first (by iteration). */
    private List<Path> generations() throws IOException {
        List<Path> out = new ArrayList<>();
        if (!fs.exists(dir)) {
            return out;
        }
        for (FileStatus s : fs.listStatus(dir)) {
            String n = s.getPath().getName();
            if (n.startsWith(PREFIX) && n.endsWith(SUFFIX)) {
                out.add(s.getPath());
            }
        }
        out.sort((a, b) -> Long.compare(iteration(a), iteration(b)));
        return out;
    }

    private static long iteration(Path p) {
        String n = p.getName();
        return Long.parseLong(n.substring(PREFIX.length(), n.length() - SUFFIX.length()));
    }

    private static String name(long iteration) {
        return String.format(Locale.ROOT, "%s%010d%s", PREFIX, iteration, SUFFIX);
    }
}
