package io.codedyarn.am.output;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.checkpoint.CheckpointFile;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.coordinator.trace.AdaptEvent;
import io.codedyarn.coordinator.trace.IterationRecord;
import io.codedyarn.coordinator.trace.JobJson;
import io.codedyarn.coordinator.trace.LatencyRecord;
import io.codedyarn.coordinator.trace.RunResult;
import io.codedyarn.hdfs.HiddenSibling;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Writes a run's outputs to {@code --out}, atomically: every file goes into a hidden sibling {@code
 * .<name>._tmp-<hex>} first, which is then renamed onto {@code out} (one NameNode operation on
 * HDFS). A failure on the way deletes the temporary directory, so {@code out} holds either every
 * file or does not exist. A long run streams its logs there while it trains ({@link #open}: {@link
 * StreamedTrace}), and the directory is completed and renamed the same way when it ends ({@link
 * PendingOutputs#commit}); the bytes are those {@link #write} writes from the logs in memory. Files
 * (the CSV files' text is {@link OutputCsv}'s):
 *
 * <ul>
 *   <li>{@code model.json}: the self-describing model ({@link ModelJson}): feature names, the model
 *       in raw feature space, λ, PCA's components, centring and explained variance, the training's
 *       summary and the dataset's fingerprint; written with the other files, so it is never seen
 *       half-written. Runs given no {@link ModelDataset} (tests) write none
 *   <li>{@code model.csv}: the model as trained, in the dataset's stored columns (kept so that
 *       readers of the older output keep working): one row per feature ({@code feature,value}; the
 *       intercept, when appended, is the last row, named {@code intercept}); PCA: V as d rows of k
 *       columns {@code feature,pc1..pck} (the coordinator's d×k row-major layout)
 *   <li>{@code iterations.csv}: {@link IterationRecord}s ({@code
 *       iteration,seconds,objective,gap,used,stale,discarded,workers_used,iterate,trial}; unknown
 *       gap empty; {@code iteration} counts gradient rounds, {@code trial} is 1 for an L-BFGS
 *       line-search trial that did not become an iterate, {@code iterate} the iterate's index)
 *   <li>{@code latency-trace.csv}: {@link LatencyRecord}s as {@code
 *       iteration,worker,latency,load,sent,received,compute,use}: the first four columns are what
 *       {@code TraceReplay} replays. A task that never came back ({@code lost}) is censored, not
 *       dropped: its latency is the last time the coordinator observed anything minus its send time
 *       (a lower bound), its {@code received} empty.
 *   <li>{@code events.csv}: the adaptation's {@link AdaptEvent}s ({@code
 *       iteration,seconds,worker,node,event,reason}; worker −1 for a node-wide event; header only
 *       when nothing happened)
 *   <li>{@code summary.json}: the {@link RunSummary}
 *   <li>{@code job.json}: the run's {@link TrainSpec} (as staged for the AM, {@link JobJson}), so
 *       that a run's outputs say what was run ({@code advise --check} replays the trace for it)
 *   <li>{@code checkpoint.ckpt}: the run's last checkpoint ({@link CheckpointFile}), from which
 *       {@code train --resume DIR} continues it (a failed run's, or one stopped by its budget)
 * </ul>
 */
public final class RunOutputs {
    public static final String MODEL = "model.csv";
    public static final String ITERATIONS = "iterations.csv";
    public static final String LATENCY_TRACE = "latency-trace.csv";
    public static final String SUMMARY = "summary.json";
    public static final String EVENTS = "events.csv";
    public static final String VALIDATION = "validation.csv";
    public static final String ROC = "roc.json";
    public static final String EVENTS_HEADER = "iteration,seconds,worker,node,event,reason";
    public static final String TRACE_HEADER =
            "iteration,worker,latency,load,sent,received,compute,use";
    public static final String ITERATIONS_HEADER =
            "iteration,seconds,objective,gap,used,stale,discarded,workers_used,iterate,trial";

    private static final ObjectMapper JSON =
            new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private RunOutputs() {}

    /**
     * Refuses an existing output directory (called before training, so a run does not end with
     * nowhere to write).
     */
    public static void checkAbsent(FileSystem fs, Path out) throws IOException {
        if (fs.exists(out)) {
            throw new IllegalArgumentException(
                    "--out: " + fs.makeQualified(out) + " already exists");
        }
        if (out.getParent() == null) {
            throw new IllegalArgumentException("--out: cannot write outputs at the root");
        }
    }

    /**
     * Writes every output, {@code job.json} and {@code model.json} included; the model's shape
     * follows the spec.
     *
     * @param data the trained dataset, for {@code model.json}
     * @param checkpoint the run's last checkpoint ({@link CheckpointFile} bytes; null: none)
     * @param replace {@code out} may exist (a resumed run writing over the run it continued): the
     *     new directory is complete before the old one is moved aside and deleted
     */
    public static void write(
            FileSystem fs,
            Path out,
            TrainSpec spec,
            ModelDataset data,
            RunSummary summary,
            RunResult result,
            byte[] checkpoint,
            boolean replace)
            throws IOException {
        write(
                fs,
                out,
                summary,
                result,
                RunOutputs.components(spec),
                RunOutputs.intercept(spec),
                new RunInputs(spec, data),
                checkpoint,
                replace);
    }

    /** The run's spec and dataset, for {@code job.json} and {@code model.json}. */
    record RunInputs(TrainSpec spec, ModelDataset data) {}

    /** The model's columns: k for PCA (the model is d×k), 1 otherwise. */
    static int components(TrainSpec spec) {
        return spec.workload() == Workload.PCA ? Math.max(1, spec.components()) : 1;
    }

    /** Whether the model's last coordinate is the intercept (LR, LSQ with one). */
    static boolean intercept(TrainSpec spec) {
        return spec.intercept() && spec.workload() != Workload.PCA;
    }

    /**
     * As {@link #write(FileSystem, Path, TrainSpec, ModelDataset, RunSummary, RunResult, byte[],
     * boolean)} without {@code job.json} and {@code model.json}.
     *
     * @param components k for PCA (the model is d×k), 1 otherwise
     * @param intercept whether the model's last coordinate is the intercept (LR, LSQ)
     */
    public static void write(
            FileSystem fs,
            Path out,
            RunSummary summary,
            RunResult result,
            int components,
            boolean intercept)
            throws IOException {
        write(fs, out, summary, result, components, intercept, null, null, false);
    }

    private static void write(
            FileSystem fs,
            Path out,
            RunSummary summary,
            RunResult result,
            int components,
            boolean intercept,
            RunInputs inputs,
            byte[] checkpoint,
            boolean replace)
            throws IOException {
        Path target = fs.makeQualified(out);
        Path tmp = temporary(fs, target, replace);
        try {
            writeText(fs, new Path(tmp, ITERATIONS), OutputCsv.iterations(result.iterationLog()));
            writeText(
                    fs, new Path(tmp, LATENCY_TRACE), OutputCsv.latencyTrace(result.latencyLog()));
            writeText(fs, new Path(tmp, EVENTS), OutputCsv.events(result.events()));
            complete(fs, tmp, summary, result, components, intercept, inputs, checkpoint);
            rename(fs, target, tmp, replace);
        } catch (IOException | RuntimeException e) {
            try {
                fs.delete(tmp, true);
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    /**
     * Opens {@code out} for a run that streams its logs: the hidden temporary sibling is created
     * now and the run's {@link StreamedTrace} writes {@code iterations.csv}, {@code events.csv} and
     * the latency trace's rows into it as they become final; {@link PendingOutputs#commit} adds the
     * other files and renames it onto {@code out}, as {@link #write} does.
     *
     * @param replace {@code out} may exist (a resumed run writing over the run it continued)
     */
    public static PendingOutputs open(FileSystem fs, Path out, boolean replace) throws IOException {
        Path target = fs.makeQualified(out);
        Path tmp = temporary(fs, target, replace);
        try {
            StreamedTrace trace = new StreamedTrace(fs, tmp);
            if (replace) {
                trace.replacing(target);
            }
            return new PendingOutputs(fs, target, tmp, replace, trace);
        } catch (IOException | RuntimeException e) {
            fs.delete(tmp, true);
            throw e;
        }
    }

    /** Creates the hidden temporary sibling of {@code target} (checked absent unless replacing). */
    private static Path temporary(FileSystem fs, Path target, boolean replace) throws IOException {
        if (!replace) {
            checkAbsent(fs, target);
        }
        Path tmp = HiddenSibling.of(target, HiddenSibling.TMP);
        if (!fs.mkdirs(tmp)) {
            throw new IOException("cannot create temporary directory " + tmp);
        }
        return tmp;
    }

    /**
     * Every file but the logs into {@code tmp}.
     *
     * @param inputs the spec ({@code job.json}) and, when known, the dataset ({@code model.json});
     *     null: neither
     */
    static void complete(
            FileSystem fs,
            Path tmp,
            RunSummary summary,
            RunResult result,
            int components,
            boolean intercept,
            RunInputs inputs,
            byte[] checkpoint)
            throws IOException {
        if (result.model() != null) {
            writeText(
                    fs,
                    new Path(tmp, MODEL),
                    OutputCsv.model(result.model(), components, intercept));
            if (inputs != null && inputs.data() != null) {
                writeText(
                        fs,
                        new Path(tmp, ModelJson.FILE),
                        ModelJson.write(ModelJson.of(inputs.spec(), result, inputs.data())));
            }
        }
        writeText(fs, new Path(tmp, SUMMARY), summaryJson(summary));
        if (inputs != null) {
            writeText(fs, new Path(tmp, JobJson.SPEC_FILE), JobJson.write(inputs.spec()));
        }
        if (checkpoint != null) {
            try (OutputStream o = fs.create(new Path(tmp, CheckpointFile.NAME), false)) {
                o.write(checkpoint);
            }
        }
    }

    /**
     * {@code tmp} becomes {@code target} (one rename; a replaced one moved aside, then deleted).
     */
    static void rename(FileSystem fs, Path target, Path tmp, boolean replace) throws IOException {
        Path old = new Path(tmp.getParent(), tmp.getName() + "-replaced");
        if (replace && fs.exists(target) && !fs.rename(target, old)) {
            throw new IOException("cannot move " + target + " aside to " + old);
        }
        if (!fs.rename(tmp, target)) {
            throw new IOException("cannot rename " + tmp + " to " + target);
        }
        fs.delete(old, true);
    }

    /** Reads {@code out/summary.json} back (the client, after the application ended). */
    public static RunSummary readSummary(FileSystem fs, Path out) throws IOException {
        Path file = new Path(out, SUMMARY);
        try (InputStream in = fs.open(file)) {
            return JSON.readValue(in, RunSummary.class);
        } catch (JsonProcessingException e) {
            throw new IOException(file + ": not a run summary: " + e.getOriginalMessage(), e);
        }
    }

    /**
     * {@code roc.json}: {@code {"auc": A, "fpr": [...], "tpr": [...], "threshold": [...]}}, the
     * thresholds as probabilities (the first, 1, calls no row positive).
     */
    public static String rocJson(io.codedyarn.coordinator.trace.Roc roc) {
        try {
            java.util.Map<String, Object> m = new java.util.LinkedHashMap<>();
            m.put("auc", Double.isNaN(roc.auc()) ? null : roc.auc()); // one class only: none
            boolean both = !Double.isNaN(roc.auc());
            m.put("fpr", both ? roc.fpr() : new double[0]);
            m.put("tpr", both ? roc.tpr() : new double[0]);
            m.put("threshold", both ? roc.threshold() : new double[0]);
            return JSON.writeValueAsString(m) + "\n";
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("ROC curve not serialisable", e);
        }
    }

    public static String summaryJson(RunSummary summary) {
        try {
            return JSON.writeValueAsString(summary) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void writeText(FileSystem fs, Path file, String text) throws IOException {
        try (OutputStream o = fs.create(file, false)) {
            o.write(text.getBytes(StandardCharsets.UTF_8));
        }
    }
}
