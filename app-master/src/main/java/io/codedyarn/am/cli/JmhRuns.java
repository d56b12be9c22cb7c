package io.codedyarn.am.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * The JMH runs of {@code bench decode|simulator|kernels}. JMH's types stay in this class: the job
 * jar leaves JMH out, and picocli reads every command's method signatures when it builds the
 * command tree, so a JMH type in {@link BenchCommand}'s would stop every command on a class path
 * without JMH ({@code yarn jar}).
 */
final class JmhRuns {
    /** One benchmark's result: its simple name, parameters, score and 99.9% error. */
    record Row(String benchmark, Map<String, String> params, double score, double error) {}

    private JmhRuns() {}

    /** Whether JMH's runner can be loaded (bin/coded-yarn's class path; not the job jar's). */
    static boolean onClassPath() {
        try {
            Class.forName("org.openjdk.jmh.runner.Runner", false, JmhRuns.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /**
     * Runs the benchmarks of class {@code include} with {@code params}; with {@code quiet}, what
     * JMH relays (the forked JVMs' own lines) goes to stderr and stdout stays the caller's.
     */
    static List<Row> run(
            String include,
            Map<String, String> params,
            List<String> jvmArgsAppend,
            int forks,
            int iterations,
            boolean quiet)
            throws Exception {
        ChainedOptionsBuilder b = new OptionsBuilder().include(include);
        params.forEach(b::param);
        if (!jvmArgsAppend.isEmpty()) {
            b.jvmArgsAppend(jvmArgsAppend.toArray(new String[0]));
        }
        VerboseMode mode = quiet ? VerboseMode.SILENT : VerboseMode.NORMAL;
        Options built =
                b.forks(forks)
                        .warmupIterations(3)
                        .warmupTime(TimeValue.seconds(1))
                        .measurementIterations(iterations)
                        .measurementTime(TimeValue.seconds(1))
                        .verbosity(mode)
                        .build();
        Runner runner =
                quiet
                        ? new Runner(
                                built, OutputFormatFactory.createFormatInstance(System.err, mode))
                        : new Runner(built);
        List<Row> rows = new ArrayList<>();
        for (RunResult r : runner.run()) {
            String label = r.getParams().getBenchmark();
            Map<String, String> p = new LinkedHashMap<>();
            for (String k : r.getParams().getParamsKeys()) {
                p.put(k, r.getParams().getParam(k));
            }
            rows.add(
                    new Row(
                            label.substring(label.lastIndexOf('.') + 1),
                            p,
                            r.getPrimaryResult().getScore(),
                            r.getPrimaryResult().getScoreError()));
        }
        return rows;
    }
}
