package io.codedyarn.hdfs.dataset;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Bulk little-endian reads: {@code readFully} into a reusable scratch array, then one {@code
 * DoubleBuffer}/{@code IntBuffer} bulk get per chunk (close to a memcpy on little-endian CPUs).
 */
final class LittleEndianInput {
    private static final int CHUNK = 1 << 20;

    private final byte[] scratch = new byte[CHUNK];

    void readDoubles(InputStream in, double[] dst, int off, int len) throws IOException {
        while (len > 0) {
            int n = Math.min(len, CHUNK / 8);
            readFully(in, scratch, 8 * n);
            ByteBuffer.wrap(scratch, 0, 8 * n)
                    .order(ByteOrder.LITTLE_ENDIAN)
                    .asDoubleBuffer()
                    .get(dst, off, n);
            off += n;
            len -= n;
        }
    }

    void readInts(InputStream in, int[] dst, int off, int len) throws IOException {
        while (len > 0) {
            int n = Math.min(len, CHUNK / 4);
            readFully(in, scratch, 4 * n);
            ByteBuffer.wrap(scratch, 0, 4 * n)
                    .order(ByteOrder.LITTLE_ENDIAN)
                    .asIntBuffer()
                    .get(dst, off, n);
            off += n;
            len -= n;
        }
    }

    static void readFully(InputStream in, byte[] b, int len) throws IOException {
        int done = 0;
        while (done < len) {
            int r = in.read(b, done, len - done);
            if (r < 0) {
                throw new EOFException("end of file after " + done + " of " + len + " bytes");
            }
            done += r;
        }
    }
}
