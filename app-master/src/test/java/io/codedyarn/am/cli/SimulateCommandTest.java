package io.codedyarn.am.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class SimulateCommandTest {

    private static CliRun run(String... args) {
        return CliRun.of(args);
    }

    @Test
    void jsonHasTheStableFieldsPerScheme() throws Exception {
        CliRun r =
                run(
                        "simulate",
                        "--scheme",
                        "uncoded,fastest-k",
                        "--workers",
                        "10",
                        "--stragglers",
                        "2",
                        "--latency",
                        "exp:eta=0.05",
                        "--iterations",
                        "300",
                        "--runs",
                        "2",
                        "--json");
        assertThat(r.rc()).as(r.err()).isZero();
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertThat(j.get("schemes")).hasSize(2);
        JsonNode uncoded = j.get("schemes").get(0);
        JsonNode fastest = j.get("schemes").get(1);
        assertThat(uncoded.get("scheme").asText()).isEqualTo("uncoded");
        for (String f :
                new String[] {
                    "meanIterationTime",
                    "stdIterationTime",
                    "meanWorkersWaited",
                    "communication",
                    "computation"
                }) {
            assertThat(uncoded.has(f)).as(f).isTrue();
        }
        assertThat(uncoded.get("meanWorkersWaited").asDouble()).isEqualTo(10.0);
        assertThat(fastest.get("meanWorkersWaited").asDouble()).isEqualTo(8.0);
        // Same draws: waiting for 8 of 10 is never slower than waiting for all 10.
        assertThat(fastest.get("meanIterationTime").asDouble())
                .isLessThan(uncoded.get("meanIterationTime").asDouble());
    }

    @Test
    void badSpecsExit2WithOneLine() {
        for (String spec :
                new String[] {"nope:x=1", "exp:eta=-", "ge:q=1", "trace:file=/does/not/exist"}) {
            CliRun r = run("simulate", "--scheme", "uncoded", "--workers", "3", "--latency", spec);
            assertThat(r.rc()).as(spec).isEqualTo(2);
            assertThat(r.err().strip())
                    .as(spec)
                    .startsWith("coded-yarn simulate: --latency:")
                    .doesNotContain("\n");
        }
        CliRun r =
                run(
                        "simulate",
                        "--scheme",
                        "uncoded",
                        "--workers",
                        "3",
                        "--latency",
                        "exp:eta=1",
                        "--runs",
                        "0");
        assertThat(r.rc()).isEqualTo(2);
        assertThat(r.err()).contains("--runs: must be >= 1");
    }
}
