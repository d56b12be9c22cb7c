package io.codedyarn.coordinator.adapt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.codedyarn.compute.data.DenseRows;
import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.Coordinator;
import io.codedyarn.coordinator.Trainer;
import io.codedyarn.coordinator.cluster.ManualClock;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.coordinator.simulated.InProcessWorkers;
import io.codedyarn.coordinator.simulated.SimulatedCluster;
import io.codedyarn.coordinator.trace.AdaptEvent;
import io.codedyarn.coordinator.trace.RunResult;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.scheme.Schemes;
import io.codedyarn.placement.slowdown.Slowdown;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * {@code --speeds auto} with scripted latencies on the simulated cluster: every task takes 1 s per
 * unit of load (+1 % per worker id), the workers in {@code slow} 3× as long.
 */
class ReplannerTest {
    private static final DenseRows DATA = Trainer.logistic(480, 5, 7);

    private static SimulatedCluster.TaskLatency slow(Set<Integer> slow, double factor) {
        return (batch, load, out) -> {
            for (int w = 0; w < load.length; w++) {
                out[w] = load[w] * (slow.contains(w) ? factor : 1.0) * (1 + 0.01 * w);
            }
        };
    }

    private static TrainSpec spec(String scheme, double... speeds) {
        // BCC-hetero is universal: no straggler count; shift a = 1 per partition
        SchemeParams p =
                scheme.equals("bcc-hetero")
                        ? SchemeParams.of(4, 0, 3).withShift(1).withSpeeds(speeds)
                        : SchemeParams.of(4, 1, 3).withSpeeds(speeds);
        return Trainer.spec(Workload.LR, scheme, p, "gd", 40);
    }

    private static RunResult run(TrainSpec spec, SimulatedCluster.TaskLatency latency)
            throws InterruptedException {
        return Trainer.run(spec, DATA, latency, c -> {}, AdaptSettings.off());
    }

    private static List<AdaptEvent> events(RunResult r, String event) {
        return r.events().stream().filter(e -> e.event().equals(event)).toList();
    }

    /** The loads the {@code replanned} event names ("... loads a b c d (were ..."). */
    private static double[] replannedLoads(RunResult r) {
        String reason = events(r, "replanned").get(0).reason();
        String loads = reason.substring(reason.indexOf("loads ") + 6, reason.indexOf(" (were"));
        return Arrays.stream(loads.split(" ")).mapToDouble(Double::parseDouble).toArray();
    }

    /** Mean seconds per iteration over iterations [from, to). */
    private static double perIteration(RunResult r, int from, int to) {
        var it = r.iterationLog();
        return (it.get(to - 1).seconds() - it.get(from - 1).seconds()) / (to - from);
    }

    @Test
    void twoSlowWorkersGetLessDataAndTheRunIsTheFixedRunBitForBit() throws Exception {
        // s = 1 tolerates one slow worker, not two: with equal loads every round waits for a
        // slow one (3 s per 1 unit... of 2 units: 6 s); loads ∝ speeds (1/3, 1/3, 1, 1) finish
        // together at 8 units / (8/3) = 3 s
        SimulatedCluster.TaskLatency latency = slow(Set.of(0, 1), 3);
        RunResult auto = run(spec("hetero"), latency);
        RunResult fixed = run(spec("hetero", 1, 1, 1, 1), latency);

        assertThat(auto.succeeded()).as(auto.diagnostic()).isTrue();
        assertThat(events(auto, "replanning")).isNotEmpty();
        assertThat(events(auto, "replanned")).isNotEmpty();
        assertThat(events(fixed, "replanning")).isEmpty();
        double[] loads = replannedLoads(auto);
        assertThat(loads[0]).isLessThan(loads[2]);
        assertThat(loads[1]).isLessThan(loads[3]);
        assertThat(perIteration(auto, 30, 40)).isLessThan(0.6 * perIteration(fixed, 30, 40));
        // the same K partitions, an exact code before and after: GD takes the same steps
        assertThat(auto.iterations()).isEqualTo(fixed.iterations());
        for (int t = 0; t < auto.iterations(); t++) {
            assertThat(auto.iterationLog().get(t).objective())
                    .as("iteration %d", t)
                    .isCloseTo(fixed.iterationLog().get(t).objective(), within(1e-12));
        }
        assertThat(auto.objective()).isCloseTo(fixed.objective(), within(1e-12));
    }

    @Test
    void heteroGroupAndBccHeteroReplanToo() throws Exception {
        for (String scheme : List.of("hetero-group", "bcc-hetero")) {
            RunResult auto = run(spec(scheme), slow(Set.of(0, 1), 4));
            RunResult fixed = run(spec(scheme, 1, 1, 1, 1), slow(Set.of(0, 1), 4));
            assertThat(auto.succeeded()).as(scheme + ": " + auto.diagnostic()).isTrue();
            assertThat(events(auto, "replanned")).as(scheme).isNotEmpty();
            assertThat(auto.objective()).as(scheme).isCloseTo(fixed.objective(), within(1e-9));
        }
    }

    @Test
    void equalSpeedsAndOneSlowWorkerTheCodeAbsorbsAreLeftAlone() throws Exception {
        assertThat(events(run(spec("hetero"), slow(Set.of(), 1)), "replanning")).isEmpty();
        // one slow worker: s = 1 decodes without it, and loads ∝ speeds would make the round
        // wait for all four at 8 / 3.33 = 2.4 s instead of 2 s
        assertThat(events(run(spec("hetero"), slow(Set.of(2), 4)), "replanning")).isEmpty();
    }

    @Test
    void withMeasuredSpeedsSlownessIsAnsweredWithLoadsNotReplacements() throws Exception {
        // 6 workers, 2 slow (more than s = 1 tolerates), adaptation on: the workers' median is a
        // fast one's, so the detector judges the slow ones; with --speeds auto they get less data
        // instead of a replacement (failures still replace), with given speeds they are judged
        SchemeParams six = SchemeParams.of(6, 1, 3);
        RunResult r =
                Trainer.run(
                        Trainer.spec(Workload.LR, "hetero", six, "gd", 40),
                        DATA,
                        slow(Set.of(0, 1), 3),
                        c -> {},
                        AdaptSettings.defaults());
        assertThat(events(r, "replanned")).isNotEmpty();
        assertThat(r.events()).noneMatch(e -> e.event().equals("slow"));
        RunResult fixed =
                Trainer.run(
                        Trainer.spec(
                                Workload.LR, "hetero", six.withSpeeds(1, 1, 1, 1, 1, 1), "gd", 40),
                        DATA,
                        slow(Set.of(0, 1), 3),
                        c -> {},
                        AdaptSettings.defaults());
        assertThat(fixed.events()).anyMatch(e -> e.event().equals("slow"));
    }

    /**
     * A worker that fails while it reads its partitions of the next plan never says it holds them;
     * its replacement starts holding them (its Welcome names them), so the switch must not wait for
     * the dead incarnation's LOADED, which would stall every later re-plan.
     */
    @Test
    void aWorkerReplacedWhileLoadingDoesNotBlockTheSwitch() throws Exception {
        SchemeParams six = SchemeParams.of(6, 1, 3);
        TrainSpec spec = Trainer.spec(Workload.LR, "hetero", six, "gd", 60);
        // reads take 20 s per unit of load: a move outlasts a replacement's 5 s start
        Consumer<SimulatedCluster> slowReads = onThreeNodes(6).andThen(c -> c.loadSeconds(20));
        RunResult quiet =
                Trainer.run(spec, DATA, slow(Set.of(0, 1), 3), slowReads, AdaptSettings.defaults());
        AdaptEvent replanning = events(quiet, "replanning").get(0);
        AdaptEvent loaded =
                quiet.events().stream()
                        .filter(e -> e.event().equals("loaded"))
                        .findFirst()
                        .orElseThrow();
        assertThat(loaded.seconds()).isGreaterThan(replanning.seconds() + 10);
        assertThat(events(quiet, "replanned")).isNotEmpty();

        int dying = loaded.worker();
        RunResult dies =
                Trainer.run(
                        spec,
                        DATA,
                        slow(Set.of(0, 1), 3),
                        slowReads.andThen(c -> c.failAt(dying, replanning.seconds() + 0.5)),
                        AdaptSettings.defaults());
        assertThat(dies.succeeded()).as(dies.diagnostic()).isTrue();
        assertThat(dies.events())
                .anyMatch(e -> e.event().equals("failed") && e.worker() == dying)
                .anyMatch(e -> e.event().equals("replaced") && e.worker() == dying)
                .anyMatch(
                        e ->
                                e.event().equals("loaded")
                                        && e.worker() == dying
                                        && e.reason()
                                                .endsWith("its replacement started with them"));
        AdaptEvent replaced =
                dies.events().stream()
                        .filter(e -> e.event().equals("replaced") && e.worker() == dying)
                        .findFirst()
                        .orElseThrow();
        assertThat(events(dies, "replanned"))
                .as("the switch happens once the replacement took over")
                .isNotEmpty()
                .allMatch(e -> e.seconds() >= replaced.seconds());
        // the same exact code before and after: GD takes the same steps
        assertThat(dies.objective()).isCloseTo(quiet.objective(), within(1e-12));
    }

    /** Six workers on three simulated nodes (w mod 3), replaceable after 5 s. */
    private static Consumer<SimulatedCluster> onThreeNodes(int workers) {
        List<String> nodes = List.of("n0", "n1", "n2");
        return c -> {
            String[] nodeOf = new String[workers];
            for (int w = 0; w < workers; w++) {
                nodeOf[w] = nodes.get(w % nodes.size());
            }
            c.nodes(new SimulatedCluster.Nodes(nodes, nodeOf, (w, node) -> Slowdown.NONE, 5.0));
        };
    }

    @Test
    void givenSpeedsAreNeverReplanned() throws Exception {
        RunResult r = run(spec("hetero", 1, 1, 2, 2), slow(Set.of(2, 3), 5));
        assertThat(r.events()).noneMatch(e -> e.event().startsWith("replan"));
    }

    @Test
    void aClusterThatCannotLoadPartitionsKeepsTheFirstPlan() throws Exception {
        TrainSpec spec = spec("hetero");
        Plan plan = spec.plan();
        ManualClock clock = new ManualClock();
        // the plain constructor: no partition source, so load() answers false
        SimulatedCluster cluster =
                new SimulatedCluster(
                        InProcessWorkers.executors(plan, DATA, Workload.LR, 1, true, clock::nanos),
                        InProcessWorkers.shape(DATA, plan.partitions()).partitionRows(),
                        slow(Set.of(0, 1), 3),
                        clock);
        RunResult r =
                new Coordinator(
                                spec,
                                plan,
                                InProcessWorkers.shape(DATA, plan.partitions()),
                                cluster,
                                cluster,
                                clock)
                        .run();
        assertThat(r.succeeded()).isTrue();
        assertThat(events(r, "replan-abandoned")).hasSize(1);
        assertThat(events(r, "replanned")).isEmpty();
    }

    @Test
    void thePredictionIsTheRoundTheCodeDecodes() {
        Plan equal =
                Schemes.byName("hetero")
                        .place(SchemeParams.of(4, 1, 3), Seeds.generator(3)); // K = 16, 8 each
        assertThat(equal.partitions()).isEqualTo(16);
        // loads 2 units each; finish times 2/r: (2, 1, 1, 0.5); s = 1: the 3rd smallest
        assertThat(Replanner.predictedSeconds(equal, new double[] {1, 2, 2, 4}))
                .isCloseTo(1.0, within(1e-12));
        assertThat(PlanSwitch.missing(new int[] {5, 1, 3}, new int[] {3, 4})).containsExactly(1, 5);
        assertThat(Replanner.normalised(new double[] {1, 3})).containsExactly(0.5, 1.5);
    }
}
