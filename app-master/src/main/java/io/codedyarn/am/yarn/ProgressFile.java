package io.codedyarn.am.yarn;

import io.codedyarn.coordinator.trace.IterationRecord;
import io.codedyarn.coordinator.trace.JobJson;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.fs.FileContext;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Options;
import org.apache.hadoop.fs.Path;

/**
 * The training progress the ApplicationMaster publishes for the client's progress line: one small
 * JSON document, {@code <home>/.coded-yarn/<appId>/progress.json} (the job's staging directory,
 * beside the checkpoints; the client deletes it with the staging directory at the end).
 *
 * <p>Why a file on the cluster's file system, and not the application report or the tracking page:
 * the report carries only a progress fraction while the application runs (an AM sets its
 * diagnostics only when it unregisters), and the tracking page is reached through the RM's web
 * proxy, which on a secured cluster asks for SPNEGO and on the embedded cluster has no fixed
 * address. The staging directory is already the client's and the AM's shared place, readable and
 * writable with the credentials both already hold (the client staged the job there, the AM writes
 * its checkpoints there with the job's delegation tokens), and the document outlives a dying AM
 * attempt.
 *
 * <p>A writer replaces the file by writing {@code progress.json.tmp} and renaming it over the old
 * one (an atomic replacing rename), so a reader sees a whole document or none ({@link #read}
 * returns null before the first round, and the client keeps its last snapshot).
 */
public final class ProgressFile {
    public static final String NAME = "progress.json";

    private ProgressFile() {}

    /**
     * One published state: the last round's index (what {@code --iterations} counts; −1 before the
     * first round), the coordinator's seconds since the first broadcast, its metric (F, or PCA's
     * explained variance) and relative gap (NaN: no reference), how many of the job's {@code
     * workers} containers are running (what the wait before the first round is made of), and how
     * many workers' first containers are not ready yet ({@code starting}: an exact code trains once
     * n − s are, and the others join later).
     */
    public record Snapshot(
            long iteration,
            double seconds,
            double objective,
            double gap,
            int running,
            int workers,
            int starting) {
        /** Without the workers still starting (0). */
        public Snapshot(
                long iteration,
                double seconds,
                double objective,
                double gap,
                int running,
                int workers) {
            this(iteration, seconds, objective, gap, running, workers, 0);
        }

        /** {@code r} null: before the first round. */
        public static Snapshot of(IterationRecord r, int running, int workers, int starting) {
            return r == null
                    ? new Snapshot(-1, 0, Double.NaN, Double.NaN, running, workers, starting)
                    : new Snapshot(
                            r.iteration(),
                            r.seconds(),
                            r.objective(),
                            r.gap(),
                            running,
                            workers,
                            starting);
        }

        /** Whether a round was done. */
        public boolean started() {
            return iteration >= 0;
        }
    }

    /** The file for {@code applicationId} on {@code fs} (the job's staging directory). */
    public static Path path(FileSystem fs, String applicationId) {
        return fs.makeQualified(
                new Path(fs.getHomeDirectory(), ".coded-yarn/" + applicationId + "/" + NAME));
    }

    /** Replaces the document at {@code file} with {@code s}. */
    public static void write(FileSystem fs, Path file, Snapshot s) throws IOException {
        Path tmp = new Path(file.getParent(), NAME + ".tmp");
        try (OutputStream o = fs.create(tmp, true)) {
            o.write(JobJson.write(s).getBytes(StandardCharsets.UTF_8));
        }
        // FileSystem#rename does not replace an existing file on HDFS; FileContext's does, in one
        // NameNode operation
        FileContext.getFileContext(fs.getUri(), fs.getConf())
                .rename(tmp, file, Options.Rename.OVERWRITE);
    }

    /** The document at {@code file}; null when there is none (yet) or it cannot be read now. */
    public static Snapshot read(FileSystem fs, Path file) {
        try (InputStream in = fs.open(file)) {
            String json = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return JobJson.read(json, Snapshot.class, file.toString());
        } catch (IOException | IllegalArgumentException e) {
            return null; // absent before the first round, or replaced while we looked
        }
    }
}
