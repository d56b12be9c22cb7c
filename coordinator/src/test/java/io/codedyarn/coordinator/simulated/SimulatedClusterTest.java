package io.codedyarn.coordinator.simulated;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codedyarn.compute.data.DenseRows;
import io.codedyarn.compute.task.Piece;
import io.codedyarn.compute.task.Task;
import io.codedyarn.compute.task.TaskExecutor;
import io.codedyarn.compute.task.WorkUnit;
import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.cluster.CoordinatorEvent;
import io.codedyarn.coordinator.cluster.ManualClock;
import io.codedyarn.placement.slowdown.Slowdown;
import io.codedyarn.placement.slowdown.StraggleSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SimulatedClusterTest {
    private final ManualClock clock = new ManualClock();
    private final List<Integer> batches = new ArrayList<>();

    private SimulatedCluster cluster(double... secondsPerLoad) {
        DenseRows rows = new DenseRows(4, 1, new double[] {1, 2, 3, 4}, new double[] {1, 1, -1, 1});
        List<TaskExecutor> ex = new ArrayList<>();
        for (int w = 0; w < secondsPerLoad.length; w++) {
            ex.add(new TaskExecutor(w, Map.of(0, rows), Workload.LSQ, 1, clock::nanos));
        }
        return new SimulatedCluster(
                ex,
                new long[] {4},
                (batch, load, out) -> {
                    batches.add(batch);
                    for (int w = 0; w < load.length; w++) {
                        out[w] = load[w] * secondsPerLoad[w];
                    }
                },
                clock);
    }

    private static Task task(long round, int firstRow, int count) {
        return new Task(
                round, new double[] {0.5}, List.of(WorkUnit.of(new Piece(0, firstRow, count, 1))));
    }

    @Test
    void resultsArriveInSimulatedTimeOrderAndTheClockJumps() throws Exception {
        // 4 rows, N = 2 workers: the unit of load is one worker's share, 4/2 = 2 rows (K = 1
        // partition does not matter).
        SimulatedCluster c = cluster(3, 1);
        assertThat(c.poll(0)).isInstanceOf(CoordinatorEvent.WorkerReady.class);
        assertThat(c.poll(0)).isInstanceOf(CoordinatorEvent.WorkerReady.class);
        c.send(0, task(0, 0, -1)); // all 4 rows: load 2, 2·3 = 6 s
        c.send(1, task(0, 0, 2)); // half the partition, 2 rows: load 1, 1·1 = 1 s
        var first = (CoordinatorEvent.ResultArrived) c.poll(Long.MAX_VALUE);
        assertThat(first.result().worker()).isEqualTo(1);
        assertThat(clock.nanos()).isEqualTo(1_000_000_000L);
        assertThat(first.result().computeNanos()).isEqualTo(1_000_000_000L);
        // the real kernel's value: Σ (0.5·x − y)² over rows 0, 1 = (0.5−1)² + (1−1)² = 0.25
        assertThat(first.result().values()[0][0]).isEqualTo(0.25);
        assertThat(c.poll(1_000_000_000L)).isNull(); // worker 0 finishes at 6 s, not by 2 s
        assertThat(clock.nanos()).isEqualTo(2_000_000_000L);
        var second = (CoordinatorEvent.ResultArrived) c.poll(Long.MAX_VALUE);
        assertThat(second.result().worker()).isZero();
        assertThat(clock.nanos()).isEqualTo(6_000_000_000L);
        assertThat(batches).containsExactly(0); // one latency draw for one broadcast
    }

    @Test
    void aBusyWorkerQueuesAndTheNewestQueuedTaskWins() throws Exception {
        SimulatedCluster c = cluster(2);
        c.poll(0);
        c.send(0, task(0, 0, -1)); // runs 0..2 s
        assertThat(c.poll(100)).isNull();
        c.send(0, task(1, 0, -1)); // queued: would run 2..4 s
        assertThat(c.poll(100)).isNull();
        c.send(0, task(2, 0, -1)); // replaces round 1: runs 2..4 s
        var a = (CoordinatorEvent.ResultArrived) c.poll(Long.MAX_VALUE);
        var b = (CoordinatorEvent.ResultArrived) c.poll(Long.MAX_VALUE);
        assertThat(a.result().round()).isZero();
        assertThat(b.result().round()).isEqualTo(2);
        assertThat(clock.nanos()).isEqualTo(4_000_000_000L);
        assertThatThrownBy(() -> c.poll(Long.MAX_VALUE)).hasMessageContaining("wait forever");
    }

    @Test
    void aFailedWorkerReportsOnceAndNeverAnswers() throws Exception {
        SimulatedCluster c = cluster(2, 1).failAt(0, 1.0);
        c.poll(0);
        c.poll(0);
        c.send(0, task(0, 0, -1));
        var f = c.poll(Long.MAX_VALUE);
        assertThat(f).isInstanceOf(CoordinatorEvent.WorkerFailed.class);
        assertThat(clock.nanos()).isEqualTo(1_000_000_000L);
        assertThatThrownBy(() -> c.poll(Long.MAX_VALUE)).hasMessageContaining("wait forever");
    }

    @Test
    void injectedSlownessStretchesEachTaskAsOfItsIteration() throws Exception {
        Slowdown slowFromOne =
                StraggleSpec.parse("switch:at=1,factor=3")
                        .forWorker(1, 2, "simulated-1", 1, 9, null);
        SimulatedCluster c = cluster(1, 1).straggle(new Slowdown[] {Slowdown.NONE, slowFromOne});
        c.poll(0);
        c.poll(0);
        long[] took = new long[4];
        for (int it = 0; it < 2; it++) {
            long sent = clock.nanos();
            c.send(0, task(it, 0, -1).at(it));
            c.send(1, task(it, 0, -1).at(it));
            for (int i = 0; i < 2; i++) {
                var r = (CoordinatorEvent.ResultArrived) c.poll(Long.MAX_VALUE);
                took[2 * it + r.result().worker()] = clock.nanos() - sent;
                assertThat(r.result().computeNanos()).isEqualTo(clock.nanos() - sent);
            }
        }
        assertThat(took[1]).as("iteration 0: not slowed yet").isEqualTo(took[0]);
        assertThat(took[3]).as("iteration 1: 3x").isEqualTo(3 * took[2]);
        assertThat(took[2]).isEqualTo(took[0]);
    }
}
