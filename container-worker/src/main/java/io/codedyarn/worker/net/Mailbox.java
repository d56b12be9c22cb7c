package io.codedyarn.worker.net;

import io.codedyarn.protocol.v1.CoordinatorMessage;
import io.codedyarn.protocol.v1.Load;
import io.codedyarn.protocol.v1.Task;
import io.codedyarn.protocol.v1.Welcome;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;

/**
 * Hands what the AM sends (on gRPC's callback thread) to the worker's compute thread. Holds at most
 * ONE task: a task that arrives before the previous one was taken replaces it (newest wins; the
 * older round is obsolete once the AM has sent a newer one). Stop and stream end pre-empt a waiting
 * task. Loads (a re-planned code's partitions) queue and are never dropped.
 */
final class Mailbox implements StreamObserver<CoordinatorMessage> {
    /**
     * What {@link #take()} returns: a welcome, a task, or the end (status and message) when both
     * are null.
     */
    record Next(
            Welcome welcome,
            Task task,
            Load load,
            BackgroundLoad.Done loaded,
            int status,
            String message) {}

    private Welcome welcome;
    private Task task;
    // Loads are never dropped (unlike tasks): each changes what the worker holds
    private final java.util.ArrayDeque<Load> loads = new java.util.ArrayDeque<>();
    private final java.util.ArrayDeque<BackgroundLoad.Done> done = new java.util.ArrayDeque<>();
    private Next end;
    private long dropped;

    @Override
    public synchronized void onNext(CoordinatorMessage m) {
        switch (m.getKindCase()) {
            case WELCOME -> welcome = m.getWelcome();
            case TASK -> {
                if (task != null) {
                    dropped++;
                }
                task = m.getTask();
            }
            case STOP -> finish(WorkerClient.EXIT_OK, m.getStop().getReason());
            case LOAD -> loads.add(m.getLoad());
            default ->
                    finish(
                            WorkerClient.EXIT_LOST,
                            "unknown message from the application master: " + m.getKindCase());
        }
        notifyAll();
    }

    @Override
    public synchronized void onError(Throwable t) {
        Status s = Status.fromThrowable(t);
        String what = s.getCode() + (s.getDescription() == null ? "" : ": " + s.getDescription());
        switch (s.getCode()) {
            case UNAUTHENTICATED,
                            PERMISSION_DENIED,
                            FAILED_PRECONDITION,
                            ALREADY_EXISTS,
                            INVALID_ARGUMENT ->
                    finish(
                            WorkerClient.EXIT_REJECTED,
                            "rejected by the application master: " + what);
            case RESOURCE_EXHAUSTED ->
                    finish(WorkerClient.EXIT_LOST, "message over the size limit: " + what);
            default ->
                    finish(
                            WorkerClient.EXIT_LOST,
                            "lost the connection to the application master: " + what);
        }
        notifyAll();
    }

    @Override
    public synchronized void onCompleted() {
        finish(
                WorkerClient.EXIT_LOST,
                "the application master closed the stream without sending Stop");
        notifyAll();
    }

    /** A background load finished (its thread calls this). */
    synchronized void loaded(BackgroundLoad.Done d) {
        done.add(d);
        notifyAll();
    }

    /** The first end wins (a Stop followed by the stream's completion stays a Stop). */
    private void finish(int status, String message) {
        if (end == null) {
            end = new Next(null, null, null, null, status, message);
        }
    }

    /**
     * Blocks until a welcome (first), a finished background load, a load to start, a task, or the
     * end (in this order of precedence).
     */
    synchronized Next take() throws InterruptedException {
        while (true) {
            if (end != null) {
                return end;
            }
            if (welcome != null) {
                Welcome w = welcome;
                welcome = null;
                return new Next(w, null, null, null, 0, "");
            }
            if (!done.isEmpty()) {
                return new Next(null, null, null, done.poll(), 0, "");
            }
            if (!loads.isEmpty()) {
                return new Next(null, null, loads.poll(), null, 0, "");
            }
            if (task != null) {
                Task t = task;
                task = null;
                return new Next(null, t, null, null, 0, "");
            }
            wait();
        }
    }

    synchronized long dropped() {
        return dropped;
    }
}
