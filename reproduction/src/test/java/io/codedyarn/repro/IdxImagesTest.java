package io.codedyarn.repro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codedyarn.placement.InvalidParametersException;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The in-memory IDX reader on the committed subset and on broken files. */
class IdxImagesTest {
    @TempDir Path dir;

    @Test
    void readsTheCommittedSubset() throws IOException {
        Path f =
                Path.of(
                        System.getProperty("codedyarn.testdata"),
                        "fashion-mnist",
                        LagcFashion.SUBSET);
        IdxImages.Images im = IdxImages.read(f, 2000);
        assertThat(im.cols()).isEqualTo(784);
        long sum = 0;
        for (byte b : im.pixels()) {
            sum += b & 0xff;
        }
        assertThat(sum).isEqualTo(113_529_887L); // reference.txt: pixel_sum (numpy)
        assertThatThrownBy(() -> IdxImages.read(f, 2001))
                .hasMessageContaining(f.toString())
                .hasMessageContaining("holds 2000 images, 2001 needed");
    }

    @Test
    void rejectsAWrongMagicAndATruncatedFileNamingTheFile() throws IOException {
        Path labels = dir.resolve("labels");
        write(labels, 0x801, 3, 1, 1, 3);
        assertThatThrownBy(() -> IdxImages.read(labels, 1))
                .hasMessageContaining(labels.toString())
                .hasMessageContaining("magic 0x801");
        Path shortFile = dir.resolve("short");
        write(shortFile, 0x803, 3, 2, 2, 5);
        assertThatThrownBy(() -> IdxImages.read(shortFile, 3))
                .hasMessageContaining(shortFile.toString())
                .hasMessageContaining("truncated");
        assertThatThrownBy(() -> IdxImages.read(dir.resolve("none"), 1))
                .hasMessageContaining("none");
    }

    @Test
    void aMissingImagesFileIsABadParameterNamingIt() {
        String key = "codedyarn.fashion-mnist";
        String old = System.getProperty(key);
        System.setProperty(key, dir.resolve("none.gz").toString());
        try {
            assertThatThrownBy(() -> LagcFashion.full().run(1, 0.02))
                    .isInstanceOf(InvalidParametersException.class)
                    .hasMessageContaining("lagc-fashion-full")
                    .hasMessageContaining(dir.resolve("none.gz").toString());
        } finally {
            if (old == null) {
                System.clearProperty(key);
            } else {
                System.setProperty(key, old);
            }
        }
    }

    private static void write(Path f, int magic, int n, int rows, int cols, int bytes)
            throws IOException {
        try (DataOutputStream out = new DataOutputStream(Files.newOutputStream(f))) {
            out.writeInt(magic);
            out.writeInt(n);
            out.writeInt(rows);
            out.writeInt(cols);
            out.write(new byte[bytes]);
        }
    }
}
