package io.codedyarn.am.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.codedyarn.am.bench.DecodeBenchmark;
import io.codedyarn.am.bench.SimulatorBenchmark;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code coded-yarn bench decode}: JMH benchmarks, printed as a table or JSON. */
@Command(
        name = "bench",
        mixinStandardHelpOptions = true,
        description = {
            "Run a JMH benchmark and print its figures.",
            "decode: decoding coefficients for a new and a cached responder set (and the generic",
            "SVD least-squares decoder for comparison).",
            "simulator: DSAG's event-driven simulator, 100 iterations at N = 100 and 1000, w = N/2."
        })
final class BenchCommand implements Callable<Integer> {
    @Spec picocli.CommandLine.Model.CommandSpec spec;

    @Parameters(
            index = "0",
            paramLabel = "WHAT",
            description = "what to benchmark: decode | simulator")
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
            names = "--forks",
            defaultValue = "1",
            description = "JMH forks (default: ${DEFAULT-VALUE})")
    int forks;

    @Option(
            names = "--iterations",
            defaultValue = "5",
            description = "measurement iterations of 1 s (default: ${DEFAULT-VALUE})")
    int iterations;

    @Option(names = "--json", description = "print one JSON object per benchmark")
    boolean json;

    @Override
    public Integer call() throws Exception {
        if (!"decode".equals(what) && !"simulator".equals(what)) {
            throw new IllegalArgumentException(
                    "unknown benchmark '" + what + "'; known: decode, simulator");
        }
        if (workers < 2 || stragglers < 0 || stragglers >= workers || forks < 0 || iterations < 1) {
            throw new IllegalArgumentException(
                    "need --workers >= 2, 0 <= --stragglers < --workers, --forks >= 0, --iterations >= 1");
        }
        ChainedOptionsBuilder opts =
                "decode".equals(what)
                        ? new OptionsBuilder()
                                .include(DecodeBenchmark.class.getName())
                                .param("scheme", scheme)
                                .param("workers", String.valueOf(workers))
                                .param("stragglers", String.valueOf(stragglers))
                        : new OptionsBuilder().include(SimulatorBenchmark.class.getName());
        opts =
                opts.forks(forks)
                        .warmupIterations(3)
                        .warmupTime(TimeValue.seconds(1))
                        .measurementIterations(iterations)
                        .measurementTime(TimeValue.seconds(1))
                        .verbosity(json ? VerboseMode.SILENT : VerboseMode.NORMAL);
        Collection<RunResult> results = new Runner(opts.build()).run();
        PrintWriter out = spec.commandLine().getOut();
        List<Map<String, Object>> rows = new ArrayList<>();
        for (RunResult r : results) {
            Map<String, Object> row = new LinkedHashMap<>();
            String label = r.getParams().getBenchmark();
            row.put("benchmark", label.substring(label.lastIndexOf('.') + 1));
            for (String k : r.getParams().getParamsKeys()) {
                row.put(k, r.getParams().getParam(k));
            }
            row.put("microsPerOp", r.getPrimaryResult().getScore());
            row.put("error99", r.getPrimaryResult().getScoreError());
            rows.add(row);
        }
        if (json) {
            out.println(
                    new ObjectMapper()
                            .enable(SerializationFeature.INDENT_OUTPUT)
                            .writeValueAsString(rows));
        } else {
            out.printf("%-28s %-34s %12s %12s%n", "benchmark", "params", "us/op", "+-99.9%");
            for (RunResult r : results) {
                String label = r.getParams().getBenchmark();
                String params =
                        r.getParams().getParamsKeys().stream()
                                .map(k -> k + "=" + r.getParams().getParam(k))
                                .collect(java.util.stream.Collectors.joining(","));
                out.printf(
                        "%-28s %-34s %12.3f %12.3f%n",
                        label.substring(label.lastIndexOf('.') + 1),
                        params,
                        r.getPrimaryResult().getScore(),
                        r.getPrimaryResult().getScoreError());
            }
        }
        out.flush();
        return 0;
    }
}
