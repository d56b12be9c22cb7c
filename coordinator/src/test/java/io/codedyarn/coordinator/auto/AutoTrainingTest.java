package io.codedyarn.coordinator.auto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.codedyarn.compute.data.DenseRows;
import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.RunOptions;
import io.codedyarn.coordinator.Trainer;
import io.codedyarn.coordinator.adapt.AdaptSettings;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.coordinator.simulated.SimulatedCluster;
import io.codedyarn.coordinator.trace.AdaptEvent;
import io.codedyarn.coordinator.trace.RunResult;
import io.codedyarn.placement.SchemeParams;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.Test;

/**
 * {@code --scheme auto} on the simulated cluster with scripted latencies: every task takes 1 s per
 * unit of load (+1 % per worker id), the slow workers {@code factor}× as long while {@code slowAt}
 * holds for the round.
 */
class AutoTrainingTest {
    private static final DenseRows DATA = Trainer.logistic(600, 5, 7);

    private static SimulatedCluster.TaskLatency slow(
            Set<Integer> slow, double factor, IntPredicate slowAt) {
        return (batch, load, out) -> {
            for (int w = 0; w < load.length; w++) {
                boolean s = slow.contains(w) && slowAt.test(batch);
                out[w] = load[w] * (s ? factor : 1.0) * (1 + 0.01 * w);
            }
        };
    }

    /**
     * 30 L-BFGS rounds: the codes' gradients agree to the last bits (differences of 1e-17 in the
     * objective), and L-BFGS stays within 1e-12 of the uncoded run until it nears the optimum,
     * where its curvature pairs, differences of gradients of 1e-8, amplify those bits (4e-9 at
     * round 38 of this set).
     */
    private static TrainSpec spec(String scheme, int s) {
        return Trainer.spec(Workload.LR, scheme, SchemeParams.of(6, s, 3), "lbfgs", 30);
    }

    private static RunResult run(TrainSpec spec, SimulatedCluster.TaskLatency latency)
            throws InterruptedException {
        return Trainer.run(spec, DATA, latency, c -> {}, AdaptSettings.off());
    }

    private static List<AdaptEvent> events(RunResult r, String event) {
        return r.events().stream().filter(e -> e.event().equals(event)).toList();
    }

    private static void sameIterates(RunResult a, RunResult b) {
        assertThat(a.iterations()).isEqualTo(b.iterations());
        for (int t = 0; t < a.iterations(); t++) {
            assertThat(a.iterationLog().get(t).objective())
                    .as("iteration %d", t)
                    .isCloseTo(b.iterationLog().get(t).objective(), within(1e-12));
        }
        assertThat(a.objective()).isCloseTo(b.objective(), within(1e-12));
    }

    private static double seconds(RunResult r) {
        return r.iterationLog().get(r.iterations() - 1).seconds();
    }

    @Test
    void aQuietClusterStaysUncodedAndTakesUncodedSteps() throws Exception {
        SimulatedCluster.TaskLatency quiet = slow(Set.of(), 1, t -> false);
        RunResult auto = run(spec("auto", 0), quiet);
        RunResult uncoded = run(spec("uncoded", 0), quiet);
        assertThat(auto.succeeded()).as(auto.diagnostic()).isTrue();
        assertThat(events(auto, "auto-kept")).isNotEmpty();
        assertThat(events(auto, "auto-switching")).isEmpty();
        sameIterates(auto, uncoded);
        assertThat(seconds(auto)).isCloseTo(seconds(uncoded), within(1e-9));
    }

    @Test
    void twoPersistentlySlowWorkersMakeItSwitchEarlyWithTheSameIterates() throws Exception {
        SimulatedCluster.TaskLatency twoSlow = slow(Set.of(0, 3), 4, t -> true);
        RunResult auto = run(spec("auto", 0), twoSlow);
        RunResult uncoded = run(spec("uncoded", 0), twoSlow);
        assertThat(auto.succeeded()).as(auto.diagnostic()).isTrue();
        List<AdaptEvent> switched = events(auto, "auto-switched");
        assertThat(switched).as("%s", auto.events()).isNotEmpty();
        assertThat(switched.get(0).iteration()).isLessThanOrEqualTo(6);
        assertThat(events(auto, "auto-switching").get(0).reason())
                .contains("w0")
                .contains("w3")
                .contains("persistent");
        // a period after the switch: the scripted rounds take what the replay predicted
        assertThat(events(auto, "auto-verified"))
                .as("%s", auto.events())
                .singleElement()
                .satisfies(e -> assertThat(e.reason()).endsWith("(x1.00)"));
        sameIterates(auto, uncoded);
        assertThat(seconds(auto)).isLessThan(0.6 * seconds(uncoded));
    }

    @Test
    void aMoveThatCostsMoreThanItWinsIsNotMade() throws Exception {
        // reads of 200 s per unit: the 30-round run left cannot earn them back
        SimulatedCluster.TaskLatency twoSlow = slow(Set.of(0, 3), 4, t -> true);
        RunResult auto =
                Trainer.run(
                        spec("auto", 0),
                        DATA,
                        twoSlow,
                        c -> c.loadSeconds(200),
                        AdaptSettings.off());
        assertThat(auto.succeeded()).as(auto.diagnostic()).isTrue();
        assertThat(events(auto, "auto-switching")).as("%s", auto.events()).isEmpty();
        assertThat(events(auto, "auto-kept"))
                .isNotEmpty()
                .allMatch(e -> e.reason().startsWith("uncoded"));
    }

    @Test
    void preplacedPartitionsMakeTheSameMoveFree() throws Exception {
        // --stragglers 2: cyclic(2)'s partitions are held from the start, so reads of 200 s per
        // unit do not stop a switch to a code that needs no others
        SimulatedCluster.TaskLatency twoSlow = slow(Set.of(0, 3), 4, t -> true);
        RunResult auto =
                Trainer.run(
                        spec("auto", 2),
                        DATA,
                        twoSlow,
                        c -> c.loadSeconds(200),
                        AdaptSettings.off());
        assertThat(auto.succeeded()).as(auto.diagnostic()).isTrue();
        List<AdaptEvent> switching = events(auto, "auto-switching");
        assertThat(switching).as("%s", auto.events()).isNotEmpty();
        assertThat(switching.get(0).reason()).contains("read up to 0 partitions");
        assertThat(events(auto, "auto-switched").get(0).iteration()).isLessThanOrEqualTo(4);
        sameIterates(auto, run(spec("uncoded", 0), twoSlow));
    }

    @Test
    void aSlowPairThatRecoversIsFollowedBack() throws Exception {
        SimulatedCluster.TaskLatency recovers = slow(Set.of(0, 3), 4, t -> t < 14);
        RunResult auto = run(spec("auto", 0), recovers);
        assertThat(auto.succeeded()).as(auto.diagnostic()).isTrue();
        List<AdaptEvent> switched = events(auto, "auto-switched");
        assertThat(switched).as("%s", auto.events()).hasSizeGreaterThanOrEqualTo(2);
        assertThat(switched.get(switched.size() - 1).reason()).contains("uncoded");
        sameIterates(auto, run(spec("uncoded", 0), recovers));
    }

    private static RunResult withBackups(
            TrainSpec spec, SimulatedCluster.TaskLatency latency, double factor, double first)
            throws InterruptedException {
        AutoSettings d = AutoSettings.defaults();
        AutoSettings settings =
                new AutoSettings(
                        d.maxStragglers(),
                        d.warmupIterations(),
                        d.periodIterations(),
                        d.minGain(),
                        d.windowIterations(),
                        factor,
                        first);
        return Trainer.run(
                spec,
                DATA,
                latency,
                c -> {},
                RunOptions.defaults().withAdaptation(AdaptSettings.off(), 3).withAuto(settings));
    }

    @Test
    void aLateWorkersPartitionIsComputedBesideItUntilAutoDecides() throws Exception {
        // --stragglers 1: worker w's partition is also stored on worker w - 1; worker 2 is 8x
        // slow: until the first decision (round 3), a round waits for it, or for a backup
        SimulatedCluster.TaskLatency oneSlow = slow(Set.of(2), 8, t -> true);
        RunResult backed = withBackups(spec("auto", 1), oneSlow, 2, 0);
        RunResult waited = withBackups(spec("auto", 1), oneSlow, 0, 0);
        RunResult uncoded = run(spec("uncoded", 0), oneSlow);
        assertThat(backed.succeeded()).as(backed.diagnostic()).isTrue();
        List<AdaptEvent> backups = events(backed, "backup");
        assertThat(backups).as("%s", backed.events()).isNotEmpty();
        assertThat(backups.get(0).worker()).isEqualTo(1); // stores partitions 1 and 2
        assertThat(backups.get(0).reason())
                .startsWith("computes codeword 2 of worker 2")
                .contains("after 2.00x the round's median");
        assertThat(events(waited, "backup")).isEmpty();
        // late once is no reason yet (round 0); from round 1 on a backup is asked at 2x the
        // median (1.01 s) and takes 1.01 s: ~3.03 s against 8.2 s
        assertThat(roundSeconds(backed, 0)).isGreaterThan(8.0);
        assertThat(backups.get(0).iteration()).isEqualTo(1);
        for (int t = 0; t < 3; t++) {
            assertThat(roundSeconds(waited, t)).as("round %d", t).isGreaterThan(8.0);
            if (t > 0) {
                assertThat(roundSeconds(backed, t)).as("round %d", t).isBetween(3.0, 3.1);
            }
        }
        // the backup's partition is the late worker's, through the same kernel: the same bits
        for (int t = 0; t < 3; t++) {
            assertThat(backed.iterationLog().get(t).objective())
                    .isEqualTo(uncoded.iterationLog().get(t).objective());
        }
        sameIterates(backed, uncoded);
        assertThat(seconds(backed)).isLessThan(seconds(waited));
    }

    @Test
    void aFrozenWorkerGetsABackupTheFirstTimeItStalls() throws Exception {
        // worker 2 is 30x slow in round 1 only (a host frozen for one round): it was on time in
        // round 0, so the late-twice rule asks no backup; past 8x the median (8 x 1.03 s) it has
        // stalled, and worker 1, which stores its partition, computes it in 1.01 s
        SimulatedCluster.TaskLatency frozen = slow(Set.of(2), 30, t -> t == 1);
        RunResult backed = withBackups(spec("auto", 1), frozen, 2, 8);
        RunResult lateTwiceOnly = withBackups(spec("auto", 1), frozen, 2, 0);
        assertThat(backed.succeeded()).as(backed.diagnostic()).isTrue();
        List<AdaptEvent> backups = events(backed, "backup");
        assertThat(backups).as("%s", backed.events()).isNotEmpty();
        assertThat(backups.get(0).iteration()).isEqualTo(1);
        assertThat(backups.get(0).worker()).isEqualTo(1);
        assertThat(backups.get(0).reason())
                .startsWith("computes codeword 2 of worker 2")
                .contains("after 8.00x the round's median")
                .contains("the first time it is late");
        assertThat(roundSeconds(backed, 1)).isBetween(9.0, 9.6);
        assertThat(roundSeconds(lateTwiceOnly, 1)).isGreaterThan(30.0);
        assertThat(events(lateTwiceOnly, "backup"))
                .as("no backup in round 1, where 2 is late for the first time")
                .allSatisfy(e -> assertThat(e.iteration()).isNotEqualTo(1));
        sameIterates(backed, run(spec("uncoded", 0), frozen));
    }

    @Test
    void aQuietClusterAsksNoBackups() throws Exception {
        SimulatedCluster.TaskLatency quiet = slow(Set.of(), 1, t -> false);
        RunResult backed = withBackups(spec("auto", 1), quiet, 2, 8);
        assertThat(events(backed, "backup")).isEmpty();
        assertThat(seconds(backed))
                .isCloseTo(seconds(run(spec("uncoded", 0), quiet)), within(1e-9));
    }

    private static double roundSeconds(RunResult r, int t) {
        double before = t == 0 ? 0 : r.iterationLog().get(t - 1).seconds();
        return r.iterationLog().get(t).seconds() - before;
    }

    /**
     * Runs what it is given two rounds later, when the simulated cluster draws a round's latencies:
     * a stand-in for {@link Deliberation#aside()} whose replays take two rounds.
     */
    private static final class TwoRoundsLater implements Executor {
        private final List<Runnable> queued = new ArrayList<>();
        private final List<Integer> at = new ArrayList<>();
        private int batch = -1;

        @Override
        public void execute(Runnable task) {
            queued.add(task);
            at.add(batch + 2);
        }

        void drawn(int b) {
            batch = b;
            while (!queued.isEmpty() && at.get(0) <= b) {
                at.remove(0);
                queued.remove(0).run();
            }
        }
    }

    @Test
    void decisionsWeighedAsideLandRoundsLaterAndTheIteratesDoNotChange() throws Exception {
        TwoRoundsLater later = new TwoRoundsLater();
        SimulatedCluster.TaskLatency twoSlow = slow(Set.of(0, 3), 4, t -> true);
        SimulatedCluster.TaskLatency drawn =
                (batch, load, out) -> {
                    later.drawn(batch);
                    twoSlow.sample(batch, load, out);
                };
        RunResult aside =
                Trainer.run(
                        spec("auto", 0),
                        DATA,
                        drawn,
                        c -> {},
                        RunOptions.defaults().withDeliberation(later));
        RunResult between = run(spec("auto", 0), twoSlow);
        RunResult uncoded = run(spec("uncoded", 0), twoSlow);
        assertThat(aside.succeeded()).as(aside.diagnostic()).isTrue();
        // between rounds the first decision is taken before round 3 (the warm-up); aside, its
        // replays are asked for then and come back two rounds later
        assertThat(firstDecision(between)).isEqualTo(3);
        assertThat(firstDecision(aside)).isEqualTo(5);
        assertThat(events(aside, "auto-switched")).as("%s", aside.events()).isNotEmpty();
        sameIterates(aside, uncoded);
        // the switch came two slow rounds later, and cost no more than them
        double uncodedRound = seconds(uncoded) / uncoded.iterations();
        assertThat(seconds(aside)).isLessThanOrEqualTo(seconds(between) + 2 * uncodedRound);
        assertThat(seconds(aside)).isLessThan(0.65 * seconds(uncoded));
    }

    private static long firstDecision(RunResult r) {
        return r.events().stream()
                .filter(e -> e.event().startsWith("auto-"))
                .mapToLong(AdaptEvent::iteration)
                .min()
                .orElse(-1);
    }
}
