package io.codedyarn.am.yarn.master;

import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.coordinator.cluster.ManualClock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The AM's one event thread: posted actions run in order on that thread, and timers come due on the
 * injected clock, not on the wall clock. The clock here is moved by hand and the executor sees the
 * new time at the next post, so no test waits for real time to pass.
 */
class SerialExecutorTest {
    /** Bounds a hang on a broken build; a working one never waits this long. */
    private static final long AWAIT_SECONDS = 10;

    private final ManualClock clock = new ManualClock();
    private final SerialExecutor executor = SerialExecutor.start("test-events", clock);
    private final List<String> ran = new CopyOnWriteArrayList<>();

    @AfterEach
    void close() {
        executor.close();
    }

    /** Posts a marker and waits until it ran: everything posted or due before it has run. */
    private void drain() throws InterruptedException {
        CountDownLatch done = new CountDownLatch(1);
        executor.execute(done::countDown);
        assertThat(done.await(AWAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void postedActionsRunInOrderOnTheNamedThread() throws Exception {
        for (int i = 0; i < 5; i++) {
            int k = i;
            executor.execute(() -> ran.add(k + " on " + Thread.currentThread().getName()));
        }
        drain();
        assertThat(ran)
                .containsExactly(
                        "0 on test-events",
                        "1 on test-events",
                        "2 on test-events",
                        "3 on test-events",
                        "4 on test-events");
    }

    @Test
    void aTimerRunsOnlyOnceTheClockReachesItsDeadline() throws Exception {
        executor.schedule(Duration.ofHours(1), () -> ran.add("late"));
        executor.schedule(Duration.ofMinutes(1), () -> ran.add("early"));
        drain();
        assertThat(ran).isEmpty();

        clock.advance(Duration.ofMinutes(1).toNanos());
        drain();
        assertThat(ran).containsExactly("early");

        clock.advance(Duration.ofHours(1).toNanos());
        drain();
        assertThat(ran).containsExactly("early", "late");
    }

    @Test
    void aCancelledTimerNeverRuns() throws Exception {
        Scheduler.Cancellable t = executor.schedule(Duration.ofSeconds(5), () -> ran.add("t"));
        t.cancel();
        clock.advance(Duration.ofSeconds(10).toNanos());
        drain();
        assertThat(ran).isEmpty();
    }

    @Test
    void aFailingActionDoesNotStopTheThread() throws Exception {
        executor.execute(
                () -> {
                    throw new IllegalStateException("expected by the test");
                });
        executor.execute(() -> ran.add("after"));
        drain();
        assertThat(ran).containsExactly("after");
    }

    @Test
    void withTheSystemClockATimerFiresByItself() throws Exception {
        try (SerialExecutor real =
                SerialExecutor.start(
                        "test-real-time", io.codedyarn.coordinator.cluster.Clock.system())) {
            CountDownLatch fired = new CountDownLatch(1);
            real.schedule(Duration.ofMillis(20), fired::countDown);
            assertThat(fired.await(AWAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
        }
    }

    @Test
    void closeInterruptsTheRunningActionAndDropsTheRest() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch ended = new CountDownLatch(1);
        executor.execute(
                () -> {
                    started.countDown();
                    try {
                        Thread.sleep(TimeUnit.SECONDS.toMillis(AWAIT_SECONDS)); // until interrupted
                        ran.add("not interrupted");
                    } catch (InterruptedException e) {
                        ran.add("interrupted");
                    }
                    ended.countDown();
                });
        executor.execute(() -> ran.add("dropped"));
        assertThat(started.await(AWAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
        executor.close();
        executor.execute(() -> ran.add("posted after close"));
        assertThat(ended.await(AWAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
        assertThat(ran).containsExactly("interrupted");
    }
}
