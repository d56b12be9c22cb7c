package io.codedyarn.am.output;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codedyarn.coordinator.checkpoint.Checkpoint;
import io.codedyarn.coordinator.checkpoint.CheckpointFile;
import io.codedyarn.coordinator.checkpoint.InvalidCheckpointException;
import java.nio.file.Files;
import java.util.Arrays;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The file-system checkpoint store on the local file system (the same code runs on HDFS in the AM):
 * one whole checkpoint after each write, no temporary file left, a damaged latest one skipped for
 * the one before, and {@code --resume}'s lookup naming the file it wanted.
 */
class CheckpointStoreTest {
    @TempDir java.nio.file.Path tmp;

    private static Checkpoint at(long iteration) {
        return new Checkpoint(
                "",
                new Checkpoint.Identity("cyclic", "lr", "gd", 1, 4, 4, 100, 3, 4, ""),
                iteration,
                iteration * 1_000_000L,
                iteration,
                CheckpointFile.json().createObjectNode().put("k", iteration));
    }

    private FileSystem fs() throws Exception {
        return FileSystem.getLocal(new Configuration()).getRawFileSystem();
    }

    @Test
    void keepsOnlyTheLatestWholeCheckpoint() throws Exception {
        FileSystem fs = fs();
        Path dir = new Path(tmp.resolve("ckpts").toUri());
        CheckpointStore store = new CheckpointStore(fs, dir);
        assertThat(store.latest()).isNull();
        for (long k : new long[] {50, 100, 150}) {
            store.write(at(k));
        }
        try (var names = Files.list(tmp.resolve("ckpts"))) {
            assertThat(names.map(p -> p.getFileName().toString()))
                    .containsExactly("checkpoint-0000000150.ckpt");
        }
        assertThat(store.latest().iteration()).isEqualTo(150);
        assertThat(CheckpointFile.decode("x", store.lastBytes()).iteration()).isEqualTo(150);
    }

    @Test
    void aDamagedLatestCheckpointFallsBackToTheOneBefore() throws Exception {
        FileSystem fs = fs();
        java.nio.file.Path d = Files.createDirectories(tmp.resolve("ckpts"));
        Files.write(d.resolve("checkpoint-0000000050.ckpt"), CheckpointFile.encode(at(50)));
        byte[] bad = CheckpointFile.encode(at(100));
        Files.write(d.resolve("checkpoint-0000000100.ckpt"), Arrays.copyOf(bad, bad.length - 3));
        assertThat(new CheckpointStore(fs, new Path(d.toUri())).latest().iteration()).isEqualTo(50);
    }

    @Test
    void resumeLooksInTheRunThenBesideItAndNamesTheFile() throws Exception {
        FileSystem fs = fs();
        Path run = new Path(tmp.resolve("run").toUri());
        assertThatThrownBy(() -> CheckpointStore.forResume(fs, run))
                .isInstanceOf(InvalidCheckpointException.class)
                .hasMessageContaining("run/checkpoint.ckpt: file: --resume: no checkpoint there");
        new CheckpointStore(fs, CheckpointStore.beside(run)).write(at(70));
        assertThat(CheckpointStore.forResume(fs, run).iteration()).isEqualTo(70);
        fs.mkdirs(run);
        Files.write(tmp.resolve("run/checkpoint.ckpt"), CheckpointFile.encode(at(90)));
        Checkpoint c = CheckpointStore.forResume(fs, run);
        assertThat(c.iteration()).isEqualTo(90);
        assertThat(c.source()).endsWith("run/checkpoint.ckpt");
    }
}
