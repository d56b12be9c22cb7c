package io.codedyarn.coordinator.auto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.codedyarn.compute.data.DenseRows;
import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.Trainer;
import io.codedyarn.coordinator.adapt.AdaptSettings;
import io.codedyarn.coordinator.advise.RecordedTrace;
import io.codedyarn.coordinator.round.AutoStart;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.coordinator.simulated.SimulatedCluster;
import io.codedyarn.coordinator.trace.AdaptEvent;
import io.codedyarn.coordinator.trace.JobJson;
import io.codedyarn.coordinator.trace.RunResult;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.scheme.AutoCode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code train --scheme auto --trace FILE}: the start code chosen from an earlier run's trace, and
 * a run that uses it from its first round, reading nothing, with uncoded's iterates.
 */
class TraceStartTest {
    private static final DenseRows DATA = Trainer.logistic(600, 5, 7);
    private static final Set<Integer> SLOW = Set.of(0, 3);

    @TempDir Path dir;

    /** A trace as a run writes it: 40 rounds of 6 workers, load 1, the slow ones 4x as long. */
    private RecordedTrace trace(Set<Integer> slow) throws IOException {
        StringBuilder b = new StringBuilder("iteration,worker,latency,load\n");
        for (int t = 0; t < 40; t++) {
            for (int w = 0; w < 6; w++) {
                double latency = (slow.contains(w) ? 4.0 : 1.0) * (1 + 0.01 * w);
                b.append(t).append(',').append(w).append(',').append(latency).append(",1\n");
            }
        }
        Path f = dir.resolve("latency-trace.csv");
        Files.writeString(f, b);
        return RecordedTrace.read(f);
    }

    private static TrainSpec spec(String scheme, int s) {
        return Trainer.spec(Workload.LR, scheme, SchemeParams.of(6, s, 3), "lbfgs", 30);
    }

    /** Every task 1 s per unit (+1 % per worker id), workers 0 and 3 four times that. */
    private static final SimulatedCluster.TaskLatency TWO_SLOW =
            (batch, load, out) -> {
                for (int w = 0; w < load.length; w++) {
                    out[w] = load[w] * (SLOW.contains(w) ? 4.0 : 1.0) * (1 + 0.01 * w);
                }
            };

    private static RunResult run(TrainSpec spec) throws InterruptedException {
        // reads of 200 s per unit: a run that read anything would show it in its time
        return Trainer.run(spec, DATA, TWO_SLOW, c -> c.loadSeconds(200), AdaptSettings.off());
    }

    private static List<AdaptEvent> events(RunResult r, String event) {
        return r.events().stream().filter(e -> e.event().equals(event)).toList();
    }

    @Test
    void aQuietTraceStartsUncoded() throws Exception {
        AutoStart start =
                TraceStart.choose(
                        trace(Set.of()), SchemeParams.of(6, 0, 3), AutoSettings.defaults());
        assertThat(start.code()).isEqualTo("uncoded");
        assertThat(start.evidence()).contains("latency-trace.csv's rounds 3-39").contains("+0%");
    }

    @Test
    void aTraceWithTwoSlowWorkersStartsWithACodeThatIgnoresThemAndTheRunReadsNothing()
            throws Exception {
        AutoStart start =
                TraceStart.choose(trace(SLOW), SchemeParams.of(6, 0, 3), AutoSettings.defaults());
        assertThat(start.code()).isNotEqualTo("uncoded").doesNotStartWith("hetero");
        AutoCode code = AutoCode.parse(start.code());
        assertThat(code.label()).isEqualTo(start.code());
        assertThat(AutoCandidates.fixed(6, AutoSettings.defaults().cap(6), 3))
                .extracting(AutoCandidates.Choice::label)
                .contains(start.code());

        RunResult traced = run(spec("auto", 0).withAutoStart(start));
        RunResult plain = run(spec("auto", 0));
        RunResult uncoded = run(spec("uncoded", 0));
        assertThat(traced.succeeded()).as(traced.diagnostic()).isTrue();
        assertThat(events(traced, "auto-start"))
                .singleElement()
                .satisfies(
                        e -> {
                            assertThat(e.iteration()).isZero();
                            assertThat(e.reason())
                                    .startsWith("plan 1 in use: " + start.code())
                                    .endsWith("; " + start.evidence());
                        });
        assertThat(events(traced, "loaded")).as("%s", traced.events()).isEmpty();
        // round 1 already ran the start code: it does not wait for the slow workers (4 s; a
        // code of load 2 takes 2.1 s)
        assertThat(traced.iterationLog().get(0).seconds()).isLessThan(3.0);
        assertThat(uncoded.iterationLog().get(0).seconds()).isGreaterThan(3.9);
        for (int t = 0; t < traced.iterations(); t++) {
            assertThat(traced.iterationLog().get(t).objective())
                    .as("iteration %d", t)
                    .isCloseTo(uncoded.iterationLog().get(t).objective(), within(1e-12));
        }
        // the live decisions find nothing better, and the start saves the warm-up's slow rounds
        double last = traced.iterationLog().get(traced.iterations() - 1).seconds();
        double plainLast = plain.iterationLog().get(plain.iterations() - 1).seconds();
        assertThat(last).isLessThan(plainLast);
    }

    @Test
    void theStartTravelsInJobJsonAndIsLeftOutWithoutIt() throws Exception {
        AutoStart start = new AutoStart("cyclic s=1", "replayed on t: cyclic s=1 1 vs 2");
        TrainSpec s = spec("auto", 1).withAutoStart(start);
        String json = JobJson.write(s);
        TrainSpec back = JobJson.read(json, TrainSpec.class, "job.json");
        assertThat(back.autoStart()).isEqualTo(start);
        assertThat(JobJson.write(back)).isEqualTo(json);
        assertThat(JobJson.write(spec("auto", 1))).doesNotContain("autoStart");
        // the start's partitions are placed with the data: cyclic s=1's support for each worker
        assertThat(s.plan().stored(5)).containsExactly(0, 5);
        // instead of --stragglers s's pre-placement, not beside it (memory)
        TrainSpec two = spec("auto", 2).withAutoStart(new AutoStart("uncoded", "e"));
        assertThat(two.plan().stored(5)).containsExactly(5);
        assertThat(spec("auto", 2).plan().stored(5)).containsExactly(0, 1, 5);
        assertThat(s.plan().parameters()).containsEntry("start", "cyclic s=1");
    }

    @Test
    void badStartsAreRefusedByName() {
        assertThatThrownBy(() -> AutoCode.parse("hetero s=1"))
                .hasMessageContaining("'hetero s=1' is not a code auto runs");
        assertThatThrownBy(() -> AutoCode.parse("cyclic s=x")).hasMessageContaining("'cyclic s=x'");
        assertThatThrownBy(() -> spec("cyclic", 1).withAutoStart(new AutoStart("uncoded", "")))
                .hasMessageContaining("--scheme auto only");
    }

    @Test
    void aTraceTooShortForTheWarmUpIsRefused() throws Exception {
        Path f = dir.resolve("short.csv");
        Files.writeString(f, "iteration,worker,latency,load\n0,0,1,1\n1,0,1,1\n3,0,1,1\n");
        RecordedTrace t = RecordedTrace.read(f);
        assertThatThrownBy(
                        () ->
                                TraceStart.choose(
                                        t, SchemeParams.of(6, 0, 3), AutoSettings.defaults()))
                .hasMessageContaining("short.csv: 4 rounds, need at least 5");
    }
}
