package io.codedyarn.am.yarn;

import io.codedyarn.coordinator.IterationRecord;
import java.io.IOException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The AM's side of {@link ProgressFile}: on its own daemon thread, every {@code intervalMs}, reads
 * the coordinator's last round (a volatile read; the coordinator's thread is never blocked) and
 * rewrites the file when the round changed. Progress is best effort: a failed write is logged once
 * and never fails the run.
 */
final class ProgressPublisher implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ProgressPublisher.class);

    private final FileSystem fs;
    private final Path file;
    private final Supplier<IterationRecord> last;
    private final ScheduledExecutorService timer;
    private long written = -1;
    private boolean warned;

    private ProgressPublisher(FileSystem fs, Path file, Supplier<IterationRecord> last) {
        this.fs = fs;
        this.file = file;
        this.last = last;
        this.timer =
                Executors.newSingleThreadScheduledExecutor(
                        r -> {
                            Thread t = new Thread(r, "progress-publisher");
                            t.setDaemon(true);
                            return t;
                        });
    }

    /** Started: publishes {@code last}'s round to {@code file} every {@code intervalMs}. */
    static ProgressPublisher start(
            FileSystem fs, Path file, Supplier<IterationRecord> last, long intervalMs) {
        ProgressPublisher p = new ProgressPublisher(fs, file, last);
        p.timer.scheduleWithFixedDelay(p::publish, intervalMs, intervalMs, TimeUnit.MILLISECONDS);
        return p;
    }

    /** One tick (the timer's thread; tests call it directly). */
    void publish() {
        IterationRecord r = last.get();
        if (r == null || r.iteration() == written) {
            return;
        }
        try {
            ProgressFile.write(fs, file, ProgressFile.Snapshot.of(r));
            written = r.iteration();
        } catch (IOException | RuntimeException e) {
            if (!warned) {
                warned = true;
                LOG.warn(
                        "cannot publish progress to {} ({}); training goes on", file, e.toString());
            }
        }
    }

    /** Stops the timer, then publishes the last round (the client shows it as the run ends). */
    @Override
    public void close() {
        timer.shutdownNow();
        try {
            timer.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        publish();
    }
}
