package io.codedyarn.hdfs.dataset;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The row-block file layout (version 1, little-endian; {@code docs/formats.md}):
 *
 * <pre>
 * offset  size  field
 *   0      4    magic "CYDB"
 *   4      2    version u16 = 1
 *   6      1    storage u8: 0 dense, 1 csr
 *   7      1    flags u8: bit0 hasLabels, bit1 valuesAllOne (csr only); other bits 0
 *   8      8    rows i64
 *  16      8    cols i64
 *  24      8    nnz i64 (csr: stored entries; dense: entries ≠ 0)
 *  32           labels float64[rows]            if hasLabels
 *               dense: values float64[rows·cols] row-major
 *               csr:   rowPtr i32[rows+1] (rowPtr[0] = 0, rowPtr[rows] = nnz)
 *                      colIdx i32[nnz] (strictly increasing within a row)
 *                      values float64[nnz]      unless valuesAllOne
 * </pre>
 *
 * <p>The sections are contiguous so a worker loads a row range with one seek and one bulk read per
 * section.
 */
public final class BlockFormat {
    /** "CYDB" as the 4 bytes of the file's start. */
    public static final byte[] MAGIC = {'C', 'Y', 'D', 'B'};

    /** The block version this code writes and the only one it reads. */
    public static final int VERSION = 1;

    public static final int HEADER_BYTES = 32;
    public static final int FLAG_LABELS = 1;
    public static final int FLAG_VALUES_ALL_ONE = 2;

    private BlockFormat() {}

    /**
     * A decoded block header.
     *
     * @param storage dense or CSR
     * @param hasLabels whether a labels section follows the header
     * @param valuesAllOne CSR whose values are all 1.0 and are not stored
     */
    public record Header(
            Storage storage,
            boolean hasLabels,
            boolean valuesAllOne,
            long rows,
            long cols,
            long nnz) {

        /** Offset of the labels section (only meaningful when hasLabels). */
        public long labelsOffset() {
            return HEADER_BYTES;
        }

        /** Offset of the dense values or of the CSR rowPtr section. */
        public long dataOffset() {
            return HEADER_BYTES + (hasLabels ? 8 * rows : 0);
        }

        /** CSR: offset of colIdx. */
        public long colIdxOffset() {
            return dataOffset() + 4 * (rows + 1);
        }

        /** CSR: offset of values. */
        public long csrValuesOffset() {
            return colIdxOffset() + 4 * nnz;
        }

        /** The exact file length this header implies. */
        public long fileLength() {
            if (storage == Storage.DENSE) {
                return dataOffset() + 8 * rows * cols;
            }
            return csrValuesOffset() + (valuesAllOne ? 0 : 8 * nnz);
        }

        /** The 32 header bytes. */
        public byte[] encode() {
            ByteBuffer b = ByteBuffer.allocate(HEADER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
            b.put(MAGIC);
            b.putShort((short) VERSION);
            b.put((byte) storage.code());
            b.put(
                    (byte)
                            ((hasLabels ? FLAG_LABELS : 0)
                                    | (valuesAllOne ? FLAG_VALUES_ALL_ONE : 0)));
            b.putLong(rows);
            b.putLong(cols);
            b.putLong(nnz);
            return b.array();
        }
    }

    /**
     * Decodes and sanity-checks a header.
     *
     * @param file the file name to put in error messages
     * @param bytes at least {@link #HEADER_BYTES} bytes from the file's start
     */
    public static Header decode(String file, byte[] bytes, int length)
            throws DatasetFormatException {
        if (length < HEADER_BYTES) {
            throw new DatasetFormatException(
                    file,
                    "file too short for a block header ("
                            + length
                            + " bytes, need "
                            + HEADER_BYTES
                            + ")");
        }
        for (int i = 0; i < 4; i++) {
            if (bytes[i] != MAGIC[i]) {
                throw new DatasetFormatException(
                        file,
                        "not a coded-yarn block file (magic "
                                + hex(bytes, 4)
                                + ", expected 43594442 \"CYDB\")");
            }
        }
        ByteBuffer b = ByteBuffer.wrap(bytes, 0, HEADER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        b.position(4);
        int version = Short.toUnsignedInt(b.getShort());
        if (version != VERSION) {
            throw new DatasetFormatException(
                    file,
                    "block format version "
                            + version
                            + " is not supported (this reader understands "
                            + VERSION
                            + ")");
        }
        int code = Byte.toUnsignedInt(b.get());
        Storage storage = Storage.fromCode(code);
        if (storage == null) {
            throw new DatasetFormatException(file, "unknown storage code " + code + " at offset 6");
        }
        int flags = Byte.toUnsignedInt(b.get());
        if ((flags & ~(FLAG_LABELS | FLAG_VALUES_ALL_ONE)) != 0
                || (storage == Storage.DENSE && (flags & FLAG_VALUES_ALL_ONE) != 0)) {
            throw new DatasetFormatException(file, "unknown flags " + flags + " at offset 7");
        }
        long rows = b.getLong();
        long cols = b.getLong();
        long nnz = b.getLong();
        if (rows < 0 || cols < 1 || cols > Integer.MAX_VALUE || nnz < 0) {
            throw new DatasetFormatException(
                    file,
                    "header has invalid shape rows=" + rows + " cols=" + cols + " nnz=" + nnz);
        }
        if (storage == Storage.CSR && nnz > Integer.MAX_VALUE) {
            throw new DatasetFormatException(file, "CSR block nnz " + nnz + " exceeds 2^31-1");
        }
        if (storage == Storage.DENSE) {
            long cells;
            try {
                cells = Math.multiplyExact(rows, cols);
                Math.multiplyExact(cells, 8L);
            } catch (ArithmeticException e) {
                throw new DatasetFormatException(
                        file, "header shape rows=" + rows + " cols=" + cols + " overflows");
            }
            if (nnz > cells) {
                throw new DatasetFormatException(
                        file, "dense nnz " + nnz + " exceeds rows·cols " + cells);
            }
        }
        return new Header(
                storage,
                (flags & FLAG_LABELS) != 0,
                (flags & FLAG_VALUES_ALL_ONE) != 0,
                rows,
                cols,
                nnz);
    }

    private static String hex(byte[] b, int n) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < n; i++) {
            s.append(String.format("%02x", b[i] & 0xff));
        }
        return s.toString();
    }
}
