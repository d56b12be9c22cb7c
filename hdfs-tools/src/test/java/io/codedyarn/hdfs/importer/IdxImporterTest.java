package io.codedyarn.hdfs.importer;

import static io.codedyarn.hdfs.importer.Support.failure;
import static io.codedyarn.hdfs.importer.Support.path;
import static io.codedyarn.hdfs.importer.Support.readAll;
import static io.codedyarn.hdfs.importer.Support.run;
import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.hdfs.dataset.Manifest;
import io.codedyarn.hdfs.dataset.RowBlock;
import io.codedyarn.hdfs.dataset.Storage;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.util.Arrays;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IdxImporterTest {
    @TempDir java.nio.file.Path tmp;

    /** An IDX file: magic, big-endian dims, then the bytes. */
    static byte[] idx(int magic, int[] dims, byte[] data) {
        ByteBuffer b = ByteBuffer.allocate(4 + 4 * dims.length + data.length);
        b.putInt(magic);
        for (int d : dims) {
            b.putInt(d);
        }
        b.put(data);
        return b.array();
    }

    /** 4 images of 2 x 3 pixels with values 0..255 and labels 9, 0, 9, 4. */
    private static final byte[] PIXELS = new byte[4 * 6];

    private static final byte[] LABELS = {9, 0, 9, 4};

    static {
        for (int i = 0; i < PIXELS.length; i++) {
            PIXELS[i] = (byte) (i * 11);
        }
        PIXELS[5] = (byte) 255;
    }

    private Path images(String name, byte[] content) throws IOException {
        return Support.bytes(tmp, name, content);
    }

    private IdxImporter idx(Path images, Path labels, ImportOptions o) throws IOException {
        return new IdxImporter(Support.fs(), images, o.withLabels(labels));
    }

    @Test
    void roundTripRawPixelsGzippedWithClassesFromTheLabels() throws IOException {
        Path img = images("img-idx3-ubyte.gz", idx(0x803, new int[] {4, 2, 3}, PIXELS));
        Path lab = images("lab-idx1-ubyte.gz", idx(0x801, new int[] {4}, LABELS));
        Manifest m = run(idx(img, lab, ImportOptions.defaults()), path(tmp, "out"));
        assertThat(m.rows()).isEqualTo(4);
        assertThat(m.cols()).isEqualTo(6);
        assertThat(m.storage()).isEqualTo(Storage.DENSE);
        assertThat(m.labels().classes()).containsExactly(0, 4, 9);
        RowBlock b = readAll(path(tmp, "out"));
        double[][] rows = Support.dense(b);
        for (int i = 0; i < PIXELS.length; i++) {
            assertThat(rows[i / 6][i % 6]).isEqualTo(PIXELS[i] & 0xFF);
        }
        assertThat(rows[0][5]).isEqualTo(255.0);
        assertThat(b.labels()).containsExactly(9, 0, 9, 4);
        // 2 x 3 images: pixel_<row>_<col>, row-major as the pixels are stored
        assertThat(m.spec().featureNames())
                .containsExactly(
                        "pixel_0_0",
                        "pixel_0_1",
                        "pixel_0_2",
                        "pixel_1_0",
                        "pixel_1_1",
                        "pixel_1_2");
    }

    @Test
    void scaledPixelsPlainFilesPositiveLabelsAndSparse() throws IOException {
        Path img = images("img", idx(0x803, new int[] {4, 2, 3}, PIXELS));
        Path lab = images("lab", idx(0x801, new int[] {4}, LABELS));
        ImportOptions o =
                ImportOptions.defaults()
                        .withScale(true)
                        .withPositiveLabels(9)
                        .withStorage(Storage.CSR);
        Manifest m = run(idx(img, lab, o), path(tmp, "out"));
        assertThat(m.storage()).isEqualTo(Storage.CSR);
        RowBlock b = readAll(path(tmp, "out"));
        double[][] rows = Support.dense(b);
        for (int i = 0; i < PIXELS.length; i++) {
            assertThat(rows[i / 6][i % 6]).isEqualTo((PIXELS[i] & 0xFF) * (1.0 / 255));
        }
        assertThat(rows[0][5]).isEqualTo(1.0);
        assertThat(b.labels()).containsExactly(1, -1, 1, -1);
    }

    @Test
    void withoutLabelsFile() throws IOException {
        Path img = images("img", idx(0x803, new int[] {4, 2, 3}, PIXELS));
        run(idx(img, null, ImportOptions.defaults()), path(tmp, "out"));
        assertThat(readAll(path(tmp, "out")).labels()).isNull();
    }

    @Test
    void badImageMagic() throws IOException {
        Path img = images("img", idx(0x801, new int[] {4}, PIXELS));
        assertThat(failure(idx(img, null, ImportOptions.defaults()), tmp.resolve("o")))
                .isEqualTo(
                        img
                                + ": bad IDX magic 0x00000801: expected 0x00000803 for an"
                                + " idx3-ubyte image file (1 dimensions)");
        Path f = images("float", idx(0x00000D03, new int[] {1, 1, 1}, new byte[4]));
        assertThat(failure(idx(f, null, ImportOptions.defaults()), tmp.resolve("o")))
                .endsWith("(data type 0x0D is not unsigned byte)");
    }

    @Test
    void badLabelMagic() throws IOException {
        Path img = images("img", idx(0x803, new int[] {4, 2, 3}, PIXELS));
        Path lab = images("lab", idx(0x803, new int[] {4, 1, 1}, LABELS));
        assertThat(failure(idx(img, lab, ImportOptions.defaults()), tmp.resolve("o")))
                .startsWith(lab + ": bad IDX magic 0x00000803: expected 0x00000801");
    }

    @Test
    void labelCountDifferentFromImageCount() throws IOException {
        Path img = images("img", idx(0x803, new int[] {4, 2, 3}, PIXELS));
        Path lab = images("lab", idx(0x801, new int[] {3}, Arrays.copyOf(LABELS, 3)));
        assertThat(failure(idx(img, lab, ImportOptions.defaults()), tmp.resolve("o")))
                .isEqualTo(lab + ": dimension mismatch: 3 labels for 4 images in " + img);
    }

    @Test
    void imagesShorterOrLongerThanTheirDimensions() throws IOException {
        Path shortImg = images("short", idx(0x803, new int[] {5, 2, 3}, PIXELS));
        assertThat(failure(idx(shortImg, null, ImportOptions.defaults()), tmp.resolve("o")))
                .isEqualTo(
                        shortImg
                                + ": truncated: the header promises 5 images but the data ends"
                                + " in image 5");
        Path longImg = images("long", idx(0x803, new int[] {3, 2, 3}, PIXELS));
        assertThat(failure(idx(longImg, null, ImportOptions.defaults()), tmp.resolve("o")))
                .isEqualTo(
                        longImg + ": trailing bytes after 3 images of 2 x 3 (dimension mismatch)");
        Path hdr = images("hdr", new byte[] {0, 0, 8, 3, 0, 0});
        assertThat(failure(idx(hdr, null, ImportOptions.defaults()), tmp.resolve("o")))
                .isEqualTo(hdr + ": truncated: shorter than its IDX header");
    }

    @Test
    void truncatedGzipAndUndeclaredLabel() throws IOException {
        byte[] gz = Support.gzip(idx(0x803, new int[] {4, 2, 3}, PIXELS));
        Files.write(tmp.resolve("cut.gz"), Arrays.copyOf(gz, gz.length - 6));
        Path cut = path(tmp, "cut.gz");
        assertThat(failure(idx(cut, null, ImportOptions.defaults()), tmp.resolve("o")))
                .isEqualTo(
                        cut
                                + ": truncated gzip stream: the file ends before the compressed"
                                + " data does");
        Path img = images("img", idx(0x803, new int[] {4, 2, 3}, PIXELS));
        Path lab = images("lab", idx(0x801, new int[] {4}, LABELS));
        assertThat(
                        failure(
                                idx(img, lab, ImportOptions.defaults().withClasses(0, 9)),
                                tmp.resolve("o")))
                .isEqualTo(lab + ": item 4: label 4 is not one of the declared classes {0, 9}");
    }
}
