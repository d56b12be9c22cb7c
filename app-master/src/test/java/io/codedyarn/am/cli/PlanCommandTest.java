package io.codedyarn.am.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The plan command through the real picocli tree: output, JSON fields, exit codes, one-line errors.
 */
class PlanCommandTest {

    private static CliRun run(String... args) {
        return CliRun.of(args);
    }

    @Test
    void jsonHasTheStableFields() throws Exception {
        CliRun r =
                run(
                        "plan",
                        "--scheme",
                        "fastest-k",
                        "--workers",
                        "4",
                        "--stragglers",
                        "1",
                        "--seed",
                        "9",
                        "--verify",
                        "--json");
        assertThat(r.rc()).isZero();
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertThat(j.get("scheme").asText()).isEqualTo("fastest-k");
        assertThat(j.get("workers").asInt()).isEqualTo(4);
        assertThat(j.get("partitions").asInt()).isEqualTo(4);
        assertThat(j.get("seed").asLong()).isEqualTo(9);
        assertThat(j.get("stored")).hasSize(4);
        assertThat(j.get("stored").get(2).get(0).asInt()).isEqualTo(2);
        assertThat(j.get("load")).hasSize(4);
        JsonNode v = j.get("verify");
        assertThat(v.get("passed").asBoolean()).isTrue();
        assertThat(v.get("exhaustive").asBoolean()).isTrue();
        assertThat(v.get("promisedSets").asDouble()).isEqualTo(4.0); // C(4,3)
        assertThat(v.get("maxRelativeError").asDouble()).isLessThan(1e-9);
    }

    @Test
    void tableListsEveryWorker() {
        CliRun r = run("plan", "--scheme", "uncoded", "--workers", "3", "--partitions", "5");
        assertThat(r.rc()).isZero();
        assertThat(r.out()).contains("scheme uncoded: 3 workers, 5 partitions");
        assertThat(r.out()).contains("{0} -> c0 = g0").contains("{3-4} -> c2 = g3 + g4");
    }

    @Test
    void invalidCombinationsExit2WithOneLineNamingTheFlag() {
        CliRun r = run("plan", "--scheme", "fastest-k", "--workers", "3", "--stragglers", "3");
        assertThat(r.rc()).isEqualTo(2);
        assertThat(r.err().strip())
                .startsWith("coded-yarn plan: --stragglers:")
                .doesNotContain("\n");

        r = run("plan", "--scheme", "uncoded", "--workers", "3", "--speeds", "1,2");
        assertThat(r.rc()).isEqualTo(2);
        assertThat(r.err())
                .contains("--speeds: needs one value per worker: got 2 values for --workers 3");

        r = run("plan", "--scheme", "hetero", "--workers", "3", "--speeds", "1,fast,2");
        assertThat(r.rc()).isEqualTo(2);
        assertThat(r.err())
                .contains("--speeds: value 2 is not a number: 'fast' (numbers, or auto)");

        // auto = none given: equal speeds over K = 4n partitions
        r =
                run(
                        "plan",
                        "--scheme",
                        "hetero",
                        "--workers",
                        "3",
                        "--stragglers",
                        "1",
                        "--speeds",
                        "auto");
        assertThat(r.rc()).as(r.err()).isZero();
        assertThat(r.out()).contains("3 workers, 12 partitions");

        r = run("plan", "--scheme", "uncoded", "--workers", "-1");
        assertThat(r.rc()).isEqualTo(2);
        assertThat(r.err()).contains("--workers: must be >= 1");

        r = run("plan", "--scheme", "no-such", "--workers", "3");
        assertThat(r.rc()).isEqualTo(2);
        assertThat(r.err()).contains("unknown scheme 'no-such'");

        r = run("plan", "--scheme", "uncoded", "--workers", "three");
        assertThat(r.rc()).isEqualTo(2);
        assertThat(r.err().strip()).contains("'three' is not an int").doesNotContain("\n");
    }

    @Test
    void helpWorksOnEveryCommand() {
        assertThat(run("--help").rc()).isZero();
        CliRun plan = run("plan", "--help");
        assertThat(plan.rc()).isZero();
        assertThat(plan.out()).contains("--verify").contains("--scheme");
        assertThat(run("bench", "--help").out())
                .contains("decode")
                .contains("kernels")
                .contains("--rows")
                .contains("--warmup");
    }

    /**
     * Every command's help renders as written: a description with a bare '%' (picocli formats
     * descriptions) made picocli print "Could not format ..." warnings, three times, above {@code
     * bench stragglers --help}.
     */
    @Test
    void everyCommandsHelpFormatsWithoutWarnings() {
        picocli.CommandLine root =
                CodedYarn.commandLine(
                        io.codedyarn.am.config.CodedYarnConfig.defaults(),
                        new java.io.PrintWriter(new java.io.StringWriter()),
                        new java.io.PrintWriter(new java.io.StringWriter()));
        java.util.List<picocli.CommandLine> all = new java.util.ArrayList<>();
        java.util.ArrayDeque<picocli.CommandLine> todo = new java.util.ArrayDeque<>(List.of(root));
        while (!todo.isEmpty()) {
            picocli.CommandLine c = todo.poll();
            all.add(c);
            todo.addAll(c.getSubcommands().values());
        }
        java.io.PrintStream saved = System.err;
        java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
        try {
            System.setErr(
                    new java.io.PrintStream(
                            captured, true, java.nio.charset.StandardCharsets.UTF_8));
            for (picocli.CommandLine c : all) {
                assertThat(c.getUsageMessage()).as(c.getCommandName()).isNotBlank();
            }
        } finally {
            System.setErr(saved);
        }
        assertThat(all).hasSizeGreaterThan(10);
        assertThat(captured.toString(java.nio.charset.StandardCharsets.UTF_8))
                .doesNotContain("Could not format");
    }

    @Test
    void aNegativeCoordinationWarmUpIsRefusedByName() {
        CliRun r = run("bench", "coordination", "--warmup", "-1");
        assertThat(r.rc()).isNotZero();
        assertThat(r.err()).contains("--warmup").contains("-1");
    }
}
