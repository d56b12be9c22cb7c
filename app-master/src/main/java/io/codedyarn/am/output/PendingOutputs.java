package io.codedyarn.am.output;

import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.coordinator.trace.RunResult;
import java.io.IOException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * An output directory being written by a run that streams its logs ({@link RunOutputs#open}): the
 * hidden temporary sibling of {@code --out}, which the run's {@link StreamedTrace} writes to as it
 * trains and {@link #commit} completes and renames onto {@code --out}, atomically as {@link
 * RunOutputs#write} does. Used on the thread that runs the coordinator.
 */
public final class PendingOutputs {
    private final FileSystem fs;
    private final Path target;
    private final Path tmp;
    private final boolean replace;
    private final StreamedTrace trace;

    PendingOutputs(FileSystem fs, Path target, Path tmp, boolean replace, StreamedTrace trace) {
        this.fs = fs;
        this.target = target;
        this.tmp = tmp;
        this.replace = replace;
        this.trace = trace;
    }

    /** The sink the run's coordinator writes its records to ({@code Coordinator.trace}). */
    public StreamedTrace trace() {
        return trace;
    }

    /** The temporary directory the files are written to. */
    public Path directory() {
        return tmp;
    }

    /**
     * The run ended: finishes the streamed files, writes the others ({@code model.csv}, {@code
     * model.json}, {@code summary.json}, {@code job.json}, {@code checkpoint.ckpt}) and renames the
     * directory onto {@code out} (moving a replaced one aside first). A failure leaves {@code out}
     * as it was and the temporary directory for a later attempt that resumes from a checkpoint
     * (whose rows it holds).
     *
     * @param data the trained dataset, for {@code model.json} (null: no {@code model.json})
     * @param checkpoint the run's last checkpoint's bytes; null: none
     */
    public void commit(
            TrainSpec spec,
            ModelDataset data,
            RunSummary summary,
            RunResult result,
            byte[] checkpoint)
            throws IOException {
        trace.finish();
        RunOutputs.complete(
                fs,
                tmp,
                summary,
                result,
                RunOutputs.components(spec),
                RunOutputs.intercept(spec),
                new RunOutputs.RunInputs(spec, data),
                checkpoint);
        RunOutputs.rename(fs, target, tmp, replace);
        trace.deleteEarlierTemporary(target);
    }

    /**
     * The run did not end in outputs (it could not start, or failed before it trained): deletes the
     * temporary directory, unless a checkpoint may count rows only it holds (then {@code train
     * --resume} or the next attempt continues from them).
     */
    public void abort() {
        trace.close();
        if (!trace.flushed()) {
            try {
                fs.delete(tmp, true);
            } catch (IOException e) {
                // a hidden directory left behind; nothing refers to it
            }
        }
    }
}
