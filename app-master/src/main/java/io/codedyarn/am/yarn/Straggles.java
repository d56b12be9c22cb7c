package io.codedyarn.am.yarn;

import io.codedyarn.placement.slowdown.StraggleSpec;
import io.codedyarn.placement.slowdown.WorkerStraggle;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * The Hadoop side of {@code --straggle}: trace files are read through Hadoop's FileSystem (a local
 * path or an {@code hdfs://} URI), qualified by the client so that the application master, in
 * another process and directory, reads the same file; and the job's spec is resolved per worker
 * with the NodeManager its container runs on.
 */
public final class Straggles {
    private final StraggleSpec spec;
    private final long seed;
    private final int workers;
    private final List<String> nodes;
    private final double[][] recorded;

    /**
     * @param nodes the cluster's running NodeManagers ({@code host:port}), sorted by name
     */
    public Straggles(String text, long seed, int workers, List<String> nodes, Configuration conf) {
        this.spec = StraggleSpec.parse(text);
        this.seed = seed;
        this.workers = workers;
        this.nodes = List.copyOf(nodes);
        this.recorded = spec.traceColumns(workers, files(conf));
    }

    /** What worker {@code w}, whose container runs on {@code node}, must inject. */
    public WorkerStraggle forWorker(int w, String node) {
        String n = node == null ? "" : node;
        return spec.message(w, workers, seed, n, Math.max(0, nodes.indexOf(n)), recorded);
    }

    public boolean isNone() {
        return spec.isNone();
    }

    @Override
    public String toString() {
        return spec.text() + " (seed " + seed + ")";
    }

    /** Opens spec files through Hadoop's FileSystem. */
    public static StraggleSpec.Files files(Configuration conf) {
        return path -> {
            Path p = new Path(path);
            return new InputStreamReader(p.getFileSystem(conf).open(p), StandardCharsets.UTF_8);
        };
    }

    /** The spec with its trace file (if any) fully qualified against {@code conf}. */
    public static String qualified(String text, Configuration conf) {
        StraggleSpec spec = StraggleSpec.parse(text);
        if (spec.traceFile() == null) {
            return spec.text();
        }
        Path p = new Path(spec.traceFile());
        try {
            return spec.withTraceFile(p.getFileSystem(conf).makeQualified(p).toString()).text();
        } catch (IOException e) {
            throw new io.codedyarn.placement.InvalidParametersException(
                    StraggleSpec.FLAG, "trace: cannot resolve " + p + ": " + e.getMessage());
        }
    }
}
