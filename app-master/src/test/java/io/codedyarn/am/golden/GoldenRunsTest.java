package io.codedyarn.am.golden;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import io.codedyarn.am.cli.CliRun;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Golden outputs of {@code train --cluster simulated}: a fixed list of seeded runs, each run
 * in-process through the CLI ({@link CliRun}), whose outputs are compared byte for byte with the
 * files committed under {@code src/test/resources/golden/<run>/}. They pin the training loop's
 * behaviour (every scheme of {@code plan} on every workload it accepts, the optimisers, the lazy
 * and asynchronous methods, the stopping rules, the latency models) across refactorings: a
 * behaviour-preserving change must leave every byte as it is.
 *
 * <p>Per run, the golden directory holds:
 *
 * <ul>
 *   <li>{@code command.txt}: the run's arguments (after the common ones below), one per line; a
 *       change of the list without re-recording fails here first
 *   <li>{@code exit.txt}: {@code exit N}, then what the CLI printed on its error stream (the
 *       built-in dataset line; for a rejected combination, the one-line refusal). Log4j's lines go
 *       to the console, not here.
 *   <li>for runs that train: {@code iterations.csv}, {@code model.csv}, {@code latency-trace.csv},
 *       {@code events.csv}, {@code summary.json} exactly as {@code --out} holds them. The run's
 *       standard output ({@code --json}) must equal {@code summary.json}.
 * </ul>
 *
 * <p>Normalisation. Under {@code --cluster simulated} every time in the outputs is SIMULATED time
 * from the latency model (the coordinator's {@code ManualClock}): {@code iterations.csv}'s {@code
 * seconds}, {@code latency-trace.csv}'s {@code latency, sent, received, compute} and {@code
 * summary.json}'s {@code wallSeconds} are all deterministic, so NO field is dropped. The only
 * machine-dependent text is a path: the temporary directory that holds the {@code --out}
 * directories and the generated {@code --data} set, replaced by {@code $TMP} in {@code exit.txt}
 * (none of the output files contains a path today; the replacement is applied to them too). {@code
 * applicationId} and {@code workerNodes} are empty outside YARN.
 *
 * <p>Kernels: the goldens are recorded with the default kernels (scalar path, one thread per
 * worker: {@code coded-yarn.kernel.vector} and {@code coded-yarn.kernel.threads} unset), which are
 * bit-identical on every JVM. The vector path or T ≥ 2 threads change the last bits, so the test
 * refuses to run when either system property is set.
 *
 * <p>Re-record (after an INTENDED change of behaviour only): {@code mvn -B -pl app-master -am test
 * -Dtest=GoldenRunsTest -Dsurefire.failIfNoSpecifiedTests=false -Dgolden.record=true}; this
 * rewrites every run's directory (and removes directories of runs no longer in the list). See
 * {@code docs/golden-runs.md}.
 */
class GoldenRunsTest {
    /** The system property that turns comparing into (re)recording. */
    static final String RECORD = "golden.record";

    /** The files a training run writes that are compared. */
    static final List<String> OUTPUTS =
            List.of(
                    "iterations.csv",
                    "model.csv",
                    "latency-trace.csv",
                    "events.csv",
                    "summary.json");

    // Latency models (simulate --latency syntax), one family each so every model's gate runs.
    static final String SHIFTED_EXP = "shifted-exp:alpha=0.5,mu=2";
    static final String EXP = "exp:eta=1";
    static final String PARETO = "pareto:eta=0.05,beta=1.5";
    static final String GE = "ge:p=0.1,alpha=0.5,mu_slow=0.2,mu_fast=5";
    static final String GAMMA_BURST =
            "gamma:comm_mean=0.01,comm_var=0.0001,comp_mean=0.1,comp_var=0.001"
                    + "+burst:enter=0.05,leave=0.3,factor=2";

    /** Every scheme of {@code plan}, with the flags it needs and the latency model it runs on. */
    static final Map<String, List<String>> SCHEMES = new LinkedHashMap<>();

    static {
        SCHEMES.put("uncoded", List.of("--workers", "4", "--latency", SHIFTED_EXP));
        SCHEMES.put("fastest-k", List.of("--workers", "4", "--stragglers", "1", "--latency", EXP));
        SCHEMES.put(
                "cyclic", List.of("--workers", "4", "--stragglers", "1", "--latency", SHIFTED_EXP));
        SCHEMES.put(
                "fractional",
                List.of("--workers", "4", "--stragglers", "1", "--latency", SHIFTED_EXP));
        SCHEMES.put(
                "clustered",
                List.of(
                        "--workers",
                        "6",
                        "--clusters",
                        "2",
                        "--stragglers",
                        "1",
                        "--latency",
                        SHIFTED_EXP));
        SCHEMES.put(
                "gc-dc",
                List.of("--workers", "6", "--clusters", "2", "--stragglers", "1", "--latency", GE));
        SCHEMES.put(
                "hetero",
                List.of(
                        "--workers",
                        "4",
                        "--stragglers",
                        "1",
                        "--speeds",
                        "1,2,3,4",
                        "--latency",
                        SHIFTED_EXP));
        SCHEMES.put(
                "hetero-group",
                List.of(
                        "--workers",
                        "4",
                        "--stragglers",
                        "1",
                        "--speeds",
                        "1,2,3,4",
                        "--latency",
                        SHIFTED_EXP));
        SCHEMES.put("bcc", List.of("--workers", "6", "--load", "2", "--latency", EXP));
        SCHEMES.put("bcc-balanced", List.of("--workers", "6", "--load", "2", "--latency", EXP));
        SCHEMES.put(
                "bcc-hetero",
                List.of(
                        "--workers",
                        "4",
                        "--speeds",
                        "1,2,3,4",
                        "--shift",
                        "1",
                        "--latency",
                        SHIFTED_EXP));
        SCHEMES.put("lag", List.of("--workers", "4", "--latency", PARETO));
        SCHEMES.put(
                "lagc",
                List.of("--workers", "6", "--groups", "2", "--load", "2", "--latency", PARETO));
        SCHEMES.put(
                "g-lag",
                List.of("--workers", "6", "--groups", "3", "--load", "2", "--latency", PARETO));
        SCHEMES.put(
                "g-gd",
                List.of("--workers", "6", "--groups", "3", "--load", "2", "--latency", EXP));
        SCHEMES.put(
                "sag",
                List.of(
                        "--workers",
                        "4",
                        "--subpartitions",
                        "2",
                        "--iterations",
                        "30",
                        "--latency",
                        GAMMA_BURST));
        SCHEMES.put(
                "dsag",
                List.of(
                        "--workers",
                        "4",
                        "--stragglers",
                        "1",
                        "--subpartitions",
                        "2",
                        "--iterations",
                        "30",
                        "--latency",
                        GAMMA_BURST));
        // stale synchronous parallel, staleness 2, on hetero-gc's delay model (+delay)
        SCHEMES.put(
                "ssp",
                List.of(
                        "--workers",
                        "4",
                        "--stragglers",
                        "2",
                        "--speeds",
                        "1,2,3,6",
                        "--iterations",
                        "40",
                        "--latency",
                        "fixed+delay:count=1,seconds=0.5,sigma=0.3"));
    }

    static final List<String> WORKLOADS = List.of("lr", "pca", "lsq");

    /** A run: its directory name and its arguments after the common ones. */
    record Golden(String name, List<String> args) {}

    /** The runs, in order. Names are the golden directories' names. */
    static List<Golden> runs() {
        List<Golden> runs = new ArrayList<>();
        // 1. Every scheme x every workload (lbfgs, the default optimiser, for exact schemes).
        for (var s : SCHEMES.entrySet()) {
            for (String w : WORKLOADS) {
                runs.add(
                        run(
                                s.getKey() + "-" + w,
                                "--scheme",
                                s.getKey(),
                                "--workload",
                                w,
                                s.getValue()));
            }
        }
        // 2. The three optimisers explicitly, on an exact scheme, lr and lsq (another seed).
        for (String w : List.of("lr", "lsq")) {
            for (String o : List.of("lbfgs", "gd", "nesterov")) {
                runs.add(
                        run(
                                "opt-" + o + "-fractional-" + w,
                                "--scheme",
                                "fractional",
                                "--workload",
                                w,
                                "--optimizer",
                                o,
                                "--seed",
                                "7",
                                SCHEMES.get("fractional")));
            }
        }
        // gd with an explicit step; PCA given --optimizer (accepted, the power method anyway).
        runs.add(
                run(
                        "opt-gd-step-uncoded-lsq",
                        "--scheme",
                        "uncoded",
                        "--workload",
                        "lsq",
                        "--optimizer",
                        "gd",
                        "--step",
                        "1e-4",
                        SCHEMES.get("uncoded")));
        runs.add(
                run(
                        "opt-nesterov-cyclic-pca",
                        "--scheme",
                        "cyclic",
                        "--workload",
                        "pca",
                        "--optimizer",
                        "nesterov",
                        SCHEMES.get("cyclic")));
        // 3. Non-default --wait: async (sag, dsag), and a lazy scheme (accepted there).
        runs.add(
                run(
                        "wait-dsag-lr",
                        "--scheme",
                        "dsag",
                        "--workload",
                        "lr",
                        "--workers",
                        "6",
                        "--stragglers",
                        "2",
                        "--subpartitions",
                        "3",
                        "--wait",
                        "3",
                        "--iterations",
                        "30",
                        "--latency",
                        GAMMA_BURST));
        runs.add(
                run(
                        "wait-dsag-pca",
                        "--scheme",
                        "dsag",
                        "--workload",
                        "pca",
                        "--workers",
                        "6",
                        "--stragglers",
                        "1",
                        "--subpartitions",
                        "2",
                        "--wait",
                        "2",
                        "--components",
                        "2",
                        "--iterations",
                        "30",
                        "--latency",
                        PARETO));
        runs.add(
                run(
                        "wait-sag-lsq",
                        "--scheme",
                        "sag",
                        "--workload",
                        "lsq",
                        "--workers",
                        "4",
                        "--subpartitions",
                        "2",
                        "--wait",
                        "2",
                        "--iterations",
                        "30",
                        "--latency",
                        EXP));
        runs.add(
                run(
                        "wait-lagc-lsq",
                        "--scheme",
                        "lagc",
                        "--workload",
                        "lsq",
                        "--wait",
                        "3",
                        SCHEMES.get("lagc")));
        // 4. Stopping rules: --target-gap (reference computed in-process), --time-limit.
        runs.add(
                run(
                        "target-gap-cyclic-lr",
                        "--scheme",
                        "cyclic",
                        "--workload",
                        "lr",
                        "--target-gap",
                        "1e-4",
                        "--iterations",
                        "200",
                        SCHEMES.get("cyclic")));
        runs.add(
                run(
                        "target-gap-lagc-lr",
                        "--scheme",
                        "lagc",
                        "--workload",
                        "lr",
                        "--target-gap",
                        "5e-2",
                        "--iterations",
                        "200",
                        SCHEMES.get("lagc")));
        runs.add(
                run(
                        "target-gap-fractional-pca",
                        "--scheme",
                        "fractional",
                        "--workload",
                        "pca",
                        "--target-gap",
                        "1e-3",
                        "--iterations",
                        "200",
                        SCHEMES.get("fractional")));
        runs.add(
                run(
                        "time-limit-uncoded-lsq",
                        "--scheme",
                        "uncoded",
                        "--workload",
                        "lsq",
                        "--time-limit",
                        "10",
                        "--iterations",
                        "1000",
                        SCHEMES.get("uncoded")));
        // 5. More latency models and flags: gc-dc's heterogeneous variant and time-varying model,
        // heterogeneous GE, lambda and no intercept, another seed.
        runs.add(
                run(
                        "gc-dc-hetero-lsq",
                        "--scheme",
                        "gc-dc",
                        "--workload",
                        "lsq",
                        "--workers",
                        "6",
                        "--clusters",
                        "2",
                        "--stragglers",
                        "1",
                        "--speeds",
                        "1,1,0.2,1,1,0.2",
                        "--threshold",
                        "0.5",
                        "--latency",
                        "time-varying:p=0.2,alpha=0.5,tau=0.5,max_rate=2"));
        runs.add(
                run(
                        "gc-dc-ge-hetero-lr",
                        "--scheme",
                        "gc-dc",
                        "--workload",
                        "lr",
                        "--workers",
                        "6",
                        "--clusters",
                        "3",
                        "--stragglers",
                        "0",
                        "--seed",
                        "3",
                        "--latency",
                        "ge-hetero:p=0.1,alpha=0.5,max_rate=5,slowdown=10"));
        runs.add(
                run(
                        "lambda-no-intercept-uncoded-lr",
                        "--scheme",
                        "uncoded",
                        "--workload",
                        "lr",
                        "--lambda",
                        "0.01",
                        "--no-intercept",
                        SCHEMES.get("uncoded")));
        // 6. A CSR dataset (data generate --kind genotype) through --data: the sparse kernels.
        runs.add(
                run(
                        "csr-dsag-pca",
                        "--scheme",
                        "dsag",
                        "--workload",
                        "pca",
                        "--data",
                        "$TMP/genotype",
                        SCHEMES.get("dsag")));
        runs.add(
                run(
                        "csr-fractional-pca",
                        "--scheme",
                        "fractional",
                        "--workload",
                        "pca",
                        "--data",
                        "$TMP/genotype",
                        SCHEMES.get("fractional")));
        // 7. Injected slowness (--straggle) and the adaptation it triggers: a node 5x slow (its
        // workers are judged slow, the node excluded, the workers replaced elsewhere), and
        // Markov bursts on dsag.
        runs.add(
                run(
                        "straggle-node-cyclic-lr",
                        "--scheme",
                        "cyclic",
                        "--workers",
                        "6",
                        "--stragglers",
                        "1",
                        "--latency",
                        "shifted-exp:alpha=0.5,mu=20",
                        "--straggle",
                        "slow:factor=5,node=1",
                        "--iterations",
                        "30"));
        runs.add(
                run(
                        "straggle-markov-dsag-lr",
                        "--scheme",
                        "dsag",
                        "--straggle",
                        "markov:enter=0.1,leave=0.3,factor=4",
                        SCHEMES.get("dsag")));
        return runs;
    }

    /** A run of {@code args} then {@code rest}; {@code --iterations 20} unless given. */
    private static Golden run(String name, Object... args) {
        List<String> a = new ArrayList<>();
        for (Object o : args) {
            if (o instanceof List<?> l) {
                l.forEach(x -> a.add((String) x));
            } else {
                a.add((String) o);
            }
        }
        if (!a.contains("--iterations")) {
            a.addAll(List.of("--iterations", "20"));
        }
        return new Golden(name, List.copyOf(a));
    }

    @TempDir static Path tmp;

    static Path goldenDir() {
        String dir = System.getProperty("golden.dir");
        if (dir != null) {
            return Path.of(dir);
        }
        // surefire runs in the module's directory (and sets basedir to it)
        return Path.of(System.getProperty("basedir", "."), "src", "test", "resources", "golden");
    }

    static boolean recording() {
        return Boolean.parseBoolean(System.getProperty(RECORD, "false"));
    }

    @BeforeAll
    static void setUp() {
        for (String key : List.of("coded-yarn.kernel.vector", "coded-yarn.kernel.threads")) {
            String v = System.getProperty(key);
            assertThat(v == null || v.equals("false") || v.equals("1"))
                    .as(
                            "the goldens are recorded with the default kernels; -D%s=%s changes"
                                    + " the last bits",
                            key, v)
                    .isTrue();
        }
        CliRun gen =
                CliRun.of(
                        "data",
                        "generate",
                        "--kind",
                        "genotype",
                        "--rows",
                        "1200",
                        "--cols",
                        "150",
                        "--density",
                        "0.1",
                        "--seed",
                        "5",
                        "--out",
                        tmp.resolve("genotype").toString());
        assertThat(gen.rc()).as(gen.err()).isZero();
    }

    @TestFactory
    Stream<DynamicTest> goldenRuns() {
        return runs().stream().map(g -> DynamicTest.dynamicTest(g.name(), () -> check(g)));
    }

    /** The golden directory holds exactly the runs of the list (recording removes the others). */
    @Test
    void noGoldenWithoutARun() throws IOException {
        Path root = goldenDir();
        Set<String> names = runs().stream().map(Golden::name).collect(Collectors.toSet());
        assertThat(names).as("run names are unique").hasSize(runs().size());
        Set<String> present = new TreeSet<>();
        if (Files.isDirectory(root)) {
            try (Stream<Path> s = Files.list(root)) {
                s.filter(Files::isDirectory).forEach(p -> present.add(p.getFileName().toString()));
            }
        }
        present.removeAll(names);
        if (recording()) {
            for (String stale : present) {
                deleteTree(root.resolve(stale));
            }
        } else {
            assertThat(present).as("golden directories of runs no longer in the list").isEmpty();
        }
    }

    private static void check(Golden g) throws IOException {
        Path out = tmp.resolve("out").resolve(g.name());
        List<String> args =
                new ArrayList<>(
                        List.of(
                                "train",
                                "--cluster",
                                "simulated",
                                "--json",
                                "--out",
                                out.toString()));
        for (String a : g.args()) {
            args.add(a.replace("$TMP", tmp.toString()));
        }
        CliRun r = CliRun.of(args.toArray(String[]::new));

        Map<String, String> actual = new LinkedHashMap<>();
        actual.put("command.txt", String.join("\n", g.args()) + "\n");
        actual.put("exit.txt", "exit " + r.rc() + "\n" + normalise(r.err()));
        if (Files.isDirectory(out)) {
            for (String f : OUTPUTS) {
                Path p = out.resolve(f);
                if (Files.exists(p)) {
                    actual.put(f, normalise(Files.readString(p, StandardCharsets.UTF_8)));
                }
            }
            if (actual.containsKey("summary.json")) {
                assertThat(normalise(r.out()))
                        .as("%s: --json prints summary.json", g.name())
                        .isEqualTo(actual.get("summary.json"));
            }
        }

        Path dir = goldenDir().resolve(g.name());
        if (recording()) {
            deleteTree(dir);
            Files.createDirectories(dir);
            for (var e : actual.entrySet()) {
                Files.writeString(dir.resolve(e.getKey()), e.getValue(), StandardCharsets.UTF_8);
            }
            return;
        }
        if (!Files.isDirectory(dir)) {
            fail(
                    "run "
                            + g.name()
                            + ": no golden directory "
                            + dir
                            + " (record with -D"
                            + RECORD
                            + "=true)");
        }
        Set<String> expectedFiles = new TreeSet<>();
        try (Stream<Path> s = Files.list(dir)) {
            s.forEach(p -> expectedFiles.add(p.getFileName().toString()));
        }
        assertThat(new TreeSet<>(actual.keySet()))
                .as("run %s: the files it produced (golden: %s)", g.name(), dir)
                .isEqualTo(expectedFiles);
        for (String f : expectedFiles) {
            String expected = Files.readString(dir.resolve(f), StandardCharsets.UTF_8);
            String diff = firstDifference(expected, actual.get(f));
            if (diff != null) {
                fail("run " + g.name() + ", file " + f + ": " + diff);
            }
        }
    }

    /**
     * The only machine-dependent text: the temporary directory (where {@code --out} and the
     * generated {@code --data} live), as {@code $TMP}. Nothing else is dropped: see the class
     * comment.
     */
    static String normalise(String text) {
        String t = text.replace(tmp.toUri().toString(), "$TMP/").replace(tmp.toString(), "$TMP");
        return t.replace("$TMP//", "$TMP/");
    }

    /** Null when equal, else the first differing line (1-based) with both versions. */
    static String firstDifference(String expected, String actual) {
        if (expected.equals(actual)) {
            return null;
        }
        List<String> e = expected.lines().toList();
        List<String> a = actual.lines().toList();
        for (int i = 0; i < Math.max(e.size(), a.size()); i++) {
            String el = i < e.size() ? e.get(i) : "<end of file>";
            String al = i < a.size() ? a.get(i) : "<end of file>";
            if (!el.equals(al)) {
                return "first difference at line "
                        + (i + 1)
                        + " ("
                        + e.size()
                        + " lines expected, "
                        + a.size()
                        + " actual)\n  expected: "
                        + el
                        + "\n  actual:   "
                        + al;
            }
        }
        return "same lines, different line endings or final newline";
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder())
                    .forEach(
                            p -> {
                                try {
                                    Files.delete(p);
                                } catch (IOException e) {
                                    throw new UncheckedIOException(e);
                                }
                            });
        }
    }
}
