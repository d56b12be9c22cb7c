package io.codedyarn.repro;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

/**
 * The first images of an IDX images file (MNIST / Fashion-MNIST, gzip or not), in memory: magic
 * 0x00000803 (unsigned bytes, 3 dimensions), big-endian u32 count, rows, cols, then the pixels
 * row-major. hdfs-tools' {@code IdxImporter} writes whole files to a dataset; the reproductions
 * need only a byte array of the first few thousand images, without Hadoop.
 */
final class IdxImages {
    static final int IMAGES_MAGIC = 0x00000803;

    /** Pixels of images 0..count−1, {@code pixels[i·cols + j]} (unsigned), and the image size. */
    record Images(int count, int cols, byte[] pixels) {}

    private IdxImages() {}

    /**
     * @throws IOException naming the file: missing, wrong magic, fewer than {@code count} images
     */
    static Images read(Path file, int count) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new NoSuchFileException(file.toString(), null, "no IDX images file here");
        }
        try (DataInputStream in = new DataInputStream(open(file))) {
            int magic = in.readInt();
            if (magic != IMAGES_MAGIC) {
                throw new IOException(
                        file + ": IDX magic 0x" + Integer.toHexString(magic) + ", expected 0x803");
            }
            int n = in.readInt();
            int cols = Math.multiplyExact(in.readInt(), in.readInt());
            if (n < count) {
                throw new IOException(file + ": holds " + n + " images, " + count + " needed");
            }
            byte[] pixels = new byte[Math.multiplyExact(count, cols)];
            try {
                in.readFully(pixels);
            } catch (EOFException e) {
                throw new IOException(file + ": truncated before image " + count, e);
            }
            return new Images(count, cols, pixels);
        }
    }

    private static InputStream open(Path file) throws IOException {
        InputStream raw = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
        raw.mark(2);
        int b0 = raw.read(), b1 = raw.read();
        raw.reset();
        return b0 == 0x1f && b1 == 0x8b ? new GZIPInputStream(raw, 1 << 16) : raw;
    }
}
