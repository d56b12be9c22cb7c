package io.codedyarn.am.cli;

import io.codedyarn.am.cli.common.CliContext;
import io.codedyarn.am.output.CheckpointStore;
import io.codedyarn.am.train.TrainRequest;
import io.codedyarn.am.train.Trainers;
import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.optim.Optimizer;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.hdfs.dataset.WriterOptions;
import io.codedyarn.hdfs.generate.GeneratorParams;
import io.codedyarn.hdfs.generate.Generators;
import io.codedyarn.placement.InvalidParametersException;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.latency.LatencySpec;
import io.codedyarn.placement.slowdown.StraggleSpec;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.apache.hadoop.fs.FileSystem;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code coded-yarn bench memory}: the coordinator's memory over many rounds (issue 26). Runs
 * {@code train --cluster simulated} in this JVM — the same path, streamed outputs and checkpoints —
 * on a tiny generated dataset, and samples every {@code --every} seconds the used heap after a full
 * GC ({@link MemoryMXBean}) with the latest checkpoint in the run's store (its iteration and size).
 * Run it with the AM's heap ({@code CODED_YARN_OPTS=-Xmx256m}): the heap stays flat after warm-up
 * and the checkpoint's size with it, however many rounds.
 */
@Command(
        name = "memory",
        mixinStandardHelpOptions = true,
        description = {
            "The coordinator's memory over many rounds: train --cluster simulated (logistic",
            "regression, a generated higgs-like set of --rows x --cols) in this JVM, sampling every",
            "--every seconds the used heap after a full GC and the latest checkpoint's iteration",
            "and size; then the outputs' sizes. Give the JVM the AM's heap to check it fits:",
            "CODED_YARN_OPTS=-Xmx256m bin/coded-yarn bench memory --iterations 1000000."
        })
final class MemoryBenchCommand implements Callable<Integer> {
    private final CliContext context;

    @Spec picocli.CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--iterations",
            defaultValue = "1000000",
            paramLabel = "T",
            description = "rounds (default: ${DEFAULT-VALUE})")
    int iterations;

    @Option(
            names = "--scheme",
            defaultValue = "uncoded",
            description = "scheme (default: ${DEFAULT-VALUE})")
    String scheme;

    @Option(names = "--workers", defaultValue = "4", description = "n (default: ${DEFAULT-VALUE})")
    int workers;

    @Option(
            names = "--stragglers",
            defaultValue = "0",
            description = "s (default: ${DEFAULT-VALUE})")
    int stragglers;

    @Option(
            names = "--optimizer",
            defaultValue = "gd",
            description = "gd | nesterov | lbfgs (default: ${DEFAULT-VALUE})")
    String optimizer;

    @Option(
            names = "--latency",
            defaultValue = "shifted-exp:alpha=0.5,mu=2",
            paramLabel = "SPEC",
            description = "the simulated latency model (default: ${DEFAULT-VALUE})")
    String latency;

    @Option(
            names = "--rows",
            defaultValue = "64",
            description = "rows of the generated set (default: ${DEFAULT-VALUE})")
    long rows;

    @Option(
            names = "--cols",
            defaultValue = "4",
            description = "columns of the generated set (default: ${DEFAULT-VALUE})")
    int cols;

    @Option(
            names = "--every",
            defaultValue = "10",
            paramLabel = "SECONDS",
            description = "seconds between samples (default: ${DEFAULT-VALUE})")
    double every;

    @Option(
            names = "--seed",
            defaultValue = "1",
            description =
                    "seed of the data, the plan and the latencies (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            description = "the run's outputs (default: a temporary directory, deleted)")
    String out;

    MemoryBenchCommand(CliContext context) {
        this.context = context;
    }

    /** One sample: wall seconds, used heap after GC, the latest checkpoint (-1: none yet). */
    private record Sample(double seconds, long heap, long iteration, long checkpointBytes) {}

    @Override
    public Integer call() throws Exception {
        InvalidParametersException.require(
                iterations >= 1, "--iterations", "must be >= 1, got %d", iterations);
        InvalidParametersException.require(every > 0, "--every", "must be > 0, got %s", every);
        PrintWriter log = spec.commandLine().getErr();
        PrintWriter print = spec.commandLine().getOut();
        Path tmp = Files.createTempDirectory("coded-yarn-bench-memory");
        Path outDir = out != null ? Path.of(out).toAbsolutePath() : tmp.resolve("out");
        try {
            FileSystem local = FileSystem.getLocal(context.hadoop()).getRawFileSystem();
            org.apache.hadoop.fs.Path data =
                    new org.apache.hadoop.fs.Path(tmp.resolve("data").toUri());
            Generators.generate(
                    local,
                    data,
                    Generators.create(GeneratorParams.of("higgs-like", rows, cols, seed)),
                    WriterOptions.defaults(),
                    null);
            TrainSpec train =
                    new TrainSpec(
                            Workload.LR,
                            scheme,
                            SchemeParams.of(workers, stragglers, seed),
                            1,
                            Double.NaN,
                            true,
                            Optimizer.parse(optimizer),
                            Double.NaN,
                            iterations,
                            Double.NaN,
                            Double.NaN,
                            0,
                            Double.NaN,
                            LatencySpec.ofNullable(latency),
                            StraggleSpec.parse("none"),
                            seed);
            // the coordinator logs every 10th round and the store every checkpoint at INFO: 10^5
            // and 2 x 10^4 lines for 10^6 rounds
            io.codedyarn.am.cli.common.ConsoleLogging.warnOnly("io.codedyarn.coordinator");
            io.codedyarn.am.cli.common.ConsoleLogging.warnOnly("io.codedyarn.am.output");
            MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
            Path store =
                    Path.of(
                            CheckpointStore.beside(new org.apache.hadoop.fs.Path(outDir.toUri()))
                                    .toUri());
            long start = System.nanoTime();
            List<Sample> samples = new ArrayList<>();
            print.printf(
                    Locale.ROOT,
                    "bench memory: %s, %d workers, %s, %d rounds, %d x %d rows; max heap %d MiB%n",
                    scheme,
                    workers,
                    optimizer,
                    iterations,
                    rows,
                    cols,
                    Runtime.getRuntime().maxMemory() >> 20);
            print.printf(
                    Locale.ROOT,
                    "%8s %12s %22s %18s%n",
                    "wall s",
                    "iteration",
                    "used heap after GC",
                    "checkpoint bytes");
            print.flush();
            Thread sampler =
                    new Thread(
                            () -> {
                                try {
                                    while (true) {
                                        Thread.sleep((long) (every * 1000));
                                        Sample s = sample(memory, start, store);
                                        samples.add(s);
                                        print(print, s);
                                    }
                                } catch (InterruptedException e) {
                                    // the run ended
                                }
                            },
                            "bench-memory-sampler");
            sampler.setDaemon(true);
            sampler.start();
            Trainers.Outcome outcome;
            try {
                outcome =
                        Trainers.run(
                                context.config(),
                                context.hadoop(),
                                new TrainRequest(
                                        train,
                                        data.toString(),
                                        outDir.toString(),
                                        "simulated",
                                        false),
                                log);
            } finally {
                sampler.interrupt();
                sampler.join(10_000); // it sleeps between samples: the interrupt ends it at once
            }
            Sample end = sample(memory, start, null);
            print(print, end);
            long ckpt = Files.size(outDir.resolve("checkpoint.ckpt"));
            print.printf(
                    Locale.ROOT,
                    "%s after %d rounds in %.1f s: checkpoint.ckpt %d bytes, iterations.csv %d"
                            + " bytes, latency-trace.csv %d bytes%n",
                    outcome.summary().status(),
                    outcome.summary().iterations(),
                    end.seconds(),
                    ckpt,
                    Files.size(outDir.resolve("iterations.csv")),
                    Files.size(outDir.resolve("latency-trace.csv")));
            if (samples.size() >= 2) {
                long warm = samples.get(0).heap();
                long max =
                        Stream.concat(samples.stream(), Stream.of(end))
                                .mapToLong(Sample::heap)
                                .max()
                                .orElse(warm);
                print.printf(
                        Locale.ROOT,
                        "used heap after GC: %.1f MiB at the first sample, at most %.1f MiB after"
                                + " it%n",
                        warm / 1048576.0,
                        max / 1048576.0);
            }
            print.flush();
            return "SUCCEEDED".equals(outcome.summary().status()) ? 0 : 1;
        } finally {
            if (out == null) {
                org.apache.hadoop.fs.FileUtil.fullyDelete(tmp.toFile());
            }
        }
    }

    private static Sample sample(MemoryMXBean memory, long start, Path store) {
        memory.gc();
        long heap = memory.getHeapMemoryUsage().getUsed();
        long iteration = -1;
        long bytes = -1;
        if (store != null) {
            // the store's latest generation: checkpoint-<iteration>.ckpt (older ones are deleted;
            // one may go between the listing and its size: the sample then has the one before)
            try (Stream<Path> files = Files.list(store)) {
                for (Path p : (Iterable<Path>) files::iterator) {
                    String n = p.getFileName().toString();
                    if (n.startsWith("checkpoint-") && n.endsWith(".ckpt")) {
                        long it = Long.parseLong(n.substring(11, n.length() - 5));
                        if (it > iteration) {
                            try {
                                bytes = Files.size(p);
                                iteration = it;
                            } catch (java.io.IOException gone) {
                                // deleted since listed
                            }
                        }
                    }
                }
            } catch (java.io.IOException | java.io.UncheckedIOException e) {
                // not there yet: no checkpoint in this sample
            }
        }
        return new Sample((System.nanoTime() - start) / 1e9, heap, iteration, bytes);
    }

    private static void print(PrintWriter out, Sample s) {
        out.printf(
                Locale.ROOT,
                "%8.1f %12s %18.1f MiB %18s%n",
                s.seconds(),
                s.iteration() < 0 ? "-" : Long.toString(s.iteration()),
                s.heap() / 1048576.0,
                s.checkpointBytes() < 0 ? "-" : Long.toString(s.checkpointBytes()));
        out.flush();
    }
}
