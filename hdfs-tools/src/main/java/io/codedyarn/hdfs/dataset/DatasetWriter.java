package io.codedyarn.hdfs.dataset;

import io.codedyarn.hdfs.HiddenSibling;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Streams rows into a new dataset directory on any Hadoop {@link FileSystem}, never exposing a
 * half-written dataset.
 *
 * <p>Rows go into a hidden temporary sibling {@code .<name>._tmp-<hex>} of the target; every {@link
 * WriterOptions#targetBlockBytes()} bytes (or {@link WriterOptions#maxBlockRows()} rows) the
 * buffered block is written as {@code block-NNNNN.cyd}. {@link #commit()} writes {@code
 * manifest.json} and renames the temporary directory onto the target (a directory rename, atomic on
 * HDFS). {@link #abort()}, {@link #close()} without commit, and any I/O failure delete the
 * temporary directory. Memory is O(block), independent of the dataset's size.
 *
 * <pre>{@code
 * try (DatasetWriter w = DatasetWriter.create(fs, dir, DatasetSpec.dense(30, LabelSpec.binary()),
 *         WriterOptions.defaults())) {
 *     for (...) w.appendDense(row, label);
 *     Manifest m = w.commit();
 * }
 * }</pre>
 *
 * <p>Not thread-safe.
 */
public final class DatasetWriter implements AutoCloseable {
    private final FileSystem fs;
    private final Path target;
    private final Path tmp;
    private final DatasetSpec spec;
    private final WriterOptions options;
    private final BlockBuffer buffer;
    private final LittleEndianOutput le = new LittleEndianOutput();
    private final List<BlockInfo> blocks = new ArrayList<>();
    private long rowsWritten;
    private long bytesWritten;
    private boolean finished;

    private DatasetWriter(FileSystem fs, Path target, DatasetSpec spec, WriterOptions options) {
        this.fs = fs;
        this.target = target;
        this.spec = spec;
        this.options = options;
        this.tmp = HiddenSibling.of(target, HiddenSibling.TMP);
        this.buffer = new BlockBuffer(spec.storage(), spec.cols(), spec.labels().present());
    }

    /**
     * Starts a dataset at {@code target}. Fails at once with {@link FileAlreadyExistsException}
     * when the target exists and {@code options.overwrite()} is false.
     */
    public static DatasetWriter create(
            FileSystem fs, Path target, DatasetSpec spec, WriterOptions options)
            throws IOException {
        Path qualified = fs.makeQualified(target);
        if (qualified.getParent() == null) {
            throw new IllegalArgumentException("cannot write a dataset at the root " + target);
        }
        if (!options.overwrite() && fs.exists(qualified)) {
            throw new FileAlreadyExistsException(
                    qualified + " already exists (overwrite not requested)");
        }
        DatasetWriter w = new DatasetWriter(fs, qualified, spec, options);
        if (!fs.mkdirs(w.tmp)) {
            throw new IOException("cannot create temporary directory " + w.tmp);
        }
        return w;
    }

    /** Appends a dense row of a dataset without labels. */
    public void appendDense(double[] row) throws IOException {
        appendDense(row, Double.NaN, false);
    }

    /** Appends a dense row with its label. */
    public void appendDense(double[] row, double label) throws IOException {
        appendDense(row, label, true);
    }

    /**
     * Appends a sparse row without label: {@code idx[0..len)} strictly increasing 0-based columns,
     * {@code vals[0..len)} their values ({@code vals == null}: all 1.0, a binary row).
     */
    public void appendSparse(int[] idx, double[] vals, int len) throws IOException {
        appendSparse(idx, vals, len, Double.NaN, false);
    }

    /** Appends a sparse row with its label (see {@link #appendSparse(int[], double[], int)}). */
    public void appendSparse(int[] idx, double[] vals, int len, double label) throws IOException {
        appendSparse(idx, vals, len, label, true);
    }

    /**
     * Appends any {@link RowBlock} (a chunk from a {@link DatasetReader}) row by row; labels are
     * taken from the block when this dataset has labels.
     */
    public void appendAll(RowBlock block) throws IOException {
        double[] labels = block.labels();
        boolean withLabel = spec.labels().present();
        if (withLabel && labels == null) {
            throw new InvalidRowException(rowsWritten + 1, "source rows have no labels");
        }
        if (block instanceof DenseBlock d) {
            double[] row = new double[d.cols()];
            for (int r = 0; r < d.rows(); r++) {
                System.arraycopy(d.values(), r * d.cols(), row, 0, d.cols());
                appendDense(row, withLabel ? labels[r] : Double.NaN, withLabel);
            }
        } else if (block instanceof CsrBlock c) {
            int[] idx = new int[0];
            double[] vals = new double[0];
            for (int r = 0; r < c.rows(); r++) {
                int from = c.rowPtr()[r];
                int len = c.rowPtr()[r + 1] - from;
                if (idx.length < len) {
                    idx = new int[len];
                    vals = new double[len];
                }
                System.arraycopy(c.colIdx(), from, idx, 0, len);
                System.arraycopy(c.values(), from, vals, 0, len);
                appendSparse(idx, vals, len, withLabel ? labels[r] : Double.NaN, withLabel);
            }
        }
    }

    /** Ends the current block now (if it has rows), e.g. to align blocks with partitions. */
    public void endBlock() throws IOException {
        checkOpen();
        if (buffer.rows > 0) {
            flushBlock();
        }
    }

    /** Rows appended so far. */
    public long rowsWritten() {
        return rowsWritten;
    }

    /** Bytes of block files written so far (the current buffered block excluded). */
    public long bytesWritten() {
        return bytesWritten;
    }

    /** The temporary directory rows are written into until commit. */
    public Path tempDir() {
        return tmp;
    }

    /** The (qualified) directory the dataset appears at on commit. */
    public Path target() {
        return target;
    }

    /**
     * Writes the last block and the manifest and renames the temporary directory onto the target.
     * With overwrite, an existing target is first moved aside and deleted after the rename (and
     * moved back if the rename fails). On failure the temporary directory is deleted.
     */
    public Manifest commit() throws IOException {
        checkOpen();
        try {
            if (buffer.rows > 0) {
                flushBlock();
            }
            Manifest m = new Manifest(Manifest.FORMAT_VERSION, rowsWritten, spec, blocks);
            try (OutputStream out = fs.create(new Path(tmp, Manifest.FILE_NAME), false)) {
                out.write(ManifestJson.toJson(m).getBytes(StandardCharsets.UTF_8));
            }
            publish();
            finished = true;
            return m;
        } catch (IOException | RuntimeException e) {
            abortQuietly(e);
            throw e;
        }
    }

    /** Deletes the temporary directory; the target is untouched. Idempotent. */
    public void abort() throws IOException {
        if (!finished) {
            finished = true;
            if (fs.exists(tmp) && !fs.delete(tmp, true)) {
                throw new IOException("cannot delete temporary directory " + tmp);
            }
        }
    }

    /** {@link #abort()} unless committed. */
    @Override
    public void close() throws IOException {
        abort();
    }

    private void publish() throws IOException {
        if (fs.exists(target)) {
            if (!options.overwrite()) {
                throw new FileAlreadyExistsException(
                        target + " already exists (overwrite not requested)");
            }
            Path old = HiddenSibling.of(target, "_old");
            if (!fs.rename(target, old)) {
                throw new IOException("cannot move existing " + target + " aside to " + old);
            }
            if (!fs.rename(tmp, target)) {
                boolean restored = fs.rename(old, target);
                throw new IOException(
                        "cannot rename "
                                + tmp
                                + " to "
                                + target
                                + (restored
                                        ? "; previous dataset restored"
                                        : "; previous at " + old));
            }
            fs.delete(old, true);
        } else if (!fs.rename(tmp, target)) {
            throw new IOException("cannot rename " + tmp + " to " + target);
        }
    }

    private void appendDense(double[] row, double label, boolean withLabel) throws IOException {
        checkOpen();
        long rowNo = rowsWritten + 1;
        if (spec.storage() != Storage.DENSE) {
            throw new IllegalStateException("appendDense on a " + spec.storage() + " dataset");
        }
        checkLabel(rowNo, label, withLabel);
        if (row.length != spec.cols()) {
            throw new InvalidRowException(
                    rowNo, "has " + row.length + " values, expected " + spec.cols());
        }
        for (int c = 0; c < row.length; c++) {
            if (!Double.isFinite(row[c])) {
                throw new InvalidRowException(rowNo, "column " + c + " is " + row[c]);
            }
        }
        if (!buffer.fits(spec.cols())) {
            flushBlock();
        }
        buffer.addDense(row, label);
        afterAppend();
    }

    private void appendSparse(int[] idx, double[] vals, int len, double label, boolean withLabel)
            throws IOException {
        checkOpen();
        long rowNo = rowsWritten + 1;
        if (spec.storage() != Storage.CSR) {
            throw new IllegalStateException("appendSparse on a " + spec.storage() + " dataset");
        }
        checkLabel(rowNo, label, withLabel);
        if (len < 0 || len > idx.length || (vals != null && len > vals.length)) {
            throw new InvalidRowException(rowNo, "length " + len + " exceeds the arrays");
        }
        for (int k = 0; k < len; k++) {
            if (idx[k] < 0 || idx[k] >= spec.cols()) {
                throw new InvalidRowException(
                        rowNo, "column " + idx[k] + " outside 0.." + (spec.cols() - 1));
            }
            if (k > 0 && idx[k] <= idx[k - 1]) {
                throw new InvalidRowException(
                        rowNo, "columns not strictly increasing at entry " + k);
            }
            if (vals != null && !Double.isFinite(vals[k])) {
                throw new InvalidRowException(rowNo, "column " + idx[k] + " is " + vals[k]);
            }
        }
        if (!buffer.fits(len)) {
            flushBlock();
        }
        buffer.addSparse(idx, vals, len, label);
        afterAppend();
    }

    private void checkLabel(long rowNo, double label, boolean withLabel) {
        boolean want = spec.labels().present();
        if (withLabel != want) {
            throw new InvalidRowException(
                    rowNo, want ? "label missing (dataset has labels)" : "dataset has no labels");
        }
        if (want && !spec.labels().allows(label)) {
            throw new InvalidRowException(
                    rowNo, "label " + label + " is not one of the classes " + spec.labels());
        }
    }

    private void afterAppend() throws IOException {
        rowsWritten++;
        if (buffer.bytes() >= options.targetBlockBytes() || buffer.rows >= options.maxBlockRows()) {
            flushBlock();
        }
    }

    private void flushBlock() throws IOException {
        int index = blocks.size();
        String name = String.format("block-%05d.cyd", index);
        try {
            BlockFormat.Header h;
            try (OutputStream out = options.outputs().create(fs, new Path(tmp, name), index)) {
                h = buffer.writeTo(out, le);
            }
            long firstRow = rowsWritten - buffer.rows + 1;
            blocks.add(new BlockInfo(name, firstRow, h.rows(), h.nnz(), le.count(), le.crc32c()));
            bytesWritten += le.count();
            buffer.clear();
        } catch (IOException | RuntimeException e) {
            abortQuietly(e);
            throw e;
        }
    }

    private void checkOpen() {
        if (finished) {
            throw new IllegalStateException("writer for " + target + " already committed/aborted");
        }
    }

    private void abortQuietly(Exception cause) {
        try {
            abort();
        } catch (IOException | RuntimeException e) {
            cause.addSuppressed(e);
        }
    }
}
