package io.codedyarn.compute.e2e;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;

/**
 * A minimal reader of Fashion-MNIST's IDX files (test code only), the committed subset under {@code
 * testdata/fashion-mnist} (located by the system property {@code codedyarn.testdata}, which the
 * parent pom sets) or Debian's {@code dataset-fashion-mnist} (system profile): gzip, a big-endian
 * magic 0x00000803 (unsigned bytes, 3 dimensions: images × rows × columns) or 0x00000801 (unsigned
 * bytes, 1 dimension: labels), big-endian 32-bit dimensions, then the bytes row-major. {@code
 * .ci/run} installs the package when it is missing.
 */
final class FashionMnist {

    private static final int IMAGES_MAGIC = 0x803;
    private static final int LABELS_MAGIC = 0x801;

    /** Images as bytes: {@code pixels[i * cols + j]} (unsigned) for image i, pixel j. */
    record Images(int count, int cols, byte[] pixels) {
        int pixel(int i, int j) {
            return pixels[i * cols + j] & 0xff;
        }
    }

    private FashionMnist() {}

    /** A file of the committed subset. */
    static Path testdata(String name) {
        String dir = System.getProperty("codedyarn.testdata");
        if (dir == null) {
            throw new IllegalStateException(
                    "system property codedyarn.testdata is not set (the parent pom sets it to"
                            + " <checkout>/testdata for surefire and failsafe)");
        }
        return Path.of(dir, "fashion-mnist", name);
    }

    /**
     * The subset's reference.txt (scikit-learn's weights and numpy's counts): the words of each
     * line keyed by its first word, and by "lr λ" for the weight lines.
     */
    static Map<String, List<String>> reference() throws IOException {
        Map<String, List<String>> lines = new HashMap<>();
        for (String line : Files.readAllLines(testdata("reference.txt"), StandardCharsets.UTF_8)) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            List<String> w = List.of(line.trim().split(" "));
            String key = w.get(0).equals("lr") ? "lr " + w.get(1) : w.get(0);
            lines.put(key, w.subList(w.get(0).equals("lr") ? 2 : 1, w.size()));
        }
        return lines;
    }

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
                            + " is missing: the committed subset is under testdata/, the full set"
                            + " is Debian's dataset-fashion-mnist (.ci/run installs it)");
        }
        InputStream raw = Files.newInputStream(file);
        return new DataInputStream(new GZIPInputStream(raw, 1 << 16));
    }
}
