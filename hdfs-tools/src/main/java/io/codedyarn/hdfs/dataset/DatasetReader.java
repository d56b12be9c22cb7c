package io.codedyarn.hdfs.dataset;

import java.io.EOFException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Reads a dataset directory: validates {@code manifest.json} on open, then loads any row range into
 * one {@link DenseBlock} or {@link CsrBlock} with one seek and one bulk read per block section
 * ({@code readFully} into a scratch array, then a little-endian {@code DoubleBuffer} bulk get).
 * Each block's header is checked against the manifest; checksums are not (run {@link
 * DatasetVerifier} once after writing or copying).
 *
 * <p>Not thread-safe (one scratch buffer per reader); open one reader per thread.
 */
public final class DatasetReader {
    private final FileSystem fs;
    private final Path dir;
    private final Manifest manifest;
    private final LittleEndianInput le = new LittleEndianInput();

    private DatasetReader(FileSystem fs, Path dir, Manifest manifest) {
        this.fs = fs;
        this.dir = dir;
        this.manifest = manifest;
    }

    /** Opens and validates the manifest of the dataset at {@code dir}. */
    public static DatasetReader open(FileSystem fs, Path dir) throws IOException {
        return new DatasetReader(fs, dir, readManifest(fs, dir));
    }

    /** Reads and validates {@code dir/manifest.json}. */
    public static Manifest readManifest(FileSystem fs, Path dir) throws IOException {
        Path file = new Path(dir, Manifest.FILE_NAME);
        byte[] bytes;
        try (FSDataInputStream in = fs.open(file)) {
            long len = fs.getFileStatus(file).getLen();
            if (len > 256L << 20) {
                throw new DatasetFormatException(file.toString(), "manifest larger than 256 MiB");
            }
            bytes = new byte[(int) len];
            in.readFully(0, bytes);
        } catch (FileNotFoundException e) {
            throw new DatasetFormatException(
                    file.toString(), "missing: " + dir + " is not a dataset directory", e);
        }
        return ManifestJson.parse(bytes, file.toString());
    }

    public Manifest manifest() {
        return manifest;
    }

    public FileSystem fileSystem() {
        return fs;
    }

    public Path dir() {
        return dir;
    }

    /** The path of block {@code index}. */
    public Path blockPath(int index) {
        return new Path(dir, manifest.blocks().get(index).file());
    }

    /** Partition k (1-based) of K, per {@link Partitioning#rows}. */
    public RowBlock readPartition(long partitions, long k) throws IOException {
        RowInterval r = Partitioning.rows(manifest.rows(), partitions, k);
        return readRows(r.first(), r.count());
    }

    /** All rows of block {@code index}. */
    public RowBlock readBlock(int index) throws IOException {
        BlockInfo b = manifest.blocks().get(index);
        return readRows(b.firstRow(), b.rows());
    }

    /**
     * Rows [firstRow, firstRow + count) (1-based) as one block, spanning block files as needed. The
     * result's arrays must fit Java arrays (rows·cols resp. nnz below 2^31).
     */
    public RowBlock readRows(long firstRow, long count) throws IOException {
        if (count < 0 || firstRow < 1 || firstRow + count - 1 > manifest.rows()) {
            throw new IllegalArgumentException(
                    "rows ["
                            + firstRow
                            + ", "
                            + (firstRow + count - 1)
                            + "] outside 1.."
                            + manifest.rows());
        }
        if (count > BlockBuffer.MAX_ARRAY - 1) {
            throw new IllegalArgumentException("too many rows for one in-memory block: " + count);
        }
        List<Part> parts = new ArrayList<>();
        try {
            if (count > 0) {
                int bi = manifest.blockOfRow(firstRow);
                long row = firstRow;
                long end = firstRow + count;
                while (row < end) {
                    BlockInfo b = manifest.blocks().get(bi);
                    long lo = row - b.firstRow();
                    int n = (int) Math.min(end - row, b.rows() - lo);
                    parts.add(openPart(bi, lo, n));
                    row += n;
                    bi++;
                }
            }
            return manifest.storage() == Storage.DENSE
                    ? readDense(parts, firstRow, (int) count)
                    : readCsr(parts, firstRow, (int) count);
        } finally {
            for (Part p : parts) {
                p.in.close();
            }
        }
    }

    /** Consumes a sequential pass over all rows. */
    @FunctionalInterface
    public interface ChunkConsumer {
        void accept(RowBlock chunk) throws IOException;
    }

    /**
     * Streams every row in order as chunks of at most {@code maxRows} rows, never spanning two
     * block files: memory O(chunk).
     */
    public void forEachChunk(int maxRows, ChunkConsumer consumer) throws IOException {
        for (BlockInfo b : manifest.blocks()) {
            for (long r = b.firstRow(); r <= b.lastRow(); r += maxRows) {
                consumer.accept(readRows(r, Math.min(maxRows, b.lastRow() - r + 1)));
            }
        }
    }

    /** The labels of block {@code index}, or null without labels (reads only that section). */
    public double[] readLabels(int index) throws IOException {
        if (!manifest.labels().present()) {
            return null;
        }
        Part p = openPart(index, 0, (int) manifest.blocks().get(index).rows());
        try (FSDataInputStream in = p.in) {
            double[] labels = new double[p.n];
            in.seek(p.header.labelsOffset());
            readSection(p, () -> le.readDoubles(in, labels, 0, p.n));
            return labels;
        }
    }

    /**
     * Reads and checks the header of block {@code index} against the manifest.
     *
     * @throws DatasetFormatException naming the file on any disagreement
     */
    public BlockFormat.Header readHeader(int index) throws IOException {
        try (FSDataInputStream in = fs.open(blockPath(index))) {
            return checkedHeader(index, in);
        }
    }

    private BlockFormat.Header checkedHeader(int index, InputStream in) throws IOException {
        BlockInfo b = manifest.blocks().get(index);
        String name = blockPath(index).toString();
        byte[] h = new byte[BlockFormat.HEADER_BYTES];
        int got = 0;
        while (got < h.length) {
            int r = in.read(h, got, h.length - got);
            if (r < 0) {
                break;
            }
            got += r;
        }
        BlockFormat.Header header = BlockFormat.decode(name, h, got);
        String mismatch = null;
        if (header.storage() != manifest.storage()) {
            mismatch = "storage " + header.storage() + " (manifest: " + manifest.storage() + ")";
        } else if (header.hasLabels() != manifest.labels().present()) {
            mismatch = "hasLabels " + header.hasLabels();
        } else if (header.rows() != b.rows()) {
            mismatch = "rows " + header.rows() + " (manifest: " + b.rows() + ")";
        } else if (header.cols() != manifest.cols()) {
            mismatch = "cols " + header.cols() + " (manifest: " + manifest.cols() + ")";
        } else if (header.nnz() != b.nnz()) {
            mismatch = "nnz " + header.nnz() + " (manifest: " + b.nnz() + ")";
        } else if (header.fileLength() != b.bytes()) {
            mismatch = "implied length " + header.fileLength() + " (manifest: " + b.bytes() + ")";
        }
        if (mismatch != null) {
            throw new DatasetFormatException(name, "header disagrees with manifest: " + mismatch);
        }
        return header;
    }

    private record Part(
            int block, BlockFormat.Header header, FSDataInputStream in, long lo, int n) {}

    private Part openPart(int index, long lo, int n) throws IOException {
        FSDataInputStream in = fs.open(blockPath(index));
        try {
            return new Part(index, checkedHeader(index, in), in, lo, n);
        } catch (IOException | RuntimeException e) {
            in.close();
            throw e;
        }
    }

    private interface Section {
        void read() throws IOException;
    }

    private void readSection(Part p, Section s) throws IOException {
        try {
            s.read();
        } catch (EOFException e) {
            throw new DatasetFormatException(
                    blockPath(p.block).toString(), "truncated (" + e.getMessage() + ")", e);
        }
    }

    private DenseBlock readDense(List<Part> parts, long firstRow, int count) throws IOException {
        int cols = manifest.cols();
        if ((long) count * cols > BlockBuffer.MAX_ARRAY) {
            throw new IllegalArgumentException(
                    count + " dense rows × " + cols + " cols exceed one Java array");
        }
        double[] values = new double[count * cols];
        double[] labels = manifest.labels().present() ? new double[count] : null;
        int at = 0;
        for (Part p : parts) {
            final int dst = at;
            if (labels != null) {
                p.in.seek(p.header.labelsOffset() + 8 * p.lo);
                readSection(p, () -> le.readDoubles(p.in, labels, dst, p.n));
            }
            p.in.seek(p.header.dataOffset() + 8L * cols * p.lo);
            readSection(p, () -> le.readDoubles(p.in, values, dst * cols, p.n * cols));
            at += p.n;
        }
        return new DenseBlock(firstRow, count, cols, values, labels);
    }

    private CsrBlock readCsr(List<Part> parts, long firstRow, int count) throws IOException {
        int[] rowPtr = new int[count + 1];
        double[] labels = manifest.labels().present() ? new double[count] : null;
        long[] nnzFrom = new long[parts.size()];
        long total = 0;
        int at = 0;
        int[] slice = new int[0];
        for (int i = 0; i < parts.size(); i++) {
            Part p = parts.get(i);
            final int dst = at;
            if (labels != null) {
                p.in.seek(p.header.labelsOffset() + 8 * p.lo);
                readSection(p, () -> le.readDoubles(p.in, labels, dst, p.n));
            }
            if (slice.length < p.n + 1) {
                slice = new int[p.n + 1];
            }
            final int[] s = slice;
            p.in.seek(p.header.dataOffset() + 4 * p.lo);
            readSection(p, () -> le.readInts(p.in, s, 0, p.n + 1));
            for (int r = 0; r <= p.n; r++) {
                if (s[r] < 0 || s[r] > p.header.nnz() || (r > 0 && s[r] < s[r - 1])) {
                    throw new DatasetFormatException(
                            blockPath(p.block).toString(),
                            "rowPtr not monotone within 0..nnz at row "
                                    + (manifest.blocks().get(p.block).firstRow() + p.lo + r));
                }
            }
            nnzFrom[i] = s[0];
            for (int r = 1; r <= p.n; r++) {
                rowPtr[at + r] = (int) Math.min(Integer.MAX_VALUE, total + s[r] - s[0]);
            }
            total += s[p.n] - s[0];
            at += p.n;
        }
        if (total > BlockBuffer.MAX_ARRAY) {
            throw new IllegalArgumentException(total + " non-zeros exceed one Java array");
        }
        int[] colIdx = new int[(int) total];
        double[] values = new double[(int) total];
        for (int i = 0; i < parts.size(); i++) {
            Part p = parts.get(i);
            int from = rowPtr[rowsBefore(parts, i)];
            int len = rowPtr[rowsBefore(parts, i) + p.n] - from;
            p.in.seek(p.header.colIdxOffset() + 4 * nnzFrom[i]);
            readSection(p, () -> le.readInts(p.in, colIdx, from, len));
            if (p.header.valuesAllOne()) {
                Arrays.fill(values, from, from + len, 1.0);
            } else {
                p.in.seek(p.header.csrValuesOffset() + 8 * nnzFrom[i]);
                readSection(p, () -> le.readDoubles(p.in, values, from, len));
            }
        }
        return new CsrBlock(firstRow, count, manifest.cols(), rowPtr, colIdx, values, labels);
    }

    private static int rowsBefore(List<Part> parts, int i) {
        int s = 0;
        for (int j = 0; j < i; j++) {
            s += parts.get(j).n;
        }
        return s;
    }
}
