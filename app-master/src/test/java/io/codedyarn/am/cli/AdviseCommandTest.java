package io.codedyarn.am.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.codedyarn.coordinator.advise.TraceAgreement;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code advise}: the ranking on a handwritten trace (worker 3 of 4 three times slower: by hand,
 * uncoded 3 s per iteration, cyclic s=1 2 s), the agreement check on simulated runs, and bad input.
 */
class AdviseCommandTest {
    @TempDir Path dir;

    private Path handTrace() throws Exception {
        Path run = Files.createDirectories(dir.resolve("hand"));
        StringBuilder b = new StringBuilder("iteration,worker,latency,load\n");
        for (int t = 0; t < 5; t++) {
            for (int w = 0; w < 4; w++) {
                b.append(t)
                        .append(',')
                        .append(w)
                        .append(',')
                        .append(w == 3 ? 3.0 : 1.0)
                        .append(",1\n");
            }
        }
        Files.writeString(run.resolve("latency-trace.csv"), b.toString());
        // the recorded run reached gap 1e-4 at its 3rd round
        Files.writeString(
                run.resolve("iterations.csv"),
                "iteration,seconds,objective,gap\n0,3,1,0.5\n1,6,1,1e-3\n2,9,1,5e-5\n3,12,1,1e-6\n");
        return run.resolve("latency-trace.csv");
    }

    @Test
    void recommendsCyclicOverUncodedForAThreeTimesSlowerWorker() throws Exception {
        Path trace = handTrace();
        CliRun r = CliRun.of("advise", "--trace", trace.toString(), "--schemes", "uncoded,cyclic");
        assertThat(r.rc()).as(r.err()).isZero();
        assertThat(r.out())
                .contains("the recorded run's 3 rounds to gap 1.0E-4")
                .contains("need --data")
                .contains(
                        "recommended: bin/coded-yarn train --scheme cyclic --workers 4"
                                + " --stragglers 1 --seed 1 --target-gap 1.0E-4");

        CliRun j =
                CliRun.of(
                        "advise",
                        "--trace",
                        trace.toString(),
                        "--schemes",
                        "uncoded,cyclic",
                        "--json");
        assertThat(j.rc()).as(j.err()).isZero();
        JsonNode doc = new ObjectMapper().readTree(j.out());
        assertThat(doc.get("workers").asInt()).isEqualTo(4);
        JsonNode best = doc.get("recommended");
        assertThat(best.get("scheme").asText()).isEqualTo("cyclic");
        assertThat(best.get("secondsPerIteration").asDouble()).isCloseTo(2.0, within(1e-12));
        assertThat(best.get("secondsToTarget").asDouble()).isCloseTo(3 * 2.0, within(1e-12));
        List<String> order = new ArrayList<>();
        doc.get("candidates")
                .forEach(
                        c ->
                                order.add(
                                        c.get("scheme").asText()
                                                + " "
                                                + c.get("parameters").asText()));
        assertThat(order).hasSize(4); // uncoded + cyclic s = 1, 2, 3
        assertThat(order.indexOf("cyclic s=1")).isLessThan(order.indexOf("uncoded -"));
        for (JsonNode c : doc.get("candidates")) {
            if (c.get("scheme").asText().equals("uncoded")) {
                assertThat(c.get("secondsPerIteration").asDouble()).isCloseTo(3.0, within(1e-12));
            }
        }
    }

    @Test
    void withDataTheTimeToTargetIsThatOfTheSimulatedTrainRun() throws Exception {
        Path trace = handTrace();
        Path data = dir.resolve("data");
        CliRun gen =
                CliRun.of(
                        "data",
                        "generate",
                        "--kind",
                        "lagc-lsq",
                        "--rows",
                        "400",
                        "--cols",
                        "8",
                        "--partitions",
                        "4",
                        "--seed",
                        "3",
                        "--out",
                        data.toString());
        assertThat(gen.rc()).as(gen.err()).isZero();
        CliRun r =
                CliRun.of(
                        "advise",
                        "--trace",
                        trace.toString(),
                        "--data",
                        data.toString(),
                        "--workload",
                        "lsq",
                        "--schemes",
                        "uncoded,cyclic,dsag",
                        "--json");
        assertThat(r.rc()).as(r.err()).isZero();
        JsonNode doc = new ObjectMapper().readTree(r.out());
        assertThat(doc.get("method").asText()).startsWith("simulated training");
        JsonNode cyclic1 = null;
        for (JsonNode c : doc.get("candidates")) {
            if (c.get("scheme").asText().equals("cyclic")
                    && c.get("parameters").asText().equals("s=1")) {
                cyclic1 = c;
            }
            if (c.get("scheme").asText().equals("dsag")) {
                assertThat(c.get("note").asText()).doesNotContain("need --data");
            }
        }
        assertThat(cyclic1).isNotNull();
        // the same run through train itself, independently of advise
        Path out = dir.resolve("cyclic-run");
        CliRun train =
                CliRun.of(
                        "train",
                        "--cluster",
                        "simulated",
                        "--scheme",
                        "cyclic",
                        "--workers",
                        "4",
                        "--stragglers",
                        "1",
                        "--workload",
                        "lsq",
                        "--data",
                        data.toString(),
                        "--latency",
                        "trace:file=" + trace,
                        "--target-gap",
                        "1e-4",
                        "--iterations",
                        "500",
                        "--out",
                        out.toString());
        assertThat(train.rc()).as(train.err()).isZero();
        List<String> rows = Files.readAllLines(out.resolve("iterations.csv"));
        String[] last = rows.get(rows.size() - 1).split(",");
        assertThat(Double.parseDouble(last[3])).isLessThanOrEqualTo(1e-4);
        assertThat(cyclic1.get("iterationsToTarget").asDouble()).isEqualTo(rows.size() - 1);
        assertThat(cyclic1.get("secondsToTarget").asDouble())
                .isCloseTo(Double.parseDouble(last[1]), within(1e-9));
    }

    @Test
    void simulatedRunsAgreeWithTheReplayOfTheirOwnTraces() throws Exception {
        String latency = "shifted-exp:alpha=0.5,mu=2";
        List<List<String>> runs =
                List.of(
                        List.of("--scheme", "uncoded", "--optimizer", "gd"),
                        List.of("--scheme", "cyclic", "--stragglers", "1"),
                        List.of(
                                "--scheme",
                                "dsag",
                                "--stragglers",
                                "1",
                                "--subpartitions",
                                "2",
                                "--straggle",
                                "slow:factor=3,workers=2"));
        for (List<String> flags : runs) {
            Path out = dir.resolve(flags.get(1));
            List<String> args =
                    new ArrayList<>(
                            List.of(
                                    "train",
                                    "--cluster",
                                    "simulated",
                                    "--workers",
                                    "4",
                                    "--iterations",
                                    "30",
                                    "--latency",
                                    latency,
                                    "--out",
                                    out.toString()));
            args.addAll(flags);
            CliRun train = CliRun.of(args.toArray(String[]::new));
            assertThat(train.rc()).as(train.err()).isZero();

            TraceAgreement.Result r = TraceAgreement.check(out);
            assertThat(r.iterations()).isEqualTo(30);
            assertThat(r.within(TraceAgreement.TOLERANCE)).as(r.toString()).isTrue();
            if (!flags.get(1).equals("dsag")) {
                // decoded rounds end at the first decodable arrival, which the replay recomputes
                assertThat(r.ratio()).as(r.toString()).isCloseTo(1.0, within(1e-9));
            }
            CliRun check = CliRun.of("advise", "--check", out.toString());
            assertThat(check.rc()).as(check.out() + check.err()).isZero();
            assertThat(check.out()).contains("agrees");
        }
        // the lazy family: the replay sends tasks only to the groups the trigger selected
        Path lag = dir.resolve("lag");
        CliRun lagRun =
                CliRun.of(
                        "train",
                        "--cluster",
                        "simulated",
                        "--workers",
                        "4",
                        "--iterations",
                        "30",
                        "--latency",
                        latency,
                        "--scheme",
                        "lag",
                        "--workload",
                        "lsq",
                        "--out",
                        lag.toString());
        assertThat(lagRun.rc()).as(lagRun.err()).isZero();
        TraceAgreement.Result lagResult = TraceAgreement.check(lag);
        // with every group timed as selected, LAG's rounds were predicted 2–3.5x too long
        assertThat(lagResult.ratio()).as(lagResult.toString()).isCloseTo(1.0, within(1e-9));
        assertThat(lagResult.note()).endsWith("rounds selected no group and are left out");

        // advise from the dsag run's trace: exact schemes get its 30 rounds, with a caution
        CliRun fromDsag =
                CliRun.of(
                        "advise",
                        "--trace",
                        dir.resolve("dsag").resolve("latency-trace.csv").toString());
        assertThat(fromDsag.rc()).as(fromDsag.err()).isZero();
        assertThat(fromDsag.out())
                .contains("the recorded run's 30 rounds")
                .contains("caution: recorded with dsag");

        // the dsag run's worker 2 was busy across rounds: its trace has gaps, filled
        assertThat(TraceAgreement.check(dir.resolve("dsag")).gapsFilled()).isPositive();

        // doubling the measured times must fail the check (ratio 0.5)
        Path tampered = dir.resolve("tampered");
        Files.createDirectories(tampered);
        for (String f : List.of("job.json", "latency-trace.csv")) {
            Files.copy(dir.resolve("cyclic").resolve(f), tampered.resolve(f));
        }
        List<String> lines = Files.readAllLines(dir.resolve("cyclic").resolve("iterations.csv"));
        String doubled =
                lines.get(0)
                        + "\n"
                        + lines.stream()
                                .skip(1)
                                .map(
                                        l -> {
                                            String[] f = l.split(",", -1);
                                            f[1] = Double.toString(2 * Double.parseDouble(f[1]));
                                            return String.join(",", f);
                                        })
                                .collect(Collectors.joining("\n"))
                        + "\n";
        Files.writeString(tampered.resolve("iterations.csv"), doubled);
        CliRun bad = CliRun.of("advise", "--check", tampered.toString());
        assertThat(bad.rc()).isEqualTo(CodedYarn.EXIT_CHECK_FAILED);
        assertThat(bad.out()).contains("DISAGREES");
    }

    @Test
    void badInputIsOneLineNamingTheFlagOrFileAndExitTwo() throws Exception {
        Path missing = dir.resolve("missing.csv");
        CliRun r = CliRun.of("advise", "--trace", missing.toString());
        assertThat(r.rc()).isEqualTo(CodedYarn.EXIT_BAD_INPUT);
        assertThat(r.err()).contains(missing + ": no such file");

        Path malformed = dir.resolve("latency-trace.csv");
        Files.writeString(malformed, "iteration,worker,latency,load\n0,0,1,1\n0,1,x,1\n");
        r = CliRun.of("advise", "--trace", malformed.toString(), "--iterations", "10");
        assertThat(r.rc()).isEqualTo(CodedYarn.EXIT_BAD_INPUT);
        assertThat(r.err()).contains(malformed + ":3: latency is not a finite number: 'x'");

        r = CliRun.of("advise", "--trace", handTrace().toString(), "--schemes", "cyclic,turbo");
        assertThat(r.rc()).isEqualTo(CodedYarn.EXIT_BAD_INPUT);
        assertThat(r.err()).contains("--schemes: unknown scheme 'turbo'");

        r = CliRun.of("advise");
        assertThat(r.rc()).isEqualTo(CodedYarn.EXIT_BAD_INPUT);
        assertThat(r.err()).contains("--trace: give either --trace or --check");

        r = CliRun.of("advise", "--check", dir.resolve("hand").toString());
        assertThat(r.rc()).isEqualTo(CodedYarn.EXIT_BAD_INPUT);
        assertThat(r.err()).contains("job.json: no such file");
    }
}
