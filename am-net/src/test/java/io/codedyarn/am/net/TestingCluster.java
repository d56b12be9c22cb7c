package io.codedyarn.am.net;

import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.compute.data.DenseRows;
import io.codedyarn.compute.data.Rows;
import io.codedyarn.compute.task.PartitionLoader;
import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.cluster.CoordinatorEvent;
import io.codedyarn.coordinator.cluster.EventQueue;
import io.codedyarn.coordinator.cluster.WorkerSetup;
import io.codedyarn.placement.slowdown.WorkerStraggle;
import io.codedyarn.worker.net.WorkerClient;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import java.util.function.LongSupplier;

/**
 * A loopback AM endpoint (TLS, as on a cluster) and in-process {@link WorkerClient}s over an
 * in-memory "file system": worker w stores partitions w and (w + 1) mod n, partition j lives at
 * {@code mem:/part-j}.
 */
final class TestingCluster implements AutoCloseable {
    static final byte[] SECRET = "s3cret-of-this-application".getBytes(StandardCharsets.UTF_8);
    static final int ROWS = 7;
    static final int COLS = 5;

    /** Long enough never to fire on a working build; bounds a hang on a broken one. */
    static final long EVENT_WAIT_SECONDS = 20;

    final int n;
    final EventQueue events = new EventQueue();

    /** This cluster's AM key and certificate (each cluster its own, as each application). */
    final AmIdentity identity =
            AmIdentity.generate("coded-yarn AM test", Instant.now(), new SecureRandom());

    final GrpcWorkerServer server;
    final Map<Integer, Rows> partitions = new TreeMap<>();
    final Map<String, Rows> files = new TreeMap<>();
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final List<WorkerClient> clients = new ArrayList<>();

    TestingCluster(int n, ServerOptions opts) throws IOException {
        this(n, opts, w -> WorkerStraggle.NONE);
    }

    /** With the slowness each worker's Welcome asks it to inject. */
    TestingCluster(int n, ServerOptions opts, IntFunction<WorkerStraggle> straggle)
            throws IOException {
        this.n = n;
        SplittableRandom g = new SplittableRandom(42);
        for (int j = 0; j < n; j++) {
            double[] v = new double[ROWS * COLS];
            double[] labels = new double[ROWS];
            for (int i = 0; i < v.length; i++) {
                v[i] = g.nextDouble(-1, 1);
            }
            for (int i = 0; i < ROWS; i++) {
                labels[i] = g.nextBoolean() ? 1 : -1;
            }
            Rows rows = new DenseRows(ROWS, COLS, v, labels);
            partitions.put(j, rows);
            files.put(uri(j), rows);
        }
        server =
                new GrpcWorkerServer(
                                n,
                                SECRET,
                                identity,
                                (w, host) ->
                                        new WorkerSetup(
                                                w,
                                                Workload.LR,
                                                1,
                                                false,
                                                stored(w),
                                                straggle.apply(w)),
                                events,
                                opts.withBindAddress("127.0.0.1"))
                        .start();
    }

    static String uri(int partition) {
        return "mem:/part-" + partition;
    }

    /** Worker w's partitions w and w+1 (mod n); a spare (w ≥ n) holds none. */
    Map<Integer, String> stored(int w) {
        if (w >= n) {
            return Map.of();
        }
        return Map.of(w, uri(w), (w + 1) % n, uri((w + 1) % n));
    }

    Map<Integer, Rows> storedRows(int w) {
        return Map.of(w, partitions.get(w), (w + 1) % n, partitions.get((w + 1) % n));
    }

    PartitionLoader memoryLoader() {
        return a -> {
            Map<Integer, Rows> out = new TreeMap<>();
            for (Map.Entry<Integer, String> e : a.partitionUris().entrySet()) {
                Rows r = files.get(e.getValue());
                if (r == null) {
                    throw new IOException("no such file " + e.getValue());
                }
                out.put(e.getKey(), r);
            }
            return out;
        };
    }

    WorkerClient client(int w, byte[] secret, PartitionLoader loader, LongSupplier clock) {
        return client(w, secret, loader, clock, 1 << 20);
    }

    WorkerClient client(
            int w, byte[] secret, PartitionLoader loader, LongSupplier clock, int maxBytes) {
        WorkerClient c =
                new WorkerClient(
                        new WorkerClient.Config(
                                "127.0.0.1",
                                server.port(),
                                w,
                                secret,
                                identity.workerKeys(),
                                "host-" + w,
                                maxBytes),
                        loader,
                        clock);
        clients.add(c);
        return c;
    }

    CompletableFuture<Integer> run(WorkerClient c) {
        return CompletableFuture.supplyAsync(
                () -> {
                    try {
                        return c.run();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return -1;
                    }
                },
                threads);
    }

    /** Starts the standard worker w (right secret, in-memory loader, System::nanoTime). */
    CompletableFuture<Integer> start(int w) {
        return run(client(w, SECRET, memoryLoader(), System::nanoTime));
    }

    CoordinatorEvent next() throws InterruptedException {
        CoordinatorEvent e = events.poll(TimeUnit.SECONDS.toNanos(EVENT_WAIT_SECONDS));
        assertThat(e).as("an event within %s s", EVENT_WAIT_SECONDS).isNotNull();
        return e;
    }

    <T extends CoordinatorEvent> T next(Class<T> type) throws InterruptedException {
        CoordinatorEvent e = next();
        assertThat(e).isInstanceOf(type);
        return type.cast(e);
    }

    static int await(CompletableFuture<Integer> exit) throws Exception {
        return exit.get(EVENT_WAIT_SECONDS, TimeUnit.SECONDS);
    }

    @Override
    public void close() {
        server.close();
        for (WorkerClient c : clients) {
            c.close();
        }
        threads.shutdownNow();
    }
}
