package io.codedyarn.am.yarn.master;

import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.am.yarn.ProgressFile;
import io.codedyarn.am.yarn.ProgressFile.Snapshot;
import io.codedyarn.coordinator.trace.IterationRecord;
import java.nio.file.Files;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The AM's side of the progress file: a snapshot is written only when it changed. */
class ProgressPublisherTest {
    @TempDir java.nio.file.Path tmp;

    private static IterationRecord record(long i, double seconds, double objective, double gap) {
        return new IterationRecord(i, seconds, objective, gap, 3, 0, 1, "0 1 2", i, false);
    }

    @Test
    void thePublisherWritesTheSnapshotOnlyWhenItChanged() throws Exception {
        FileSystem fs = FileSystem.getLocal(new Configuration()).getRawFileSystem();
        Path file = new Path(tmp.resolve("app/" + ProgressFile.NAME).toUri());
        AtomicReference<Snapshot> now = new AtomicReference<>();
        // a timer too slow to fire here: the test drives it
        ProgressPublisher p = ProgressPublisher.start(fs, file, now::get, 3_600_000);
        p.publish();
        assertThat(ProgressFile.read(fs, file)).isNull(); // nothing to say yet: nothing written
        now.set(Snapshot.of(null, 1, 4, 3));
        p.publish();
        assertThat(ProgressFile.read(fs, file))
                .isEqualTo(new Snapshot(-1, 0, Double.NaN, Double.NaN, 1, 4, 3));
        assertThat(ProgressFile.read(fs, file).started()).isFalse();
        // an exact code trains with n - s ready: one still starting, published as such
        now.set(Snapshot.of(record(4, 1.25, 0.61, Double.NaN), 4, 4, 1));
        p.publish();
        assertThat(ProgressFile.read(fs, file))
                .isEqualTo(new Snapshot(4, 1.25, 0.61, Double.NaN, 4, 4, 1));
        long modified = fs.getFileStatus(file).getModificationTime();
        Files.setLastModifiedTime(
                java.nio.file.Path.of(file.toUri()),
                java.nio.file.attribute.FileTime.fromMillis(modified - 60_000));
        p.publish(); // the same snapshot: not rewritten
        assertThat(fs.getFileStatus(file).getModificationTime()).isEqualTo(modified - 60_000);
        now.set(Snapshot.of(record(5, 1.5, 0.6, 2.5e-3), 4, 4, 0));
        p.close(); // the last round, published on the way out
        assertThat(ProgressFile.read(fs, file)).isEqualTo(new Snapshot(5, 1.5, 0.6, 2.5e-3, 4, 4));
        assertThat(fs.exists(new Path(file.getParent(), ProgressFile.NAME + ".tmp"))).isFalse();
    }
}
