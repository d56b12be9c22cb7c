package io.codedyarn.am.yarn;

import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.coordinator.EventQueue;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.yarn.api.records.Resource;
import org.junit.jupiter.api.Test;

/**
 * The locality fallback's sequence against a ResourceManager that never allocates: strict request
 * on the data's node → after the wait, re-placed and strict on the new node → after another wait,
 * relaxed. Locality wait 0 s, so the timer fires at once.
 */
class WorkerContainersTest {
    private static WorkerContainers containers(int workers) {
        WorkerContainers c = new WorkerContainers(new EventQueue());
        c.configure(workers, Resource.newInstance(256, 1), w -> null);
        return c;
    }

    @Test
    void aNodeThatGivesNothingWithinTheWaitIsReplacedThenRelaxed() throws Exception {
        WorkerContainers c = containers(2);
        List<String> asked = new ArrayList<>();
        c.relocateWith(
                (int w, String unavailable, Collection<String> others) -> {
                    asked.add(w + " from " + unavailable + " avoiding " + others);
                    return Optional.of("new" + w);
                });
        FakeResourceManager rm = new FakeResourceManager();
        c.request(rm, null, w -> Optional.of("n" + w), 0);
        assertThat(rm.next(2)).containsExactly("add 0 n0", "add 1 n1");
        // first wait: both re-placed, strictly
        assertThat(rm.next(4))
                .containsExactly("remove 0 n0", "add 0 new0", "remove 1 n1", "add 1 new1");
        // second wait: relaxed, never re-placed twice
        assertThat(rm.next(4))
                .containsExactly("remove 0 new0", "add 0 *", "remove 1 new1", "add 1 *");
        assertThat(asked).containsExactly("0 from n0 avoiding [n1]", "1 from n1 avoiding [new0]");
        c.stopping();
    }

    @Test
    void withoutAPlaceForTheDataTheWorkerIsAskedForAnywhere() throws Exception {
        WorkerContainers c = containers(1);
        c.relocateWith((w, unavailable, others) -> Optional.empty());
        FakeResourceManager rm = new FakeResourceManager();
        c.request(rm, null, w -> Optional.of("n0"), 0);
        assertThat(rm.next(3)).containsExactly("add 0 n0", "remove 0 n0", "add 0 *");
        c.stopping();
    }

    @Test
    void dataOnNoNodeManagerIsReplacedBeforeTheFirstRequest() throws Exception {
        WorkerContainers c = containers(2);
        c.relocateWith(
                (w, unavailable, others) -> {
                    assertThat(unavailable).isNull();
                    assertThat(others).containsExactly("n1"); // the other worker's node
                    return Optional.of("spare");
                });
        FakeResourceManager rm = new FakeResourceManager();
        c.request(rm, null, w -> w == 0 ? Optional.empty() : Optional.of("n1"), 3600);
        assertThat(rm.next(2)).containsExactly("add 0 spare", "add 1 n1");
        c.stopping();
    }
}
