package io.codedyarn.am.yarn.master;

import io.codedyarn.am.yarn.ProgressFile;
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
 * The AM's side of {@link ProgressFile}: on its own daemon thread, every {@code intervalMs}, takes
 * a snapshot (the coordinator's last round and the running containers: volatile reads, so the
 * coordinator's thread is never blocked) and rewrites the file when it changed. Progress is best
 * effort: a failed write is logged once and never fails the run.
 */
final class ProgressPublisher implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ProgressPublisher.class);

    private final FileSystem fs;
    private final Path file;
    private final Supplier<ProgressFile.Snapshot> source;
    private final ScheduledExecutorService timer;
    private ProgressFile.Snapshot written;
    private boolean warned;

    private ProgressPublisher(FileSystem fs, Path file, Supplier<ProgressFile.Snapshot> source) {
        this.fs = fs;
        this.file = file;
        this.source = source;
        this.timer =
                Executors.newSingleThreadScheduledExecutor(
                        r -> {
                            Thread t = new Thread(r, "progress-publisher");
                            t.setDaemon(true);
                            return t;
                        });
    }

    /** Started: publishes {@code source}'s snapshot to {@code file} every {@code intervalMs}. */
    static ProgressPublisher start(
            FileSystem fs, Path file, Supplier<ProgressFile.Snapshot> source, long intervalMs) {
        ProgressPublisher p = new ProgressPublisher(fs, file, source);
        p.timer.scheduleWithFixedDelay(p::publish, intervalMs, intervalMs, TimeUnit.MILLISECONDS);
        return p;
    }

    /** One tick (the timer's thread; tests call it directly). */
    void publish() {
        ProgressFile.Snapshot s = source.get();
        if (s == null || s.equals(written)) {
            return;
        }
        try {
            ProgressFile.write(fs, file, s);
            written = s;
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
