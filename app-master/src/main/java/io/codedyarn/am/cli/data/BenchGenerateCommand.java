package io.codedyarn.am.cli.data;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.codedyarn.am.cli.common.CliContext;
import io.codedyarn.hdfs.dataset.Manifest;
import io.codedyarn.hdfs.dataset.WriterOptions;
import io.codedyarn.hdfs.generate.GeneratorParams;
import io.codedyarn.hdfs.generate.Generators;
import io.codedyarn.placement.Seeds;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.random.RandomGenerator;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code coded-yarn data bench-generate}: issue 4's generation figure. Times, in the same run and
 * alternating their order, (1) generating a dataset (default 10⁶ × 100 gaussian-mixture, dense)
 * into {@code --dir}, (2) {@code FileSystem.copyFromLocalFile} of a local file with as many raw
 * bytes as the dataset's blocks into {@code --dir}, and (3) the same generation with the block
 * bytes discarded (the CPU share: random numbers, checks, encoding, CRC). Prints the medians and
 * the ratio (1)/(2); the target is ≤ 2.
 */
@Command(
        name = "bench-generate",
        mixinStandardHelpOptions = true,
        description = {
            "Time data generate against FileSystem.copyFromLocalFile of the same number of raw",
            "bytes, in the same run (median of --repeats; target: ratio <= 2)."
        })
public final class BenchGenerateCommand implements Callable<Integer> {
    private final CliContext ctx;

    @Spec CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--kind",
            defaultValue = "gaussian-mixture",
            description = "generator (default: ${DEFAULT-VALUE})")
    String kind;

    @Option(names = "--rows", defaultValue = "1000000", description = "(default: ${DEFAULT-VALUE})")
    long rows;

    @Option(names = "--cols", defaultValue = "100", description = "(default: ${DEFAULT-VALUE})")
    int cols;

    @Option(
            names = "--repeats",
            defaultValue = "5",
            description = "timed repetitions of each measurement (default: ${DEFAULT-VALUE})")
    int repeats;

    @Option(
            names = "--dir",
            paramLabel = "DIR",
            description =
                    "where to write (any FileSystem; default: a new local temporary directory);"
                            + " everything written there is deleted")
    String dir;

    @Option(names = "--json", description = "print the figures as JSON")
    boolean json;

    public BenchGenerateCommand(CliContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() throws IOException {
        if (repeats < 1) {
            throw new IllegalArgumentException("--repeats: must be >= 1, got " + repeats);
        }
        GeneratorParams params = GeneratorParams.of(kind, rows, cols, 1);
        Generators.create(params); // validates the flags
        java.nio.file.Path local = Files.createTempDirectory("coded-yarn-bench-generate");
        Paths.Located base =
                Paths.resolve(dir == null ? local.toUri().toString() : dir, ctx.hadoop());
        FileSystem fs = base.fs();
        Path work = new Path(base.path(), "bench-generate-" + Long.toHexString(System.nanoTime()));
        LocalFileSystem localFs = FileSystem.getLocal(ctx.hadoop());
        Path raw = new Path(local.toUri().toString(), "raw.bin");
        try {
            // Warm-up (JIT) and the byte count the raw copy must match.
            String loadBefore = loadAverage();
            Manifest m = generate(fs, new Path(work, "warmup"), params, false);
            fs.delete(new Path(work, "warmup"), true);
            writeRaw(localFs, raw, m.bytes());
            double[] gen = new double[repeats];
            double[] copy = new double[repeats];
            double[] cpu = new double[repeats];
            for (int i = 0; i < repeats; i++) {
                Path g = new Path(work, "gen");
                Path c = new Path(work, "copy");
                if (i % 2 == 0) {
                    gen[i] = timeGenerate(fs, g, params);
                    copy[i] = timeCopy(fs, raw, c);
                } else {
                    copy[i] = timeCopy(fs, raw, c);
                    gen[i] = timeGenerate(fs, g, params);
                }
                long t0 = System.nanoTime();
                generate(fs, new Path(work, "discard"), params, true);
                cpu[i] = (System.nanoTime() - t0) / 1e9;
                fs.delete(new Path(work, "discard"), true);
            }
            report(m, gen, copy, cpu, fs.getUri().toString(), loadBefore + " -> " + loadAverage());
            return 0;
        } finally {
            fs.delete(work, true);
            localFs.delete(new Path(local.toUri().toString()), true);
        }
    }

    private double timeGenerate(FileSystem fs, Path target, GeneratorParams params)
            throws IOException {
        long t0 = System.nanoTime();
        generate(fs, target, params, false);
        double s = (System.nanoTime() - t0) / 1e9;
        fs.delete(target, true);
        return s;
    }

    private static double timeCopy(FileSystem fs, Path raw, Path target) throws IOException {
        long t0 = System.nanoTime();
        fs.copyFromLocalFile(false, true, raw, target);
        double s = (System.nanoTime() - t0) / 1e9;
        fs.delete(target, true);
        return s;
    }

    private static Manifest generate(
            FileSystem fs, Path target, GeneratorParams params, boolean discard)
            throws IOException {
        WriterOptions o = WriterOptions.defaults();
        if (discard) {
            o = o.withOutputs((f, file, i) -> OutputStream.nullOutputStream());
        }
        return Generators.generate(fs, target, Generators.create(params), o, null);
    }

    /** A local file of {@code bytes} pseudo-random bytes (incompressible, like float64 data). */
    private static void writeRaw(LocalFileSystem localFs, Path raw, long bytes) throws IOException {
        RandomGenerator g = Seeds.generator(2);
        byte[] buf = new byte[1 << 20];
        try (OutputStream out = localFs.getRawFileSystem().create(raw, true)) {
            for (long left = bytes; left > 0; left -= buf.length) {
                g.nextBytes(buf);
                out.write(buf, 0, (int) Math.min(buf.length, left));
            }
        }
    }

    /** The 1-minute load average (Linux), or "n/a": the machine is shared, so say how busy. */
    static String loadAverage() {
        try {
            return Files.readString(java.nio.file.Path.of("/proc/loadavg")).split(" ")[0];
        } catch (IOException | RuntimeException e) {
            return "n/a";
        }
    }

    private void report(
            Manifest m, double[] gen, double[] copy, double[] cpu, String fsUri, String load)
            throws IOException {
        double mb = m.bytes() / 1e6;
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("kind", kind);
        r.put("rows", m.rows());
        r.put("cols", m.cols());
        r.put("bytes", m.bytes());
        r.put("fileSystem", fsUri);
        r.put("repeats", gen.length);
        r.put("cpus", Runtime.getRuntime().availableProcessors());
        r.put("loadAverage", load);
        r.put("generateSeconds", gen);
        r.put("copyFromLocalSeconds", copy);
        r.put("generateDiscardSeconds", cpu);
        r.put("generateMedian", median(gen));
        r.put("copyFromLocalMedian", median(copy));
        r.put("generateDiscardMedian", median(cpu));
        r.put("ratio", median(gen) / median(copy));
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(
                    new ObjectMapper()
                            .enable(SerializationFeature.INDENT_OUTPUT)
                            .writeValueAsString(r));
        } else {
            out.printf(
                    Locale.ROOT,
                    "%s %d x %d: %.1f MB of blocks on %s, median of %d, %d cpus, load %s%n",
                    kind,
                    m.rows(),
                    m.cols(),
                    mb,
                    fsUri,
                    gen.length,
                    Runtime.getRuntime().availableProcessors(),
                    load);
            line(out, "generate", gen, mb);
            line(out, "copyFromLocalFile (raw)", copy, mb);
            line(out, "generate, blocks discarded", cpu, mb);
            out.printf(
                    Locale.ROOT,
                    "ratio generate / copyFromLocalFile: %.2f (target <= 2)%n",
                    median(gen) / median(copy));
        }
        out.flush();
    }

    private static void line(PrintWriter out, String what, double[] t, double mb) {
        out.printf(
                Locale.ROOT,
                "  %-28s %8.3f s  %8.1f MB/s   runs %s%n",
                what,
                median(t),
                mb / median(t),
                Arrays.toString(
                        Arrays.stream(t).map(x -> Math.round(x * 1000) / 1000.0).toArray()));
    }

    static double median(double[] t) {
        double[] s = t.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }
}
