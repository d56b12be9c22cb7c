package io.codedyarn.hdfs.importer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.codedyarn.hdfs.dataset.CsrBlock;
import io.codedyarn.hdfs.dataset.DatasetReader;
import io.codedyarn.hdfs.dataset.DatasetVerifier;
import io.codedyarn.hdfs.dataset.DenseBlock;
import io.codedyarn.hdfs.dataset.Manifest;
import io.codedyarn.hdfs.dataset.RowBlock;
import io.codedyarn.hdfs.dataset.WriterOptions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.zip.GZIPOutputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** Helpers for importer tests: inputs on the local FileSystem, outputs read back whole. */
final class Support {
    private Support() {}

    static FileSystem fs() throws IOException {
        return FileSystem.getLocal(new Configuration());
    }

    static Path path(java.nio.file.Path dir, String name) {
        return new Path(dir.toUri().toString(), name);
    }

    /** Writes {@code text} to {@code dir/name}, gzipped when the name ends in .gz. */
    static Path text(java.nio.file.Path dir, String name, String text) throws IOException {
        return bytes(dir, name, text.getBytes(StandardCharsets.UTF_8));
    }

    static Path bytes(java.nio.file.Path dir, String name, byte[] data) throws IOException {
        java.nio.file.Path f = dir.resolve(name);
        Files.createDirectories(f.getParent());
        try (OutputStream out = Files.newOutputStream(f)) {
            out.write(name.endsWith(".gz") ? gzip(data) : data);
        }
        return path(f.getParent(), f.getFileName().toString());
    }

    static byte[] gzip(byte[] data) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (GZIPOutputStream g = new GZIPOutputStream(b)) {
            g.write(data);
        }
        return b.toByteArray();
    }

    /** Imports with default writer options (small blocks, to cover several). */
    static Manifest run(Importer imp, Path target) throws IOException {
        return imp.importTo(fs(), target, WriterOptions.defaults().withMaxBlockRows(3));
    }

    /** All rows of a dataset as one block; also runs the verifier (must pass). */
    static RowBlock readAll(Path dir) throws IOException {
        assertThat(DatasetVerifier.verify(fs(), dir).toString())
                .as("verify " + dir)
                .startsWith("OK");
        DatasetReader r = DatasetReader.open(fs(), dir);
        return r.readRows(1, r.manifest().rows());
    }

    static double[][] dense(RowBlock b) {
        double[][] out = new double[b.rows()][];
        for (int r = 0; r < b.rows(); r++) {
            out[r] =
                    b instanceof DenseBlock d
                            ? java.util.Arrays.copyOfRange(
                                    d.values(), r * d.cols(), (r + 1) * d.cols())
                            : ((CsrBlock) b).denseRow(r);
        }
        return out;
    }

    /**
     * Runs a failing import into {@code out/ds}: returns the message of its {@link
     * BadInputException} and checks that {@code out} is left empty (no target, no temp dir).
     */
    static String failure(Importer imp, java.nio.file.Path out) throws IOException {
        Files.createDirectories(out);
        Throwable t = catchThrowable(() -> run(imp, path(out, "ds")));
        assertThat(t).isInstanceOf(BadInputException.class);
        try (var s = Files.list(out)) {
            assertThat(s).as("left behind in " + out).isEmpty();
        }
        assertThat(t.getMessage()).doesNotContain("\n");
        return t.getMessage();
    }
}
