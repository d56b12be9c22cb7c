package io.codedyarn.am.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code train --cluster simulated} end to end through the CLI, and its bad-input refusals. */
class TrainCommandTest {
    @TempDir Path tmp;

    private static CliRun run(String... args) {
        return CliRun.of(args);
    }

    private CliRun simulated(String out, String... extra) {
        List<String> a =
                new ArrayList<>(
                        List.of(
                                "train",
                                "--cluster",
                                "simulated",
                                "--latency",
                                "exp:eta=1",
                                "--out",
                                tmp.resolve(out).toString()));
        a.addAll(List.of(extra));
        return run(a.toArray(String[]::new));
    }

    @Test
    void simulatedRunWritesTheOutputsAndPrintsTheSummary() throws Exception {
        CliRun r =
                simulated(
                        "lr",
                        "--scheme",
                        "cyclic",
                        "--workers",
                        "4",
                        "--stragglers",
                        "1",
                        "--target-gap",
                        "1e-6",
                        "--iterations",
                        "200",
                        "--json");
        assertThat(r.rc()).as(r.err()).isZero();
        JsonNode s = new ObjectMapper().readTree(r.out());
        assertThat(s.get("status").asText()).isEqualTo("SUCCEEDED");
        assertThat(s.get("scheme").asText()).isEqualTo("cyclic");
        assertThat(s.get("workload").asText()).isEqualTo("lr");
        assertThat(s.get("workers").asInt()).isEqualTo(4);
        assertThat(s.get("iterations").asInt()).isBetween(2, 199);
        assertThat(s.get("seed").asLong()).isEqualTo(1);
        assertThat(s.get("wallSeconds").asDouble()).isPositive();
        assertThat(s.get("objective").asDouble()).isBetween(0.0, Math.log(2));
        for (String f :
                List.of("model.csv", "iterations.csv", "latency-trace.csv", "summary.json")) {
            assertThat(tmp.resolve("lr").resolve(f)).exists();
        }
        String iterations = Files.readString(tmp.resolve("lr/iterations.csv"));
        assertThat(iterations.lines().count()).isEqualTo(s.get("iterations").asInt() + 1L);
        // the gap column shrinks to the target
        String last = iterations.lines().reduce((a, b) -> b).orElseThrow();
        assertThat(Double.parseDouble(last.split(",")[3])).isLessThanOrEqualTo(1e-6);
    }

    @Test
    void withoutASchemeAutoTrainsAndSaysSo() throws Exception {
        CliRun r = simulated("default", "--workers", "4", "--iterations", "30", "--json");
        assertThat(r.rc()).as(r.err()).isZero();
        assertThat(r.err()).contains("no --scheme: auto picks the exact code");
        JsonNode s = new ObjectMapper().readTree(r.out());
        assertThat(s.get("status").asText()).isEqualTo("SUCCEEDED");
        assertThat(s.get("scheme").asText()).isEqualTo("auto");
        assertThat(Files.readString(tmp.resolve("default/events.csv"))).contains("auto-");
    }

    @Test
    void pcaOnALabelledDatasetSaysTheLabelsAreIgnored() throws Exception {
        StringBuilder csv = new StringBuilder();
        for (int i = 0; i < 40; i++) {
            csv.append(i % 7).append(',').append((i * 3) % 11).append(',').append((i * i) % 5);
            csv.append(',').append(i % 2).append('\n');
        }
        Path in = tmp.resolve("rows.csv");
        Files.writeString(in, csv);
        String labelled = importCsv(in, "labelled");
        String unlabelled = importCsv(in, "unlabelled", "--no-labels");
        String pca = "--workload pca --components 1 --iterations 3 --data ";
        CliRun withLabels = simulated("a", words(CYCLIC_4_1 + pca + labelled));
        assertThat(withLabels.rc()).as(withLabels.err()).isZero();
        assertThat(withLabels.err())
                .contains(
                        "train: --workload pca ignores the labels of "
                                + labelled
                                + " and uses its 3 feature columns; if that data has no labels,"
                                + " re-import it with --no-labels");
        CliRun without = simulated("b", words(CYCLIC_4_1 + pca + unlabelled));
        assertThat(without.rc()).as(without.err()).isZero();
        assertThat(without.err()).doesNotContain("ignores the labels");
        // least squares fits them: nothing to say
        CliRun lsq =
                simulated(
                        "c",
                        words(CYCLIC_4_1 + "--workload lsq --iterations 3 --data " + labelled));
        assertThat(lsq.rc()).as(lsq.err()).isZero();
        assertThat(lsq.err()).doesNotContain("ignores the labels");
    }

    private static final String CYCLIC_4_1 = "--scheme cyclic --workers 4 --stragglers 1 ";

    private static String[] words(String args) {
        return args.split(" ");
    }

    /** {@code data import} of a CSV into tmp/name; the dataset's path. */
    private String importCsv(Path csv, String name, String... extra) {
        String out = tmp.resolve(name).toString();
        List<String> a = new ArrayList<>(List.of(words("data import --format csv --quiet")));
        a.addAll(List.of("--input", csv.toString(), "--out", out));
        a.addAll(List.of(extra));
        CliRun r = run(a.toArray(String[]::new));
        assertThat(r.rc()).as(r.err()).isZero();
        return out;
    }

    @Test
    void impossibleCombinationsAreRefusedBeforeAnythingRuns() {
        CliRun pca = simulated("a", "--scheme", "lag", "--workers", "4", "--workload", "pca");
        assertThat(pca.rc()).isEqualTo(2);
        assertThat(pca.err()).contains("--scheme").contains("not pca");
        CliRun opt = simulated("b", "--scheme", "dsag", "--workers", "4", "--optimizer", "gd");
        assertThat(opt.rc()).isEqualTo(2);
        assertThat(opt.err()).contains("--optimizer");
        CliRun lat =
                run(
                        "train",
                        "--scheme",
                        "cyclic",
                        "--workers",
                        "4",
                        "--latency",
                        "exp:eta=1",
                        "--cluster",
                        "embedded");
        assertThat(lat.rc()).isEqualTo(2);
        assertThat(lat.err()).contains("--latency").contains("simulated");
        CliRun keep = simulated("d", "--scheme", "cyclic", "--workers", "4", "--keep-staging");
        assertThat(keep.rc()).isEqualTo(2);
        assertThat(keep.err())
                .contains("--keep-staging")
                .contains("only applies to --cluster yarn");
        CliRun wl = simulated("c", "--scheme", "cyclic", "--workers", "4", "--workload", "svm");
        assertThat(wl.rc()).isEqualTo(2);
        assertThat(wl.err()).contains("--workload").contains("svm");
        assertThat(tmp).isEmptyDirectory();
    }

    /** --keep-staging sets the key in both configurations the run reads, and in no other. */
    @Test
    void keepStagingSetsTheKeyForTheClientAndTheApplicationMaster() {
        var given =
                new io.codedyarn.am.cli.common.CliContext(
                        io.codedyarn.am.config.CodedYarnConfig.defaults(),
                        new org.apache.hadoop.conf.Configuration(false));
        var kept = TrainCommand.keptStaging(given);
        assertThat(kept.config().yarn().keepStaging()).isTrue();
        assertThat(kept.hadoop().get("coded-yarn.keep-staging")).isEqualTo("true");
        assertThat(given.hadoop().get("coded-yarn.keep-staging")).isNull();
        assertThat(given.config().yarn().keepStaging()).isFalse();
    }

    @Test
    void anExistingOutputIsRefused() throws Exception {
        Files.createDirectories(tmp.resolve("taken"));
        CliRun r = simulated("taken", "--scheme", "uncoded", "--workers", "2");
        assertThat(r.rc()).isNotZero();
        assertThat(r.err()).contains("taken");
    }

    @Test
    void badStraggleSpecsAreRefusedNamingTheFlag() {
        CliRun bad =
                simulated(
                        "a",
                        "--scheme",
                        "cyclic",
                        "--workers",
                        "4",
                        "--straggle",
                        "slow:factor=-2");
        assertThat(bad.rc()).isEqualTo(2);
        assertThat(bad.err()).contains("--straggle").contains("factor must be > 0");
        CliRun missing =
                simulated(
                        "b",
                        "--scheme",
                        "cyclic",
                        "--workers",
                        "4",
                        "--straggle",
                        "trace:file=" + tmp.resolve("no-such-trace.csv"));
        assertThat(missing.rc()).isEqualTo(2);
        assertThat(missing.err()).contains("--straggle").contains("no-such-trace.csv");
        assertThat(tmp).isEmptyDirectory();
    }

    @Test
    void aStraggleSlowsTheNamedWorkerInTheSimulatedTrace() throws Exception {
        // fixed latency: every task of a worker takes the same time, so the trace shows the factor
        CliRun r =
                run(
                        "train",
                        "--cluster",
                        "simulated",
                        "--latency",
                        "fixed",
                        "--out",
                        tmp.resolve("slow").toString(),
                        "--scheme",
                        "cyclic",
                        "--workers",
                        "4",
                        "--iterations",
                        "3",
                        "--straggle",
                        "slow:factor=3,workers=1+switch:at=2,factor=2,workers=3");
        assertThat(r.rc()).as(r.err()).isZero();
        // iteration,worker,latency,...: workers 0 and 3 are idle when each round is sent
        double[][] latency = new double[3][4];
        for (String line : Files.readAllLines(tmp.resolve("slow/latency-trace.csv"))) {
            String[] f = line.split(",");
            if (!f[0].equals("iteration")) {
                latency[Integer.parseInt(f[0])][Integer.parseInt(f[1])] = Double.parseDouble(f[2]);
            }
        }
        org.assertj.core.data.Offset<Double> eps = org.assertj.core.data.Offset.offset(1e-9);
        assertThat(latency[0][1]).as("worker 1: 3x").isCloseTo(3 * latency[0][0], eps);
        assertThat(latency[1][3]).as("worker 3 before iteration 2").isCloseTo(latency[1][0], eps);
        assertThat(latency[2][3])
                .as("worker 3 from iteration 2: 2x")
                .isCloseTo(2 * latency[2][0], eps);
    }
}
