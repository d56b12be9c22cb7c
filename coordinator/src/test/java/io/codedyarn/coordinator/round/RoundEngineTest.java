package io.codedyarn.coordinator.round;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codedyarn.compute.task.Piece;
import io.codedyarn.compute.task.Task;
import io.codedyarn.compute.task.TaskResult;
import io.codedyarn.compute.task.WorkUnit;
import io.codedyarn.coordinator.cluster.CoordinatorEvent;
import io.codedyarn.coordinator.cluster.EventQueue;
import io.codedyarn.coordinator.cluster.ManualClock;
import io.codedyarn.coordinator.cluster.WorkerPort;
import io.codedyarn.coordinator.trace.MemoryTrace;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Scripted arrival orders: duplicates, unsolicited and malformed results, failures, timing. */
class RoundEngineTest {
    /** A port that only records what was sent. */
    static final class RecordingPort implements WorkerPort {
        final List<String> sent = new ArrayList<>();
        final int workers;
        boolean closed;

        RecordingPort(int workers) {
            this.workers = workers;
        }

        @Override
        public int workers() {
            return workers;
        }

        @Override
        public void send(int worker, Task task) {
            sent.add(worker + "@" + task.round());
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    private final ManualClock clock = new ManualClock();
    private final EventQueue events = new EventQueue();
    private final RecordingPort port = new RecordingPort(3);
    private final RoundEngine engine = new RoundEngine(port, events, clock);

    private static Task task(long round) {
        return new Task(round, new double[] {0}, List.of(WorkUnit.of(Piece.whole(0))));
    }

    private void result(int worker, long round, int values, long compute) {
        double[][] v = new double[values][];
        for (int u = 0; u < values; u++) {
            v[u] = new double[] {worker, round};
        }
        events.post(new CoordinatorEvent.ResultArrived(new TaskResult(worker, round, v, compute)));
    }

    private void ready() throws Exception {
        for (int w = 0; w < 3; w++) {
            events.post(new CoordinatorEvent.WorkerReady(w, "h" + w, 1_000_000L * w));
        }
        assertThat(engine.awaitReady(0)).isEqualTo(0.002);
    }

    @Test
    void matchesResultsToTasksAndDropsDuplicatesUnsolicitedAndMalformedOnes() throws Exception {
        MemoryTrace trace = new MemoryTrace();
        engine.trace(trace);
        ready();
        long r = engine.newRound();
        engine.send(0, 0, task(r), new long[] {7}, 0.5);
        engine.send(0, 1, task(r), new long[] {8}, 0.5);
        clock.advance(2_000_000_000L);
        result(1, r, 1, 5);
        result(1, r, 1, 5); // duplicate
        result(2, r, 1, 5); // never asked
        result(0, r + 3, 1, 5); // unknown round
        result(0, r, 2, 5); // two values for one unit
        Arrival a = engine.next(clock.nanos());
        assertThat(a.worker()).isEqualTo(1);
        assertThat(a.tags()).containsExactly(8);
        assertThat(a.values()[0]).containsExactly(1, r);
        assertThat(engine.next(clock.nanos())).isNull();
        assertThat(engine.duplicates()).isEqualTo(4);
        assertThat(engine.busy(0)).isTrue();
        assertThat(engine.busy(1)).isFalse();
        engine.mark(a, "used");
        engine.finishTrace(); // the open task's record is final only now
        var log = trace.tasks();
        assertThat(log).hasSize(2);
        assertThat(log.get(1).latency()).isEqualTo(2.0);
        assertThat(log.get(1).use()).isEqualTo("used");
        assertThat(log.get(0).use()).isEqualTo("lost");
        assertThat(log.get(0).receivedSeconds()).isNaN();
    }

    @Test
    void aFailureIsReportedOnceAndSilencesTheWorker() throws Exception {
        ready();
        long r = engine.newRound();
        engine.send(0, 2, task(r), new long[] {0}, 1);
        events.post(new CoordinatorEvent.WorkerFailed(2, "container exited with 137"));
        events.post(new CoordinatorEvent.WorkerFailed(2, "again"));
        result(2, r, 1, 5);
        Arrival a = engine.next(clock.nanos());
        assertThat(a.failed()).isTrue();
        assertThat(a.failure()).contains("137");
        assertThat(engine.next(clock.nanos())).isNull();
        assertThat(engine.alive(2)).isFalse();
        assertThat(engine.aliveCount()).isEqualTo(2);
    }

    @Test
    void startupFailsOnAFailedWorkerOrTimeout() throws Exception {
        events.post(new CoordinatorEvent.WorkerReady(0, "h", 0));
        events.post(new CoordinatorEvent.WorkerFailed(1, "cannot read part-00001.cyd"));
        assertThatThrownBy(() -> engine.awaitReady(0))
                .isInstanceOf(RunAborted.class)
                .hasMessage(
                        "cannot start training: too few workers are ready or on their way; worker"
                                + " 1: failed at start: cannot read part-00001.cyd; worker 2: its"
                                + " container is not ready yet");
        var other = new RoundEngine(new RecordingPort(2), new EventQueue(), clock);
        assertThatThrownBy(() -> other.awaitReady(0))
                .hasMessage(
                        "cannot start training: not enough workers were ready within 0 s of the"
                                + " start; worker 0: its container is not ready yet; worker 1: its"
                                + " container is not ready yet");
    }

    /**
     * An answered task is no longer open: a worker idle by design (LAG skips it) must not look as
     * if its last task were still in service, with a "censored" age growing every round, which the
     * slow-worker detector would read as slowness.
     */
    @Test
    void anAnsweredTaskIsNoLongerOpen() throws Exception {
        ready();
        long r = engine.newRound();
        engine.send(0, 0, task(r), new long[] {0}, 1);
        clock.advance(1_000_000_000L);
        result(0, r, 1, 900_000_000L);
        assertThat(engine.next(clock.nanos()).worker()).isEqualTo(0);
        assertThat(engine.drainSamples()).containsExactly(new ServiceSample(0, 0.9, 1, false));
        clock.advance(100_000_000_000L); // 100 s with no task for worker 0
        assertThat(engine.drainSamples()).isEmpty();
        // an older task the worker dropped (newest wins) is retired by the newer one's answer
        long r1 = engine.newRound();
        engine.send(1, 1, task(r1), new long[] {0}, 1);
        long r2 = engine.newRound();
        engine.send(2, 1, task(r2), new long[] {0}, 1);
        clock.advance(1_000_000_000L);
        result(1, r2, 1, 1_000_000_000L);
        assertThat(engine.next(clock.nanos()).round()).isEqualTo(r2);
        engine.drainSamples();
        clock.advance(100_000_000_000L);
        assertThat(engine.drainSamples()).isEmpty();
    }

    @Test
    void aSecondTaskOfTheSameRoundToOneWorkerIsABug() {
        long r = engine.newRound();
        engine.send(0, 0, task(r), new long[] {0}, 1);
        assertThatThrownBy(() -> engine.send(0, 0, task(r), new long[] {0}, 1))
                .isInstanceOf(IllegalStateException.class);
    }
}
