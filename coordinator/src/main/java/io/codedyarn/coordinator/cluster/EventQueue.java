package io.codedyarn.coordinator.cluster;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** The real clusters' event source: adapters' callbacks {@link #post} from any thread. */
public final class EventQueue implements EventSource {
    private final LinkedBlockingQueue<CoordinatorEvent> queue = new LinkedBlockingQueue<>();

    public void post(CoordinatorEvent event) {
        queue.add(event);
    }

    @Override
    public CoordinatorEvent poll(long timeoutNanos) throws InterruptedException {
        return queue.poll(Math.max(0, timeoutNanos), TimeUnit.NANOSECONDS);
    }
}
