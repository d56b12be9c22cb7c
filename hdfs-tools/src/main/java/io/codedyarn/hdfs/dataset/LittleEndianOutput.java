package io.codedyarn.hdfs.dataset;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.zip.CRC32C;

/**
 * Bulk little-endian writes through a reusable 1 MiB buffer, with a running CRC32C and byte count
 * of everything written.
 */
final class LittleEndianOutput {
    private static final int CHUNK = 1 << 20;

    private final ByteBuffer buf = ByteBuffer.allocate(CHUNK).order(ByteOrder.LITTLE_ENDIAN);
    private final CRC32C crc = new CRC32C();
    private OutputStream out;
    private long count;

    void reset(OutputStream target) {
        out = target;
        crc.reset();
        count = 0;
        buf.clear();
    }

    void writeBytes(byte[] b) throws IOException {
        flushIfLess(b.length);
        buf.put(b);
    }

    void writeDoubles(double[] a, int off, int len) throws IOException {
        while (len > 0) {
            flushIfLess(8);
            int n = Math.min(len, buf.remaining() / 8);
            buf.asDoubleBuffer().put(a, off, n);
            buf.position(buf.position() + 8 * n);
            off += n;
            len -= n;
        }
    }

    void writeInts(int[] a, int off, int len) throws IOException {
        while (len > 0) {
            flushIfLess(4);
            int n = Math.min(len, buf.remaining() / 4);
            buf.asIntBuffer().put(a, off, n);
            buf.position(buf.position() + 4 * n);
            off += n;
            len -= n;
        }
    }

    /** Flushes the buffer to the stream (does not close it). */
    void flush() throws IOException {
        if (buf.position() > 0) {
            crc.update(buf.array(), 0, buf.position());
            out.write(buf.array(), 0, buf.position());
            count += buf.position();
            buf.clear();
        }
    }

    long crc32c() {
        return crc.getValue();
    }

    long count() {
        return count;
    }

    private void flushIfLess(int need) throws IOException {
        if (buf.remaining() < need) {
            flush();
        }
    }
}
