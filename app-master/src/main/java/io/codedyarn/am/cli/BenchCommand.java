package io.codedyarn.am.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.codedyarn.bench.CoordinationBenchmark;
import io.codedyarn.bench.DecodeBenchmark;
import io.codedyarn.bench.KernelBenchmark;
import io.codedyarn.bench.LastLevelCache;
import io.codedyarn.bench.SimulatorBenchmark;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code coded-yarn bench decode|simulator|kernels|coordination}: JMH benchmarks, printed as a
 * table or JSON; {@code bench stragglers} is a subcommand with its own flags ({@link
 * StragglersBenchCommand}).
 */
@Command(
        name = "bench",
        mixinStandardHelpOptions = true,
        description = {
            "Run a JMH benchmark and print its figures.",
            "decode: decoding coefficients for a new and a cached responder set (and the generic",
            "SVD least-squares decoder for comparison).",
            "simulator: DSAG's event-driven simulator, 100 iterations at N = 100 and 1000, w = N/2.",
            "kernels: a STREAM triad and each gradient kernel (single-threaded, one pass over",
            "--rows x --cols doubles); per kernel the bytes of matrix data scanned per second and",
            "the fraction of the triad's bytes per second (triad: 24 bytes per element, read +",
            "written, STREAM's convention).",
            "coordination: milliseconds per iteration of the real coordinator (uncoded GD) over",
            "loopback gRPC with N zero-cost in-process workers (broadcast, results, sum, update),",
            "for each --dims x --worker-counts pair: wall time per iteration (mean, median) and",
            "CPU ms per iteration of the coordinator thread, the AM's event loop and the",
            "in-process workers' event loop; the AM event loop's CPU microseconds per worker",
            "and iteration (one task out, one result in); the worker connections that completed",
            "the mutual TLS handshake (each worker presents the job's worker certificate).",
            "stragglers: time to a target gap of every method under injected slowness, on one",
            "embedded cluster (its own flags: bench stragglers --help).",
            "memory: the coordinator's used heap and checkpoint size over many simulated rounds",
            "(its own flags: bench memory --help)."
        },
        subcommands = {StragglersBenchCommand.class, MemoryBenchCommand.class})
final class BenchCommand implements Callable<Integer> {
    @Spec picocli.CommandLine.Model.CommandSpec spec;

    @Parameters(
            index = "0",
            arity = "0..1",
            paramLabel = "WHAT",
            description =
                    "what to benchmark: decode | simulator | kernels | coordination | stragglers | memory")
    String what;

    @Option(
            names = "--scheme",
            defaultValue = "cyclic",
            description = "scheme (default: ${DEFAULT-VALUE})")
    String scheme;

    @Option(
            names = "--workers",
            defaultValue = "100",
            description = "n (default: ${DEFAULT-VALUE})")
    int workers;

    @Option(
            names = "--stragglers",
            defaultValue = "10",
            description = "s (default: ${DEFAULT-VALUE})")
    int stragglers;

    @Option(
            names = "--rows",
            defaultValue = "32768",
            description =
                    "kernels: rows of the dense matrix (default: ${DEFAULT-VALUE}; keep the data"
                            + " at least 4x the last-level cache)")
    int rows;

    @Option(
            names = "--cols",
            defaultValue = "1024",
            description = "kernels: columns (default: ${DEFAULT-VALUE}; 32768 x 1024 = 256 MiB)")
    int cols;

    @Option(
            names = "--forks",
            defaultValue = "1",
            description = "JMH forks (default: ${DEFAULT-VALUE})")
    int forks;

    @Option(
            names = "--iterations",
            defaultValue = "5",
            description = "measurement iterations of 1 s (default: ${DEFAULT-VALUE})")
    int iterations;

    @Option(
            names = "--dims",
            split = ",",
            defaultValue = "1000,100000",
            description = "coordination: model dimensions d (default: ${DEFAULT-VALUE})")
    List<Integer> dims;

    @Option(
            names = "--worker-counts",
            split = ",",
            defaultValue = "4,16,64",
            description = "coordination: numbers of workers N (default: ${DEFAULT-VALUE})")
    List<Integer> workerCounts;

    @Option(
            names = "--rounds",
            defaultValue = "0",
            description =
                    "coordination: measured iterations per configuration (default 0: 1000, fewer"
                            + " for large d x N, at least 20), after the warm-up iterations of"
                            + " the same run")
    int rounds;

    @Option(
            names = "--warmup",
            defaultValue = "0",
            description =
                    "coordination: warm-up iterations at the start of each run, not measured"
                            + " (default 0: 10^9/(d N), 20..10000)")
    int warmup;

    @Option(
            names = "--io-threads",
            defaultValue = "1",
            description =
                    "coordination: event-loop threads of the AM's worker server (default:"
                            + " ${DEFAULT-VALUE}, as coded-yarn.am.io-threads)")
    int ioThreads;

    @Option(names = "--json", description = "print one JSON object per benchmark")
    boolean json;

    @Override
    public Integer call() throws Exception {
        if (what == null) {
            throw new IllegalArgumentException(
                    "missing WHAT: decode, simulator, kernels, coordination, stragglers or memory");
        }
        if ("coordination".equals(what)) {
            return coordination();
        }
        if (!"decode".equals(what) && !"simulator".equals(what) && !"kernels".equals(what)) {
            throw new IllegalArgumentException(
                    "unknown benchmark '"
                            + what
                            + "'; known: decode, simulator, kernels, coordination, stragglers");
        }
        if ("kernels".equals(what) && (rows < 1 || cols < 10 || (long) rows * cols > 1L << 28)) {
            throw new IllegalArgumentException(
                    "need --rows >= 1, --cols >= 10 and --rows x --cols <= 2^28 (2 GiB of doubles)");
        }
        if (workers < 2 || stragglers < 0 || stragglers >= workers || forks < 0 || iterations < 1) {
            throw new IllegalArgumentException(
                    "need --workers >= 2, 0 <= --stragglers < --workers, --forks >= 0, --iterations >= 1");
        }
        if (!JmhRuns.onClassPath()) {
            throw new IllegalArgumentException(
                    "bench "
                            + what
                            + " runs JMH, which the job jar leaves out: run it with"
                            + " bin/coded-yarn, whose class path has JMH (app-master/target/lib)");
        }
        if ("kernels".equals(what)) {
            return kernels();
        }
        List<JmhRuns.Row> results =
                "decode".equals(what)
                        ? JmhRuns.run(
                                DecodeBenchmark.class.getName(),
                                Map.of(
                                        "scheme",
                                        scheme,
                                        "workers",
                                        String.valueOf(workers),
                                        "stragglers",
                                        String.valueOf(stragglers)),
                                List.of(),
                                forks,
                                iterations,
                                json)
                        : JmhRuns.run(
                                SimulatorBenchmark.class.getName(),
                                Map.of(),
                                List.of(),
                                forks,
                                iterations,
                                json);
        PrintWriter out = spec.commandLine().getOut();
        List<Map<String, Object>> table = new ArrayList<>();
        for (JmhRuns.Row r : results) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("benchmark", r.benchmark());
            row.putAll(r.params());
            row.put("microsPerOp", r.score());
            row.put("error99", r.error());
            table.add(row);
        }
        if (json) {
            out.println(
                    new ObjectMapper()
                            .enable(SerializationFeature.INDENT_OUTPUT)
                            .writeValueAsString(table));
        } else {
            out.printf("%-28s %-34s %12s %12s%n", "benchmark", "params", "us/op", "+-99.9%");
            for (JmhRuns.Row r : results) {
                String params =
                        r.params().entrySet().stream()
                                .map(e -> e.getKey() + "=" + e.getValue())
                                .collect(java.util.stream.Collectors.joining(","));
                out.printf(
                        "%-28s %-34s %12.3f %12.3f%n", r.benchmark(), params, r.score(), r.error());
            }
        }
        out.flush();
        return 0;
    }

    /** Triad and kernels in one JMH run; bytes/s from {@link KernelBenchmark#bytesPerOp}. */
    private Integer kernels() throws Exception {
        LastLevelCache.warning(8L * rows * cols, LastLevelCache.bytes())
                .ifPresent(
                        w -> spec.commandLine().getErr().println("bench kernels: warning: " + w));
        List<JmhRuns.Row> results =
                JmhRuns.run(
                        KernelBenchmark.class.getName(),
                        Map.of("rows", String.valueOf(rows), "cols", String.valueOf(cols)),
                        // the *Vector benchmarks (KernelPath.VECTOR) need the module
                        List.of("--add-modules", "jdk.incubator.vector"),
                        forks,
                        iterations,
                        json);
        Map<String, Double> bytesPerSecond = new LinkedHashMap<>();
        for (JmhRuns.Row r : results) {
            double millisPerOp = r.score();
            bytesPerSecond.put(
                    r.benchmark(),
                    KernelBenchmark.bytesPerOp(r.benchmark(), rows, cols) / (millisPerOp * 1e-3));
        }
        Double triad = bytesPerSecond.get("triad");
        List<Map<String, Object>> rowsOut = new ArrayList<>();
        for (Map.Entry<String, Double> e : bytesPerSecond.entrySet()) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("kernel", e.getKey());
            row.put("bytesPerSecond", e.getValue());
            row.put("fractionOfTriad", triad == null ? null : e.getValue() / triad);
            row.put("rows", rows);
            row.put("cols", cols);
            rowsOut.add(row);
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(
                    new ObjectMapper()
                            .enable(SerializationFeature.INDENT_OUTPUT)
                            .writeValueAsString(rowsOut));
        } else {
            out.printf("%-20s %14s %16s%n", "kernel", "GB/s", "fractionOfTriad");
            for (Map<String, Object> row : rowsOut) {
                Object f = row.get("fractionOfTriad");
                out.printf(
                        "%-20s %14.2f %16s%n",
                        row.get("kernel"),
                        (Double) row.get("bytesPerSecond") / 1e9,
                        f == null ? "-" : String.format("%.3f", (Double) f));
            }
        }
        out.flush();
        return 0;
    }

    /** Coordinator + gRPC loopback + zero-cost workers, per (d, N). */
    private Integer coordination() throws Exception {
        for (int d : dims) {
            if (d < 1 || d > 4_000_000) {
                throw new IllegalArgumentException("--dims: need 1 <= d <= 4000000, got " + d);
            }
        }
        for (int n : workerCounts) {
            if (n < 1 || n > 512) {
                throw new IllegalArgumentException("--worker-counts: need 1 <= N <= 512, got " + n);
            }
        }
        if (ioThreads < 1 || ioThreads > 64) {
            throw new IllegalArgumentException("--io-threads: need 1..64, got " + ioThreads);
        }
        if (rounds < 0) {
            throw new IllegalArgumentException("--rounds: need >= 0, got " + rounds);
        }
        if (warmup < 0) {
            throw new IllegalArgumentException("--warmup: need >= 0, got " + warmup);
        }
        PrintWriter out = spec.commandLine().getOut();
        if (!json) {
            out.printf(
                    "%8s %4s %6s %9s %9s %9s %9s %9s %10s %5s%n",
                    "d",
                    "N",
                    "iters",
                    "mean ms",
                    "median",
                    "coord cpu",
                    "AM io cpu",
                    "wrk cpu",
                    "AM io us/w",
                    "mTLS");
            out.flush();
        }
        List<CoordinationBenchmark.Figures> all = new ArrayList<>();
        for (int d : dims) {
            for (int n : workerCounts) {
                int r = rounds > 0 ? rounds : CoordinationBenchmark.defaultIterations(d, n);
                CoordinationBenchmark.Figures f =
                        CoordinationBenchmark.measure(
                                d,
                                n,
                                warmup > 0 ? warmup : CoordinationBenchmark.defaultWarmup(d, n),
                                r,
                                ioThreads);
                all.add(f);
                if (!json) {
                    out.printf(
                            "%8d %4d %6d %9.3f %9.3f %9.3f %9.3f %9.3f %10.1f %5d%n",
                            d,
                            n,
                            f.iterations(),
                            f.meanMillis(),
                            f.medianMillis(),
                            f.coordinatorCpuMillis(),
                            f.amIoCpuMillis(),
                            f.workersCpuMillis(),
                            f.amIoMicrosPerWorker(),
                            f.mutualTlsConnections());
                    out.flush();
                }
            }
        }
        if (json) {
            out.println(
                    new ObjectMapper()
                            .enable(SerializationFeature.INDENT_OUTPUT)
                            .writeValueAsString(all));
        }
        out.flush();
        return 0;
    }
}
