package io.codedyarn.coordinator.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.Coordinator;
import io.codedyarn.coordinator.RunOptions;
import io.codedyarn.coordinator.Trainer;
import io.codedyarn.coordinator.async.BalanceSchedule;
import io.codedyarn.coordinator.cluster.DataShape;
import io.codedyarn.coordinator.cluster.ManualClock;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.coordinator.simulated.InProcessWorkers;
import io.codedyarn.coordinator.simulated.SimulatedCluster;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.SchemeParams;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LiveFeedTest {
    /**
     * DSAG with load balancing and a 4× slower worker (stale and discarded results, re-balancing
     * events): replaying the feed (iterations appended, a task's later record replacing its earlier
     * one, events appended) gives exactly the run's result logs.
     */
    @Test
    void replayingTheFeedGivesTheRunsLogs() throws Exception {
        var params = SchemeParams.of(4, 1, 1).withPartitions(4).withSubpartitions(4);
        var spec = Trainer.spec(Workload.LR, "dsag", params, null, 60);
        LiveFeed feed = new LiveFeed();
        RunResult r = run(spec, feed);
        assertThat(r.succeeded()).as(r.diagnostic()).isTrue();

        List<IterationRecord> iterations = new ArrayList<>();
        Map<List<Long>, LatencyRecord> tasks = new LinkedHashMap<>();
        List<AdaptEvent> events = new ArrayList<>();
        int from = 0;
        LiveFeed.Slice s;
        do {
            s = feed.since(from, 7); // in pages of 7, as a reader catching up would
            assertThat(s.entries()).hasSize(s.next() - from);
            for (LiveFeed.Entry e : s.entries()) {
                if (e.iteration() != null) {
                    iterations.add(e.iteration());
                }
                for (LatencyRecord l : e.latency()) {
                    tasks.put(List.of(l.iteration(), (long) l.worker()), l);
                }
                events.addAll(e.events());
            }
            from = s.next();
        } while (!s.finished());

        assertThat(iterations).isEqualTo(r.iterationLog());
        assertThat(new ArrayList<>(tasks.values())).isEqualTo(r.latencyLog());
        assertThat(events).isEqualTo(r.events());
        assertThat(events).isNotEmpty();
        assertThat(r.latencyLog()).extracting(LatencyRecord::use).contains("stale", "used");
        // one entry per iteration, then the last one
        assertThat(from).isEqualTo(r.iterationLog().size() + 1);
        assertThat(feed.since(from, 10).entries()).isEmpty();
        assertThat(feed.since(from, 10).finished()).isTrue();
    }

    @Test
    void sinceIsCheckedAndOnlyTheLastSliceIsFinished() throws Exception {
        var spec = Trainer.spec(Workload.LR, "cyclic", SchemeParams.of(4, 1, 2), "gd", 5);
        LiveFeed feed = new LiveFeed();
        assertThat(feed.since(0, 5).entries()).isEmpty();
        assertThat(feed.since(0, 5).finished()).isFalse();
        run(spec, feed);
        assertThat(feed.since(0, 3).next()).isEqualTo(3);
        assertThat(feed.since(0, 3).finished()).isFalse();
        assertThat(feed.since(3, 100).next()).isEqualTo(6);
        assertThat(feed.since(3, 100).finished()).isTrue();
        assertThatThrownBy(() -> feed.since(7, 1)).hasMessageContaining("since=7");
        assertThatThrownBy(() -> feed.since(-1, 1)).hasMessageContaining("since=-1");
        assertThatThrownBy(() -> feed.since(0, 0)).hasMessageContaining("max");
    }

    /**
     * A long run's feed stays bounded: the last entries whole, and a history thinned to every k-th
     * entry (iteration and events, no task records) that still starts at the first iteration; a
     * reader catching up in pages gets the kept entries in order, once each, and the run's end.
     */
    @Test
    void aLongRunsFeedKeepsTheLastEntriesWholeAndAThinnedHistory() {
        LiveFeed feed = new LiveFeed(10, 8);
        for (int t = 0; t < 1000; t++) {
            IterationRecord r =
                    new IterationRecord(t, t, 1.0 / (t + 1), Double.NaN, 1, 0, 0, "0", t, false);
            LatencyRecord l = new LatencyRecord(t, 0, t, t + 0.5, 0.5, 1, "used");
            List<AdaptEvent> e =
                    t % 100 == 0 ? List.of(new AdaptEvent(t, t, 0, "h", "slow", "why")) : List.of();
            feed.publish(new LiveFeed.Entry(r, List.of(l), e));
        }
        feed.finish(new LiveFeed.Entry(null, List.of(), List.of()));
        assertThat(feed.size()).isEqualTo(1001);

        List<Long> seen = new ArrayList<>();
        int from = 0;
        LiveFeed.Slice s;
        do {
            s = feed.since(from, 7);
            assertThat(s.next()).isGreaterThan(from);
            for (LiveFeed.Entry e : s.entries()) {
                if (e.iteration() != null) {
                    seen.add(e.iteration().iteration());
                    // task records only in the entries kept whole
                    assertThat(e.latency()).hasSize(e.iteration().iteration() >= 991 ? 1 : 0);
                }
            }
            from = s.next();
        } while (!s.finished());
        assertThat(from).isEqualTo(1001);
        assertThat(seen).isSorted().doesNotHaveDuplicates().hasSizeLessThanOrEqualTo(10 + 8);
        assertThat(seen.get(0)).isZero();
        assertThat(seen.subList(seen.size() - 9, seen.size()))
                .containsExactly(991L, 992L, 993L, 994L, 995L, 996L, 997L, 998L, 999L);
        // a reader from a thinned-away position gets the next entry kept
        LiveFeed.Slice mid = feed.since(1, 1);
        assertThat(mid.entries().get(0).iteration().iteration()).isGreaterThan(1);
        assertThat(mid.next()).isEqualTo(mid.entries().get(0).iteration().iteration() + 1);
    }

    private static RunResult run(TrainSpec spec, LiveFeed feed) throws InterruptedException {
        Plan plan = spec.plan();
        ManualClock clock = new ManualClock();
        DataShape shape = InProcessWorkers.shape(Trainer.LR_DATA, plan.partitions());
        SimulatedCluster cluster =
                SimulatedCluster.over(plan, Trainer.LR_DATA, spec, Trainer.noisy(3, 4, 5), clock);
        cluster.communicationFraction(0.1);
        return new Coordinator(
                        spec,
                        plan,
                        shape,
                        cluster,
                        cluster,
                        clock,
                        RunOptions.defaults()
                                .withLoadBalance(true)
                                .withBalanceSchedule(BalanceSchedule.period(3.0)))
                .liveFeed(feed)
                .run();
    }
}
