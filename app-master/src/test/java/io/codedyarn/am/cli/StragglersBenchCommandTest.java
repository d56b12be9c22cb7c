package io.codedyarn.am.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.codedyarn.am.bench.stragglers.TimeToTarget;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench stragglers --cluster simulated} end to end through the CLI (no Hadoop cluster: the
 * in-process coordinator, latencies from a model times the scenario's straggle spec), and its
 * bad-input refusals.
 */
class StragglersBenchCommandTest {
    @TempDir Path tmp;

    private CliRun bench(String out, String... extra) {
        return limited(out, "100000", extra);
    }

    private CliRun limited(String out, String timeLimit, String... extra) {
        List<String> a =
                new ArrayList<>(
                        List.of(
                                "bench",
                                "stragglers",
                                "--cluster",
                                "simulated",
                                "--rows",
                                "2000",
                                "--target-gap",
                                "1e-2",
                                "--time-limit",
                                timeLimit,
                                "--repetitions",
                                "1",
                                "--out",
                                tmp.resolve(out).toString()));
        a.addAll(List.of(extra));
        return CliRun.of(a.toArray(String[]::new));
    }

    @Test
    void jsonHasOneRowPerMethodWithTimesRatiosAndTheRunsOutputs() throws Exception {
        CliRun r = bench("a", "--scenario", "a", "--json", "--methods", "uncoded-gd,cyclic");
        assertThat(r.rc()).as(r.err()).isZero();
        JsonNode rows = new ObjectMapper().readTree(r.out());
        assertThat(rows.isArray()).isTrue();
        assertThat(rows).hasSize(2);
        JsonNode gd = rows.get(0);
        JsonNode cyclic = rows.get(1);
        assertThat(gd.get("method").asText()).isEqualTo("uncoded-gd");
        assertThat(cyclic.get("method").asText()).isEqualTo("cyclic");
        for (JsonNode row : rows) {
            assertThat(row.get("scenario").asText()).isEqualTo("a");
            assertThat(row.get("runs").asInt()).isEqualTo(1);
            assertThat(row.get("reached").asInt()).as(r.err()).isEqualTo(1);
            assertThat(row.get("timeToTarget").asDouble()).isPositive();
            assertThat(row.get("spread").get("kind").asText()).isEqualTo("min-max");
            assertThat(row.get("spread").get("min").asDouble())
                    .isEqualTo(row.get("timeToTarget").asDouble());
            assertThat(row.get("times")).hasSize(1);
            // no uncoded L-BFGS row was run: no ratio to it
            assertThat(row.get("ratioToLbfgs").isNull()).isTrue();
            assertThat(row.has("agreement")).isTrue();
            // the time is the first iterations.csv row at the target, read independently
            Path out = Path.of(row.get("details").get(0).get("out").asText());
            assertThat(out).startsWith(tmp.resolve("a"));
            assertThat(TimeToTarget.seconds(out, 1e-2))
                    .isEqualTo(row.get("timeToTarget").asDouble());
            assertThat(row.get("details").get(0).get("finalGap").asDouble())
                    .isLessThanOrEqualTo(1e-2);
        }
        assertThat(gd.get("ratioToUncoded").asDouble()).isEqualTo(1.0);
        assertThat(cyclic.get("ratioToUncoded").asDouble())
                .isEqualTo(
                        cyclic.get("timeToTarget").asDouble() / gd.get("timeToTarget").asDouble());
        // the straggle spec of scenario (a) reached the simulated workers: ramp + two 3x slow
        assertThat(r.err()).contains("ramp:factor=0.4+slow:factor=3,workers=0/3");
        assertThat(new ObjectMapper().readTree(tmp.resolve("a/bench.json").toFile()))
                .isEqualTo(rows);
    }

    @Test
    void aRunStoppedByTheTimeLimitIsReportedAsNotReachedNotAsAFastTime() throws Exception {
        CliRun r = limited("b", "0.5", "--scenario", "none", "--json", "--methods", "uncoded-gd");
        assertThat(r.rc()).as(r.err()).isZero();
        JsonNode row = new ObjectMapper().readTree(r.out()).get(0);
        assertThat(row.get("reached").asInt()).isZero();
        assertThat(row.get("timeToTarget").isNull()).isTrue();
        assertThat(row.get("ratioToUncoded").isNull()).isTrue();
        assertThat(row.get("times").get(0).isNull()).isTrue();
        assertThat(row.get("details").get(0).get("outcome").asText()).isEqualTo("limit");
    }

    @Test
    void theTextTableNamesEveryRowAndTheRatioConvention() {
        CliRun r = bench("c", "--scenario", "d", "--methods", "uncoded-gd");
        assertThat(r.rc()).as(r.err()).isZero();
        assertThat(r.out()).contains("scenario d").contains("slow:factor=5,node=1");
        assertThat(r.out()).containsPattern("uncoded-gd +[0-9.]+ +[0-9.]+-[0-9.]+ +1/1 +1\\.000");
        assertThat(r.out()).contains("below 1: faster");
    }

    @Test
    void theTracedAutoRowStartsFromTheUncodedRunsTraceAndNeedsItListedFirst() throws Exception {
        CliRun r =
                bench(
                        "t",
                        "--scenario",
                        "d",
                        "--json",
                        "--methods",
                        "uncoded-lbfgs,auto-traced-lbfgs");
        assertThat(r.rc()).as(r.err()).isZero();
        String said =
                r.err()
                        .lines()
                        .filter(
                                l ->
                                        l.startsWith(
                                                "bench stragglers: auto-traced-lbfgs starts with "))
                        .findFirst()
                        .orElseThrow(() -> new AssertionError(r.err()));
        assertThat(said).contains("uncoded-lbfgs/seed-1/latency-trace.csv's rounds 3-");
        Path events = tmp.resolve("t/d/auto-traced-lbfgs/seed-1/events.csv");
        assertThat(Files.readAllLines(events))
                .anySatisfy(l -> assertThat(l).startsWith("0,").contains(",auto-start,"));
        CliRun alone = bench("u", "--scenario", "d", "--methods", "auto-traced-lbfgs");
        assertThat(alone.rc()).isEqualTo(2);
        assertThat(alone.err()).contains("--methods").contains("list uncoded-lbfgs before it");
        assertThat(tmp.resolve("u")).doesNotExist();
    }

    @Test
    void badInputExitsTwoNamingTheFlagAndWritesNothing() {
        CliRun scenario = bench("d", "--scenario", "z");
        assertThat(scenario.rc()).isEqualTo(2);
        assertThat(scenario.err()).contains("--scenario").contains("'z'");
        CliRun method = bench("e", "--methods", "uncoded-gd,nope");
        assertThat(method.rc()).isEqualTo(2);
        assertThat(method.err()).contains("--methods").contains("'nope'");
        CliRun workers = bench("f", "--workers", "5");
        assertThat(workers.rc()).isEqualTo(2);
        assertThat(workers.err()).contains("--workers");
        CliRun cluster =
                CliRun.of(
                        "bench",
                        "stragglers",
                        "--cluster",
                        "mesos",
                        "--out",
                        tmp.resolve("g").toString());
        assertThat(cluster.rc()).isEqualTo(2);
        assertThat(cluster.err()).contains("--cluster").contains("'mesos'");
        CliRun latency = bench("h", "--latency", "no-such-model");
        assertThat(latency.rc()).isEqualTo(2);
        assertThat(latency.err()).contains("--latency");
        assertThat(tmp.resolve("d")).doesNotExist();
        assertThat(tmp.resolve("h")).doesNotExist();
        assertThat(tmp.resolve("e")).doesNotExist();
    }

    @Test
    void scenariosRunOnlyWhereTheirSlownessCanBeMade() {
        // a to d are injected by the workers: not on a real cluster, where bin/lab makes them
        CliRun injected =
                CliRun.of(
                        "bench",
                        "stragglers",
                        "--cluster",
                        "yarn",
                        "--scenario",
                        "a",
                        "--out",
                        tmp.resolve("i").toString());
        assertThat(injected.rc()).isEqualTo(2);
        assertThat(injected.err())
                .contains("--scenario")
                .contains("injected by the workers")
                .contains("slow-host, two-slow-hosts, slow-link, freeze-flap or none");
        // the lab's scenarios need the lab
        CliRun lab = bench("j", "--scenario", "none,slow-host");
        assertThat(lab.rc()).isEqualTo(2);
        assertThat(lab.err()).contains("--scenario").contains("slow-host").contains("bin/lab");
        CliRun labDir = bench("k", "--lab", tmp.toString(), "--scenario", "none");
        assertThat(labDir.rc()).isEqualTo(2);
        assertThat(labDir.err()).contains("--lab").contains("only applies to --cluster yarn");
        CliRun rate = bench("l", "--link-rate", "0");
        assertThat(rate.rc()).isEqualTo(2);
        assertThat(rate.err()).contains("--link-rate");
        for (String out : List.of("i", "j", "k", "l")) {
            assertThat(tmp.resolve(out)).doesNotExist();
        }
    }

    @Test
    void benchWithoutWhatIsBadInput() {
        CliRun r = CliRun.of("bench");
        assertThat(r.rc()).isEqualTo(2);
        assertThat(r.err()).contains("stragglers");
    }
}
