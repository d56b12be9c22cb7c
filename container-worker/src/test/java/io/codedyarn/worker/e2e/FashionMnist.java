package io.codedyarn.worker.e2e;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

/**
 * A minimal reader of the IDX files of Debian's {@code dataset-fashion-mnist} (test code only):
 * gzip, a big-endian magic 0x00000803 (unsigned bytes, 3 dimensions: images × rows × columns) or
 * 0x00000801 (unsigned bytes, 1 dimension: labels), big-endian 32-bit dimensions, then the bytes
 * row-major. {@code .ci/run} installs the package when it is missing.
 */
final class FashionMnist {
    static final Path DIR = Path.of("/usr/share/datasets/fashion-mnist");
    static final Path TRAIN_IMAGES = DIR.resolve("train-images-idx3-ubyte.gz");
    static final Path TRAIN_LABELS = DIR.resolve("train-labels-idx1-ubyte.gz");

    private static final int IMAGES_MAGIC = 0x803;
    private static final int LABELS_MAGIC = 0x801;

    /** Images as bytes: {@code pixels[i * cols + j]} (unsigned) for image i, pixel j. */
    record Images(int count, int cols, byte[] pixels) {
        int pixel(int i, int j) {
            return pixels[i * cols + j] & 0xff;
        }
    }

    private FashionMnist() {}

    static Images images(Path file) throws IOException {
        try (DataInputStream in = open(file)) {
            int magic = in.readInt();
            if (magic != IMAGES_MAGIC) {
                throw new IOException(file + ": magic " + Integer.toHexString(magic) + " != 803");
            }
            int count = in.readInt(), rows = in.readInt(), cols = in.readInt();
            byte[] pixels = new byte[Math.multiplyExact(count, rows * cols)];
            in.readFully(pixels);
            return new Images(count, rows * cols, pixels);
        }
    }

    /** Labels 0..9. */
    static int[] labels(Path file) throws IOException {
        try (DataInputStream in = open(file)) {
            int magic = in.readInt();
            if (magic != LABELS_MAGIC) {
                throw new IOException(file + ": magic " + Integer.toHexString(magic) + " != 801");
            }
            byte[] raw = new byte[in.readInt()];
            in.readFully(raw);
            int[] labels = new int[raw.length];
            for (int i = 0; i < raw.length; i++) {
                labels[i] = raw[i] & 0xff;
            }
            return labels;
        }
    }

    private static DataInputStream open(Path file) throws IOException {
        if (!Files.isReadable(file)) {
            throw new IOException(
                    file
                            + " is missing: install Debian's dataset-fashion-mnist (.ci/run does it"
                            + " when missing)");
        }
        InputStream raw = Files.newInputStream(file);
        return new DataInputStream(new GZIPInputStream(raw, 1 << 16));
    }
}
