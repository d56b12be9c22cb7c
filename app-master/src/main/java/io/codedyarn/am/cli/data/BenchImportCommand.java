package io.codedyarn.am.cli.data;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.codedyarn.am.cli.common.CliContext;
import io.codedyarn.hdfs.dataset.Manifest;
import io.codedyarn.hdfs.dataset.WriterOptions;
import io.codedyarn.hdfs.importer.IdxImporter;
import io.codedyarn.hdfs.importer.ImportOptions;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.Callable;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code coded-yarn data bench-import}: issue 4's import figure. Times importing an IDX image set
 * (default: Fashion-MNIST's 60,000 × 784 training set) into a dataset against {@code
 * FileSystem.copyFromLocalFile} of a local file with the same number of bytes as the dataset, onto
 * the same FileSystem in the same run, alternating the two, and prints the medians and their ratio
 * (target: import ≤ 2 × copy).
 */
@Command(
        name = "bench-import",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Benchmark: IDX import vs FileSystem.copyFromLocalFile of the same number of bytes.",
            "Prints each run, the medians and the ratio import/copy (issue 4 target: <= 2)."
        })
public final class BenchImportCommand implements Callable<Integer> {
    private static final String FM = "/usr/share/datasets/fashion-mnist/";

    private final CliContext ctx;

    @Spec picocli.CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--images",
            paramLabel = "PATH",
            defaultValue = FM + "train-images-idx3-ubyte.gz",
            description = "idx3-ubyte images (default: ${DEFAULT-VALUE})")
    String images;

    @Option(
            names = "--labels",
            paramLabel = "PATH",
            defaultValue = FM + "train-labels-idx1-ubyte.gz",
            description = "idx1-ubyte labels (default: ${DEFAULT-VALUE})")
    String labels;

    @Option(
            names = "--work",
            paramLabel = "DIR",
            description =
                    "where to write (any FileSystem; default: a new directory under the"
                            + " local java.io.tmpdir), deleted afterwards")
    String work;

    @Option(
            names = "--runs",
            defaultValue = "5",
            description = "timed runs of each (default: ${DEFAULT-VALUE}), after one warm-up")
    int runs;

    @Option(names = "--json", description = "print one JSON object")
    boolean json;

    public BenchImportCommand(CliContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() throws Exception {
        if (runs < 1) {
            throw new IllegalArgumentException("--runs: must be >= 1");
        }
        java.nio.file.Path localTmp = Files.createTempDirectory("coded-yarn-bench-import-");
        String workArg = work != null ? work : localTmp.resolve("work").toUri().toString();
        Paths.Located w = Paths.resolve(workArg, ctx.hadoop());
        FileSystem fs = w.fs();
        Path dir = new Path(w.path(), "run-" + UUID.randomUUID().toString().substring(0, 8));
        PrintWriter out = spec.commandLine().getOut();
        try {
            fs.mkdirs(dir);
            Paths.Located img = Paths.resolve(images, ctx.hadoop());
            ImportOptions o =
                    ImportOptions.defaults().withLabels(Paths.resolve(labels, ctx.hadoop()).path());
            IdxImporter importer = new IdxImporter(img.fs(), img.path(), o);
            Path ds = new Path(dir, "dataset");
            Manifest m = importer.importTo(fs, ds, WriterOptions.defaults()); // warm-up
            fs.delete(ds, true);
            long bytes = m.bytes();
            java.nio.file.Path raw = localTmp.resolve("raw.bin");
            writeRandom(raw, bytes);
            Path src = new Path(raw.toUri());
            Path copy = new Path(dir, "copy.bin");
            fs.copyFromLocalFile(false, true, src, copy); // warm-up
            fs.delete(copy, false);
            double[] imp = new double[runs];
            double[] cp = new double[runs];
            for (int r = 0; r < runs; r++) {
                long t0 = System.nanoTime();
                importer.importTo(fs, ds, WriterOptions.defaults());
                imp[r] = (System.nanoTime() - t0) / 1e9;
                fs.delete(ds, true);
                t0 = System.nanoTime();
                fs.copyFromLocalFile(false, true, src, copy);
                cp[r] = (System.nanoTime() - t0) / 1e9;
                fs.delete(copy, false);
                if (!json) {
                    out.printf(
                            Locale.ROOT,
                            "run %d: import %.3f s, copy %.3f s%n",
                            r + 1,
                            imp[r],
                            cp[r]);
                }
            }
            double mi = median(imp);
            double mc = median(cp);
            Map<String, Object> j = new LinkedHashMap<>();
            j.put("input", img.path().toString());
            j.put("rows", m.rows());
            j.put("cols", m.cols());
            j.put("bytes", bytes);
            j.put("target", dir.toString());
            j.put("runs", runs);
            j.put("importSeconds", imp);
            j.put("copySeconds", cp);
            j.put("importMedianSeconds", mi);
            j.put("copyMedianSeconds", mc);
            j.put("ratio", mi / mc);
            if (json) {
                out.println(new ObjectMapper().writeValueAsString(j));
            } else {
                out.printf(
                        Locale.ROOT,
                        "import %d x %d (%d bytes) onto %s: median %.3f s (%.0f MB/s); "
                                + "copyFromLocalFile of %d bytes: median %.3f s (%.0f MB/s); "
                                + "ratio %.2f (target <= 2)%n",
                        m.rows(),
                        m.cols(),
                        bytes,
                        fs.getUri(),
                        mi,
                        bytes / mi / 1e6,
                        bytes,
                        mc,
                        bytes / mc / 1e6,
                        mi / mc);
            }
            out.flush();
            return 0;
        } finally {
            fs.delete(dir, true);
            deleteTree(localTmp);
        }
    }

    static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }

    /** Incompressible bytes, so no layer can shortcut the copy. */
    private static void writeRandom(java.nio.file.Path f, long bytes) throws IOException {
        SplittableRandom g = new SplittableRandom(4);
        byte[] buf = new byte[1 << 20];
        try (OutputStream o = Files.newOutputStream(f)) {
            for (long left = bytes; left > 0; left -= buf.length) {
                for (int i = 0; i < buf.length; i += 8) {
                    long x = g.nextLong();
                    for (int k = 0; k < 8; k++) {
                        buf[i + k] = (byte) (x >>> (8 * k));
                    }
                }
                o.write(buf, 0, (int) Math.min(buf.length, left));
            }
        }
    }

    private static void deleteTree(java.nio.file.Path p) throws IOException {
        if (!Files.exists(p)) {
            return;
        }
        try (var s = Files.walk(p)) {
            for (java.nio.file.Path q : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(q);
            }
        }
    }
}
