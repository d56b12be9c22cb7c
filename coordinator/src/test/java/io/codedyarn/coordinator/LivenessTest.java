package io.codedyarn.coordinator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.codedyarn.compute.data.DenseRows;
import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.adapt.AdaptSettings;
import io.codedyarn.coordinator.cluster.DataShape;
import io.codedyarn.coordinator.cluster.ManualClock;
import io.codedyarn.coordinator.liveness.LivenessSettings;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.coordinator.simulated.InProcessWorkers;
import io.codedyarn.coordinator.simulated.SimulatedCluster;
import io.codedyarn.coordinator.trace.AdaptEvent;
import io.codedyarn.coordinator.trace.RunResult;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.slowdown.StraggleSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Workers that go quiet with their connection open (a frozen host, a JVM stopped by SIGSTOP), on
 * the simulated cluster: 4 workers on nodes n0..n3, every task 1 s per unit of load (+1 % per
 * worker id), a replacement ready 5 s after it is asked for. Without deadlines such a run waits
 * forever (the simulated cluster says so instead of hanging); with them, the quiet worker is
 * declared hung, abandoned and replaced, and an exact scheme ends with the fault-free model.
 */
class LivenessTest {
    private static final DenseRows DATA = Trainer.logistic(400, 5, 11);
    private static final List<String> NODES = List.of("n0", "n1", "n2", "n3");

    private static TrainSpec spec(String scheme, int stragglers, String optimizer, int iterations) {
        Workload workload = scheme.equals("lag") ? Workload.LSQ : Workload.LR;
        return Trainer.spec(
                workload, scheme, SchemeParams.of(4, stragglers, 3), optimizer, iterations);
    }

    private static Consumer<SimulatedCluster> onNodes() {
        StraggleSpec none = StraggleSpec.parse("none");
        return c -> {
            String[] nodeOf = new String[4];
            for (int w = 0; w < 4; w++) {
                nodeOf[w] = NODES.get(w);
            }
            c.nodes(
                    new SimulatedCluster.Nodes(
                            NODES,
                            nodeOf,
                            (w, node) -> none.message(w, 4, 1, node, 0, null).slowdown(w),
                            5.0));
        };
    }

    private static RunResult run(
            TrainSpec spec, LivenessSettings liveness, Consumer<SimulatedCluster> fault)
            throws InterruptedException {
        return run(spec, liveness, fault, AdaptSettings.defaults());
    }

    private static RunResult run(
            TrainSpec spec,
            LivenessSettings liveness,
            Consumer<SimulatedCluster> fault,
            AdaptSettings adapt)
            throws InterruptedException {
        return coordinator(spec, fault, options(adapt, liveness)).run();
    }

    private static RunOptions options(AdaptSettings adapt, LivenessSettings liveness) {
        return RunOptions.defaults().withAdaptation(adapt, NODES.size()).withLiveness(liveness);
    }

    /** A coordinator over the simulated cluster of 4 nodes, with {@code fault} on it. */
    private static Coordinator coordinator(
            TrainSpec spec, Consumer<SimulatedCluster> fault, RunOptions options) {
        Plan plan = spec.plan();
        ManualClock clock = new ManualClock();
        DataShape shape = InProcessWorkers.shape(DATA, plan.partitions());
        SimulatedCluster cluster =
                SimulatedCluster.over(plan, DATA, spec, Trainer.oneSlow(-1, 1), clock);
        onNodes().andThen(fault).accept(cluster);
        return new Coordinator(spec, plan, shape, cluster, cluster, clock, options);
    }

    private static List<String> events(RunResult r) {
        List<String> out = new ArrayList<>();
        for (AdaptEvent e : r.events()) {
            out.add(e.event() + " " + e.worker() + " " + e.node());
        }
        return out;
    }

    private static AdaptEvent first(RunResult r, String event) {
        return r.events().stream().filter(e -> e.event().equals(event)).findFirst().orElseThrow();
    }

    @Test
    void withoutDeadlinesAQuietWorkerStallsAnUncodedRunForGood() {
        assertThatThrownBy(
                        () ->
                                run(
                                        spec("uncoded", 0, "gd", 20),
                                        LivenessSettings.off(),
                                        c -> c.hangAt(2, 4.5)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("would wait forever");
    }

    @ParameterizedTest(name = "{0} s={1} {2}")
    @CsvSource({"uncoded,0,gd", "uncoded,0,lbfgs", "cyclic,1,gd"})
    void aQuietWorkerIsDeclaredHungReplacedAndTheExactModelIsUnchanged(
            String scheme, int s, String optimizer) throws Exception {
        TrainSpec spec = spec(scheme, s, optimizer, 20);
        RunResult base = run(spec, LivenessSettings.defaults(), c -> {});
        RunResult hung = run(spec, LivenessSettings.defaults(), c -> c.hangAt(2, 4.5));
        assertThat(base.succeeded()).isTrue();
        assertThat(base.events()).isEmpty();
        assertThat(hung.succeeded()).as(hung.diagnostic()).isTrue();
        List<String> ev = events(hung);
        assertThat(ev).containsSubsequence("hung 2 n2", "excluded -1 n2", "replacing 2 n2");
        assertThat(ev).anyMatch(e -> e.startsWith("replaced 2 n") && !e.endsWith("n2"));
        AdaptEvent detected = first(hung, "hung");
        // each task takes about 1 s per unit of load: 10 × the workers' 0.99 quantile (worker 2
        // has too few tasks of its own yet), counted from the start of the task it never finished
        var m =
                java.util.regex.Pattern.compile(
                                "no answer for (\\S+) s while its connection stays open \\(deadline"
                                        + " \\1 s: 10.0 × the 0.990 quantile (\\S+) s per unit of"
                                        + " load of the workers' service times × load (\\S+), at"
                                        + " least 10.0 s\\)")
                        .matcher(detected.reason());
        assertThat(m.matches()).as(detected.reason()).isTrue();
        double allowance = Double.parseDouble(m.group(1));
        assertThat(Double.parseDouble(m.group(2))).isBetween(1.0, 1.04);
        assertThat(allowance).isGreaterThanOrEqualTo(10);
        assertThat(detected.seconds())
                .as(detected + " " + hung.events())
                .isBetween(4.5 - 2.1 + allowance, 4.5 + allowance + 0.01);
        assertThat(hung.iterationLog()).hasSize(20);
        for (int j = 0; j < base.model().length; j++) {
            assertThat(hung.model()[j]).isCloseTo(base.model()[j], within(1e-12));
        }
    }

    @Test
    void theDeadlineIsAMultipleOfTheWorkersOwnServiceTimes() throws Exception {
        // a floor below the tasks' 1 s: 10 × the 0.99 quantile of worker 3's own service times
        // (1.03 s per unit, the slowest worker's) decides
        LivenessSettings tight = new LivenessSettings(true, 10, 0.99, 50, 0.5, 3, 60);
        RunResult hung = run(spec("uncoded", 0, "gd", 30), tight, c -> c.hangAt(3, 20.5));
        AdaptEvent detected = first(hung, "hung");
        assertThat(detected.reason())
                .contains(
                        "(deadline 10.3 s: 10.0 × the 0.990 quantile 1.03 s per unit of load of"
                                + " its own service times");
        assertThat(hung.succeeded()).isTrue();
        // no worker is judged on its first task (unmeasured: it takes 1 s, twice the floor)
        assertThat(hung.events()).filteredOn(e -> e.event().equals("hung")).hasSize(1);
    }

    @Test
    void aWorkerFarSlowerThanTheOthersIsNotHungOnItsFirstTask() throws Exception {
        // worker 2 takes 50 s per task (load 2) from the start, 25 x the others: its first task is
        // judged against the others with the start's floor (60 s), then its own slowness is its
        // yardstick (the slow-worker detector's case, not a hang)
        TrainSpec spec = spec("cyclic", 1, "gd", 10);
        RunResult r = run(spec, LivenessSettings.defaults(), c -> c.straggle(slowdowns(4, 2, 25)));
        assertThat(r.succeeded()).as(r.diagnostic()).isTrue();
        assertThat(events(r)).noneMatch(e -> e.startsWith("hung"));
    }

    /**
     * A JVM that answers its connection's keepalive but never finishes its first task: before, no
     * task deadline until a worker's first answer, and an uncoded round waited for it for good
     * ("would wait forever" here). Now its first task is judged against the others' service times,
     * with the start's 60 s floor: hung, replaced, the fault-free model.
     */
    @Test
    void aWorkerThatNeverFinishesItsFirstTaskIsHungAfterTheStartFloor() throws Exception {
        TrainSpec spec = spec("uncoded", 0, "gd", 20);
        RunResult base = run(spec, LivenessSettings.defaults(), c -> {});
        RunResult r = run(spec, LivenessSettings.defaults(), c -> c.hangAt(2, 0.5));
        assertThat(r.succeeded()).as(r.diagnostic()).isTrue();
        AdaptEvent hung = first(r, "hung");
        assertThat(hung.worker()).isEqualTo(2);
        // the first task began at about 0 s; its deadline max(60, 10 x ~1 s x load 1) = 60 s
        assertThat(hung.seconds()).isBetween(60.0, 62.0);
        assertThat(hung.reason()).contains("its first task").contains("at least 60.0 s");
        assertThat(events(r)).contains("replacing 2 n2");
        for (int j = 0; j < base.model().length; j++) {
            assertThat(r.model()[j]).isCloseTo(base.model()[j], within(1e-12));
        }
    }

    private static io.codedyarn.placement.slowdown.Slowdown[] slowdowns(
            int workers, int slow, double factor) {
        io.codedyarn.placement.slowdown.Slowdown[] s =
                new io.codedyarn.placement.slowdown.Slowdown[workers];
        StraggleSpec spec = StraggleSpec.parse("slow:factor=" + factor + ",workers=" + slow);
        for (int w = 0; w < workers; w++) {
            s[w] = spec.message(w, workers, 1, NODES.get(w), w, null).slowdown(w);
        }
        return s;
    }

    /**
     * Measured in the lab: an uncoded worker's host frozen for good; its replacement could not read
     * the worker's partitions (their only replica was on that host) and the run waited out the 120
     * s replacement wait, ending with no cause. Now the round learns it at once.
     */
    @Test
    void aStalledRoundEndsWhenItsReplacementFailsNamingWhy() throws Exception {
        RunResult r =
                run(
                        spec("uncoded", 0, "gd", 20),
                        LivenessSettings.defaults(),
                        c ->
                                c.hangAt(2, 4.5)
                                        .replacementsFail(
                                                "worker reported: BlockMissingException:"
                                                        + " part-00002.cyd"));
        assertThat(r.succeeded()).isFalse();
        assertThat(r.diagnostic())
                .startsWith("worker 2 failed: no answer for ")
                .contains(
                        "; its replacement failed: worker reported: BlockMissingException:"
                                + " part-00002.cyd")
                .endsWith("no replacement is on its way");
        // at the replacement's failure (5 s after it was asked for), not 120 s later
        double hung = first(r, "hung").seconds();
        assertThat(r.wallSeconds()).isLessThan(hung + 5 + 4 * 5 + 1);
    }

    /**
     * Measured in the lab: a lazy or SAG/DSAG round aborts on the failure itself, before any adapt
     * step, and the run's events.csv was empty. The failure that ended the run is recorded.
     */
    @Test
    void aRunThatAbortsOnAFailureRecordsIt() throws Exception {
        RunResult r =
                run(
                        spec("dsag", 0, null, 400),
                        LivenessSettings.defaults(),
                        c -> c.failAt(2, 300),
                        AdaptSettings.off());
        assertThat(r.succeeded()).isFalse();
        assertThat(r.diagnostic())
                .isEqualTo("worker 2 failed (simulated failure); 3 live workers < w = 4");
        assertThat(events(r)).containsExactly("failed 2 n2");
    }

    @Test
    void anUncodedRunReplacesAWorkerThatHangsAtStart() throws Exception {
        TrainSpec spec = spec("uncoded", 0, "gd", 10);
        RunResult base = run(spec, LivenessSettings.defaults(), c -> {});
        RunResult hung = run(spec, LivenessSettings.defaults(), c -> c.hangAt(1, 0));
        assertThat(hung.succeeded()).as(hung.diagnostic()).isTrue();
        AdaptEvent detected = first(hung, "hung");
        assertThat(detected.worker()).isEqualTo(1);
        assertThat(detected.reason()).startsWith("hung at start: not ready 60.0 s after the start");
        assertThat(events(hung)).anyMatch(e -> e.startsWith("replaced 1 n") && !e.endsWith("n1"));
        for (int j = 0; j < base.model().length; j++) {
            assertThat(hung.model()[j]).isCloseTo(base.model()[j], within(1e-12));
        }
    }

    @Test
    void aCodedRunStartsWithoutAWorkerThatHangsAtStartAndReplacesIt() throws Exception {
        TrainSpec spec = spec("cyclic", 1, "gd", 40);
        RunResult base = run(spec, LivenessSettings.defaults(), c -> {});
        RunResult hung = run(spec, LivenessSettings.defaults(), c -> c.hangAt(1, 0));
        assertThat(hung.succeeded()).as(hung.diagnostic()).isTrue();
        // training (its setup rounds first) started at once with workers 0, 2 and 3 (n − s = 3
        // decode): waiting for worker 1 would have cost its 60 s start deadline and a 5 s
        // replacement
        assertThat(hung.iterationLog().get(0).seconds())
                .isLessThan(base.iterationLog().get(0).seconds() + 5);
        assertThat(events(hung)).containsSubsequence("hung 1 n1", "replacing 1 n1");
        assertThat(events(hung)).anyMatch(e -> e.startsWith("replaced 1 n") && !e.endsWith("n1"));
        for (int j = 0; j < base.model().length; j++) {
            assertThat(hung.model()[j]).isCloseTo(base.model()[j], within(1e-12));
        }
    }

    /**
     * The count the AM publishes with its progress (bench stragglers' lab faults wait for 0): all
     * workers before the run, one while worker 1 still starts (training runs without it), none once
     * it is given up on at its start deadline.
     */
    @Test
    void workersStillStartingAreCountedForTheProgressDocument() throws Exception {
        // L-BFGS: no setup rounds (GD's step-size rounds would outlast the 60 s start deadline)
        TrainSpec spec = spec("cyclic", 1, "lbfgs", 60);
        Coordinator co =
                coordinator(
                        spec,
                        c -> c.hangAt(1, 0),
                        options(AdaptSettings.defaults(), LivenessSettings.defaults()));
        List<double[]> seen = new ArrayList<>(); // (seconds, starting) per round
        co.trace(
                Trainer.roundsOnly(
                        r -> seen.add(new double[] {r.seconds(), co.workersStarting()})));
        assertThat(co.workersStarting()).isEqualTo(4);
        RunResult r = co.run();
        assertThat(r.succeeded()).as(r.diagnostic()).isTrue();
        assertThat(seen.get(0)[1]).isEqualTo(1); // trained with n - s = 3 at once
        assertThat(seen).filteredOn(x -> x[0] < 59).allMatch(x -> x[1] == 1);
        assertThat(seen).filteredOn(x -> x[0] > 61).isNotEmpty().allMatch(x -> x[1] == 0);
        assertThat(co.workersStarting()).isZero();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"lag", "ssp", "dsag"})
    void everyGateHasADeadline(String scheme) throws Exception {
        RunResult hung =
                run(spec(scheme, 0, null, 40), LivenessSettings.defaults(), c -> c.hangAt(2, 4.5));
        assertThat(hung.succeeded()).as(hung.diagnostic()).isTrue();
        assertThat(events(hung)).contains("hung 2 n2");
        assertThat(hung.iterationLog()).hasSize(40);
    }

    @Test
    void theTimeLimitEndsARoundThatWaits() throws Exception {
        // deadlines far away: the limit passes while a round waits for the quiet worker
        LivenessSettings late = new LivenessSettings(true, 10, 0.99, 50, 1000, 3, 60);
        TrainSpec spec = spec("uncoded", 0, "gd", 100);
        double third = run(spec, late, c -> {}).iterationLog().get(3).seconds();
        RunResult r = run(spec.withTimeLimit(third + 20), late, c -> c.hangAt(2, third + 0.5));
        assertThat(r.succeeded()).as(r.diagnostic()).isTrue();
        assertThat(r.iterationLog()).hasSize(4);
        // stopped at the limit, mid-round (the coordinator's clock starts when workers are ready)
        assertThat(r.wallSeconds()).isCloseTo(third + 20, within(1e-6));
    }
}
