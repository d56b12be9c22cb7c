package io.codedyarn.am.yarn;

import io.codedyarn.am.embedded.EmbeddedCluster;
import io.codedyarn.am.output.CsvFields;
import io.codedyarn.am.output.RunOutputs;
import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.optim.Optimizer;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.hdfs.dataset.WriterOptions;
import io.codedyarn.hdfs.generate.GeneratorParams;
import io.codedyarn.hdfs.generate.Generators;
import io.codedyarn.hdfs.prepare.DatasetPreparer;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.json.PlanDocument;
import io.codedyarn.placement.latency.LatencySpec;
import io.codedyarn.placement.slowdown.StraggleSpec;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** What the embedded-cluster ITs share: small containers, placed datasets, reading outputs. */
public final class EmbeddedRuns {
    private final EmbeddedCluster cluster;
    private final FileSystem fs;

    public EmbeddedRuns(EmbeddedCluster cluster) throws java.io.IOException {
        this.cluster = cluster;
        this.fs = cluster.fileSystem();
    }

    /**
     * One embedded cluster for a test class: 3 DataNodes and 3 NodeManagers of {@code nmMemoryMb}
     * each, under target/embedded/&lt;class&gt;.
     */
    public static EmbeddedCluster startCluster(Class<?> test, int nmMemoryMb)
            throws java.io.IOException {
        return startCluster(test, nmMemoryMb, java.util.Map.of());
    }

    /** The same, with the {@code coded-yarn.embedded.*} keys in {@code keys}. */
    public static EmbeddedCluster startCluster(
            Class<?> test, int nmMemoryMb, java.util.Map<String, String> keys)
            throws java.io.IOException {
        String base = new java.io.File("target/embedded/" + test.getSimpleName()).getAbsolutePath();
        java.util.Map<String, String> all = new java.util.HashMap<>(keys);
        all.put("coded-yarn.embedded.base-dir", base);
        all.put("coded-yarn.embedded.nodemanager.memory-mb", Integer.toString(nmMemoryMb));
        io.codedyarn.am.config.YarnSettings s =
                io.codedyarn.am.config.CodedYarnConfig.parse(all::get).yarn();
        return EmbeddedCluster.start(s);
    }

    public FileSystem fs() {
        return fs;
    }

    /** The cluster's configuration with 256 MB containers and a quick status report. */
    public Configuration conf() {
        Configuration c = cluster.configuration();
        c.set("coded-yarn.am.memory-mb", "256");
        c.set("coded-yarn.am.java-opts", "-Xmx160m");
        c.set("coded-yarn.worker.memory-mb", "256");
        c.set("coded-yarn.worker.java-opts", "-Xmx160m");
        c.set("coded-yarn.report.interval-ms", "200");
        return c;
    }

    /** Generates {@code g} under /data and places it for {@code plan}; returns (raw, placed). */
    public Path[] placed(String name, Plan plan, GeneratorParams g, List<String> hosts)
            throws Exception {
        return placed(fs, name, plan, g, hosts);
    }

    /** The same on any file system {@code fs}. */
    public static Path[] placed(
            FileSystem fs, String name, Plan plan, GeneratorParams g, List<String> hosts)
            throws Exception {
        Path raw = fs.makeQualified(new Path("/data/" + name + "-raw"));
        Generators.generate(fs, raw, Generators.create(g), WriterOptions.defaults(), null);
        Path out = fs.makeQualified(new Path("/data/" + name));
        String planJson =
                new com.fasterxml.jackson.databind.ObjectMapper()
                        .writeValueAsString(PlanDocument.of(plan, null));
        DatasetPreparer.prepare(
                fs, raw, fs, out, new DatasetPreparer.Request(plan, planJson, hosts, false, false));
        return new Path[] {raw, out};
    }

    /** A training spec with the defaults the ITs use: 3 components, intercept, gap 1e-6. */
    public static TrainSpec spec(
            Workload w, String scheme, SchemeParams params, String optimizer, int iterations) {
        return new TrainSpec(
                w,
                scheme,
                params,
                3,
                Double.NaN,
                w != Workload.PCA,
                Optimizer.parse(optimizer),
                Double.NaN,
                iterations,
                1e-6,
                Double.NaN,
                0,
                Double.NaN,
                null,
                StraggleSpec.parse("none"),
                params.seed());
    }

    /** {@code s} with a target gap and injected slowness ({@code --straggle}). */
    public static TrainSpec slowed(TrainSpec s, double targetGap, String straggle) {
        return s.withConditions(targetGap, null, StraggleSpec.parse(straggle));
    }

    /**
     * {@code s} as an in-process {@code --cluster simulated} run takes it: a latency model (any:
     * exact decoding makes the iterates independent of who answers) and no injected slowness.
     */
    public static TrainSpec inProcess(TrainSpec s) {
        return s.withConditions(s.targetGap(), LatencySpec.parse("exp:eta=1"), null);
    }

    /** The run's events.csv rows (header skipped), split into its 6 columns and unquoted. */
    public List<String[]> events(Path out) throws Exception {
        Path file = new Path(out, RunOutputs.EVENTS);
        List<String> lines = text(file).lines().toList();
        return java.util.stream.IntStream.range(1, lines.size())
                .mapToObj(k -> CsvFields.split(file + ":" + (k + 1), lines.get(k)))
                .toList();
    }

    /** The YARN run's iterations.csv rows (header skipped), split on commas. */
    public List<String[]> iterations(Path out) throws Exception {
        return text(new Path(out, RunOutputs.ITERATIONS))
                .lines()
                .skip(1)
                .map(l -> l.split(","))
                .toList();
    }

    /** The YARN run's iterations.csv objectives, in order. */
    public double[] objectives(Path out) throws Exception {
        return iterations(out).stream().mapToDouble(f -> Double.parseDouble(f[2])).toArray();
    }

    private String text(Path file) throws Exception {
        try (var in = fs.open(file)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
