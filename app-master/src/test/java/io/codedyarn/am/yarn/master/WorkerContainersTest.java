package io.codedyarn.am.yarn.master;

import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.coordinator.cluster.CoordinatorEvent;
import io.codedyarn.coordinator.cluster.EventQueue;
import io.codedyarn.coordinator.cluster.ManualClock;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.api.records.ContainerState;
import org.apache.hadoop.yarn.api.records.ContainerStatus;
import org.apache.hadoop.yarn.api.records.Resource;
import org.junit.jupiter.api.Test;

/**
 * The locality fallback's sequence against a ResourceManager that never allocates (unless the test
 * hands a container to the callbacks): strict request on the data's node → after the wait,
 * re-placed and strict on the new node → after another wait, relaxed. The test's own thread is the
 * one thread the containers' state lives on (a direct executor), and time moves only when the test
 * advances the {@link ManualScheduler}: no sleeps, no real-time timer.
 */
class WorkerContainersTest {
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final int WAIT_SECONDS = (int) WAIT.toSeconds();

    private final ManualScheduler timers = new ManualScheduler(new ManualClock());
    private final EventQueue events = new EventQueue();
    private final FakeResourceManager rm = new FakeResourceManager();
    private final FakeNodeManagers nm = new FakeNodeManagers();

    private WorkerContainers containers(int workers) {
        WorkerContainers c = new WorkerContainers(events, Runnable::run, timers);
        c.configure(workers, Resource.newInstance(256, 1), w -> null);
        return c;
    }

    /** The RM grants {@code granted}, in this order. */
    private static void grant(WorkerContainers c, Container... granted) {
        c.rmCallbacks(() -> 0).onContainersAllocated(List.of(granted));
    }

    @Test
    void aNodeThatGivesNothingWithinTheWaitIsReplacedThenRelaxed() {
        WorkerContainers c = containers(2);
        List<String> asked = new ArrayList<>();
        c.relocateWith(
                (int w, Collection<String> unavailable, Collection<String> others) -> {
                    asked.add(w + " from " + unavailable + " avoiding " + others);
                    return Optional.of("new" + w);
                });
        c.request(rm, nm, w -> Optional.of("n" + w), WAIT_SECONDS);
        assertThat(rm.next(2)).containsExactly("add 0 n0", "add 1 n1");
        timers.advance(WAIT.minusNanos(1));
        assertThat(rm.rest()).as("nothing before the wait is over").isEmpty();
        // first wait: both re-placed, strictly
        timers.advance(Duration.ofNanos(1));
        assertThat(rm.next(4))
                .containsExactly("remove 0 n0", "add 0 new0", "remove 1 n1", "add 1 new1");
        // second wait: relaxed, never re-placed twice
        timers.advance(WAIT);
        assertThat(rm.next(4))
                .containsExactly("remove 0 new0", "add 0 *", "remove 1 new1", "add 1 *");
        assertThat(asked)
                .containsExactly("0 from [n0] avoiding [n1]", "1 from [n1] avoiding [new0]");
        assertThat(timers.pending()).as("relaxed requests wait for nothing").isZero();
        c.stopping();
    }

    @Test
    void everyRequestStrictOrRelaxedCarriesTheWorkersNodeLabel() {
        WorkerContainers c = new WorkerContainers(events, Runnable::run, timers);
        c.configure(2, Resource.newInstance(256, 1), "gpu");
        c.launchWith(w -> null);
        c.request(rm, nm, w -> w == 0 ? Optional.of("n0") : Optional.empty(), WAIT_SECONDS);
        assertThat(rm.next(2)).containsExactly("add 0 n0 @gpu", "add 1 * @gpu");
        timers.advance(WAIT); // nothing to re-place it with: asked for anywhere, still labelled
        assertThat(rm.next(2)).containsExactly("remove 0 n0 @gpu", "add 0 * @gpu");
        c.stopping();
    }

    @Test
    void aContainerGrantedBeforeTheLaunchContextWaitsForIt() {
        WorkerContainers c = new WorkerContainers(events, Runnable::run, timers);
        c.configure(2, Resource.newInstance(256, 1)); // requested before the AM's endpoint is up
        c.request(rm, nm, w -> Optional.of("n" + w), WAIT_SECONDS);
        grant(
                c,
                FakeResourceManager.container(1, "n1", 1),
                FakeResourceManager.container(0, "n0", 2));
        assertThat(rm.next(4))
                .containsExactly("add 0 n0", "add 1 n1", "remove 1 n1", "remove 0 n0");
        assertThat(nm.starts()).as("nothing to launch them with yet").isEmpty();
        assertThat(c.nodes()).containsExactly("n0:8041", "n1:8041");

        c.launchWith(w -> null);
        assertThat(nm.starts()).containsExactly("start 1 on n1:8041", "start 0 on n0:8041");
        c.stopping();
    }

    @Test
    void sparesAreAskedForOnceTheJobHasTrainedAsLongAsItsWorkersTookToStart() {
        WorkerContainers c = containers(2);
        c.spares(1);
        c.request(rm, nm, w -> Optional.of("n" + w), 3600);
        timers.advance(Duration.ofSeconds(3)); // the workers' containers start, their JVMs load
        grant(
                c,
                FakeResourceManager.container(0, "n0", 1),
                FakeResourceManager.container(1, "n1", 2));
        c.workersReady();
        assertThat(rm.next(4))
                .containsExactly("add 0 n0", "add 1 n1", "remove 0 n0", "remove 1 n1");
        timers.advance(Duration.ofSeconds(3).minusNanos(1));
        assertThat(rm.rest()).as("a job that ends within 3 s starts no spare").isEmpty();
        timers.advance(Duration.ofNanos(1));
        assertThat(rm.rest()).hasSize(1).first().asString().startsWith("add 1099511627776 ");
        c.stopping();
    }

    @Test
    void withoutAPlaceForTheDataTheWorkerIsAskedForAnywhere() {
        WorkerContainers c = containers(1);
        c.relocateWith((w, unavailable, others) -> Optional.empty());
        c.request(rm, nm, w -> Optional.of("n0"), WAIT_SECONDS);
        timers.advance(WAIT);
        assertThat(rm.next(3)).containsExactly("add 0 n0", "remove 0 n0", "add 0 *");
        c.stopping();
    }

    @Test
    void dataOnNoNodeManagerIsReplacedBeforeTheFirstRequest() {
        WorkerContainers c = containers(2);
        c.relocateWith(
                (w, unavailable, others) -> {
                    assertThat(unavailable).isEmpty();
                    assertThat(others).containsExactly("n1"); // the other worker's node
                    return Optional.of("spare");
                });
        c.request(rm, nm, w -> w == 0 ? Optional.empty() : Optional.of("n1"), 3600);
        assertThat(rm.next(2)).containsExactly("add 0 spare", "add 1 n1");
        c.stopping();
    }

    @Test
    void aTimerThatFiresAfterTheWorkerWasPlacedLeavesItAlone() {
        WorkerContainers c = containers(2);
        List<String> asked = new ArrayList<>();
        c.relocateWith(
                (w, unavailable, others) -> {
                    asked.add(w + " from " + unavailable);
                    return Optional.of("new" + w);
                });
        c.request(rm, nm, w -> Optional.of("n" + w), WAIT_SECONDS);
        grant(c, FakeResourceManager.container(0, "n0", 1));
        assertThat(rm.next(3)).containsExactly("add 0 n0", "add 1 n1", "remove 0 n0");
        assertThat(nm.starts()).containsExactly("start 0 on n0:8041");

        timers.advance(WAIT); // the wait's one timer fires, for both workers
        assertThat(rm.rest()).containsExactly("remove 1 n1", "add 1 new1");
        assertThat(asked).containsExactly("1 from [n1]");
        assertThat(nm.starts()).hasSize(1);
        assertThat(c.nodes()).containsExactly("n0:8041", null);
        assertThat(c.runningCount()).isOne();
        c.stopping();
    }

    @Test
    void stoppingCancelsTheLocalityWait() {
        WorkerContainers c = containers(1);
        c.relocateWith((w, unavailable, others) -> Optional.of("new" + w));
        c.request(rm, nm, w -> Optional.of("n0"), WAIT_SECONDS);
        c.stopping();
        assertThat(timers.pending()).isZero();
        timers.advance(WAIT);
        assertThat(rm.rest()).containsExactly("add 0 n0");
    }

    @Test
    void aContainerThatCannotStartFailsItsWorkerAndExitsAfterStoppingAreExpected()
            throws Exception {
        WorkerContainers c = containers(2);
        c.request(rm, nm, w -> Optional.empty(), WAIT_SECONDS); // no relocation: anywhere
        assertThat(rm.rest()).containsExactly("add 0 *", "add 1 *");
        Container k = FakeResourceManager.container(1, "n1", 7);
        c.rmCallbacks(() -> 0).onContainersAllocated(List.of(k));
        c.nmCallbacks().onStartContainerError(k.getId(), new IOException("node gone"));
        CoordinatorEvent e = events.poll(0);
        assertThat(e).isInstanceOf(CoordinatorEvent.WorkerFailed.class);
        assertThat(((CoordinatorEvent.WorkerFailed) e).worker()).isOne();
        assertThat(((CoordinatorEvent.WorkerFailed) e).reason())
                .contains("failed to start")
                .contains("node gone");

        c.stopping();
        c.rmCallbacks(() -> 0)
                .onContainersCompleted(
                        List.of(
                                ContainerStatus.newInstance(
                                        k.getId(), ContainerState.COMPLETE, "", 0)));
        assertThat(events.poll(0)).isNull();
    }

    @Test
    void aFailureWhileHandlingContainersFailsEveryWorker() throws Exception {
        WorkerContainers c = new WorkerContainers(events, Runnable::run, timers);
        c.configure(
                2,
                Resource.newInstance(256, 1),
                w -> {
                    throw new IllegalStateException("worker " + w + ": no launch context");
                });
        c.request(rm, nm, w -> Optional.empty(), WAIT_SECONDS);
        grant(c, FakeResourceManager.container(0, "n0", 1));
        for (int w = 0; w < 2; w++) {
            CoordinatorEvent e = events.poll(0);
            assertThat(e)
                    .isEqualTo(
                            new CoordinatorEvent.WorkerFailed(
                                    w,
                                    "handling containers failed: java.lang.IllegalStateException:"
                                            + " worker 0: no launch context"));
        }
    }

    @Test
    void aReplacementStartsBesideItsReplacedDataAndTakesOverOnlyWhenPromoted() throws Exception {
        WorkerContainers c = containers(2);
        List<String> asked = new ArrayList<>();
        c.relocateWith(
                (w, unavailable, others) -> {
                    asked.add(w + " avoiding " + unavailable + ", others " + others);
                    return Optional.of("n2");
                });
        c.request(rm, nm, w -> Optional.of("n" + w), WAIT_SECONDS);
        var callbacks = c.rmCallbacks(() -> 0);
        callbacks.onContainersAllocated(
                List.of(
                        FakeResourceManager.container(0, "n0", 1),
                        FakeResourceManager.container(1, "n1", 2)));
        rm.rest();
        // worker 0's node is excluded: a new request, id 0 + 2·1, strictly on the chosen node
        assertThat(c.replace(0, java.util.Set.of("n0:8041"))).isTrue();
        assertThat(asked).containsExactly("0 avoiding [n0:8041], others [n1:8041]");
        assertThat(rm.rest()).containsExactly("add 2 n2");
        c.replace(0, java.util.Set.of());
        assertThat(rm.rest()).as("one replacement at a time").isEmpty();
        assertThat(events.poll(0)).as("and no failure for the second ask").isNull();
        var replacement = FakeResourceManager.container(0, "n2", 3);
        replacement.setAllocationRequestId(2);
        callbacks.onContainersAllocated(List.of(replacement));
        assertThat(rm.rest()).containsExactly("remove 2 n2");
        assertThat(nm.starts())
                .containsExactly("start 0 on n0:8041", "start 1 on n1:8041", "start 2 on n2:8041");
        assertThat(c.nodes()).as("the old one still works").containsExactly("n0:8041", "n1:8041");
        c.promote(0);
        assertThat(nm.starts()).last().asString().startsWith("stop container_1_0001_01_000001");
        assertThat(rm.rest()).containsExactly("release container_1_0001_01_000001");
        assertThat(c.nodes()).containsExactly("n2:8041", "n1:8041");
        // the old container's exit is no failure
        c.nmCallbacks().onContainerStopped(FakeResourceManager.container(0, "n0", 1).getId());
        c.stopping();
        assertThat(events.poll(0)).isNull();
    }

    @Test
    void aReplacementThatDiesBeforeItIsPromotedIsReportedAsSuchNotAsTheWorkersFailure()
            throws Exception {
        WorkerContainers c = containers(1);
        c.relocateWith((w, unavailable, others) -> Optional.of("n1"));
        c.request(rm, nm, w -> Optional.of("n0"), WAIT_SECONDS);
        var callbacks = c.rmCallbacks(() -> 0);
        callbacks.onContainersAllocated(List.of(FakeResourceManager.container(0, "n0", 1)));
        assertThat(c.replace(0, java.util.Set.of("n0:8041"))).isTrue();
        var replacement = FakeResourceManager.container(0, "n1", 2);
        replacement.setAllocationRequestId(1);
        callbacks.onContainersAllocated(List.of(replacement));
        callbacks.onContainersCompleted(
                List.of(
                        ContainerStatus.newInstance(
                                replacement.getId(), ContainerState.COMPLETE, "oom", 137)));
        assertThat(events.poll(0))
                .isInstanceOf(CoordinatorEvent.ReplacementFailed.class)
                .asString()
                .contains("exited with status 137");
        assertThat(c.nodes()).containsExactly("n0:8041");
        c.stopping();
    }

    @Test
    void aReplacementThatWaitsInVainMovesOnAvoidingTheExcludedNodesThenGivesUp() throws Exception {
        WorkerContainers c = containers(2);
        List<String> asked = new ArrayList<>();
        List<Optional<String>> answers =
                new ArrayList<>(List.of(Optional.of("n2"), Optional.of("n3"), Optional.empty()));
        c.relocateWith(
                (w, unavailable, others) -> {
                    asked.add(w + " avoiding " + unavailable);
                    return answers.remove(0);
                });
        c.request(rm, nm, w -> Optional.of("n" + w), WAIT_SECONDS);
        grant(
                c,
                FakeResourceManager.container(0, "n0", 1),
                FakeResourceManager.container(1, "n1", 2));
        rm.rest();
        assertThat(c.replace(0, java.util.Set.of("n0:8041"))).isTrue();
        assertThat(rm.rest()).containsExactly("add 2 n2");
        timers.advance(WAIT); // n2 gave nothing: n3, still strictly, n0 and n2 avoided
        assertThat(rm.rest()).containsExactly("remove 2 n2", "add 2 n3");
        timers.advance(WAIT); // nothing left: given up, never asked anywhere
        assertThat(rm.rest()).containsExactly("remove 2 n3");
        assertThat(asked)
                .containsExactly(
                        "0 avoiding [n0:8041]",
                        "0 avoiding [n0:8041, n2]",
                        "0 avoiding [n0:8041, n2, n3]");
        assertThat(events.poll(0))
                .isInstanceOf(CoordinatorEvent.ReplacementFailed.class)
                .asString()
                .contains("within the locality wait");
        c.stopping();
    }
}
