package io.codedyarn.hdfs.dataset;

import java.io.EOFException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.Optional;
import java.util.zip.CRC32C;
import org.apache.hadoop.fs.ChecksumException;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * What {@code data verify} runs: checks a dataset and returns the FIRST problem, naming the file
 * (and row or byte offset where that applies). In order: the manifest (schema, version, contiguous
 * blocks); then per block: existence, length = manifest bytes, header (magic, version, flags,
 * rows/cols/nnz vs manifest), CRC32C of the whole file; then the content: labels finite and in the
 * declared classes, values finite (no NaN/Inf), dense nnz, CSR rowPtr monotone from 0 to nnz,
 * column indices in range and strictly increasing within each row. Never throws for a bad dataset;
 * I/O errors of the filesystem itself become problems too.
 */
public final class DatasetVerifier {
    /** Rows per chunk of the content pass (memory O(chunk)). */
    private static final int CHUNK_ROWS = 1 << 16;

    private DatasetVerifier() {}

    public static VerificationResult verify(FileSystem fs, Path dir) {
        int checked = 0;
        long bytes = 0;
        DatasetReader reader;
        try {
            reader = DatasetReader.open(fs, dir);
        } catch (DatasetFormatException e) {
            return fail(Problem.of(e.file(), stripFile(e)), 0, 0);
        } catch (IOException e) {
            return fail(
                    Problem.of(new Path(dir, Manifest.FILE_NAME).toString(), e.toString()), 0, 0);
        }
        Manifest m = reader.manifest();
        for (int i = 0; i < m.blocks().size(); i++) {
            Optional<Problem> p = checkBlock(reader, i);
            if (p.isPresent()) {
                return fail(p.get(), checked, bytes);
            }
            checked++;
            bytes += m.blocks().get(i).bytes();
        }
        return new VerificationResult(Optional.empty(), checked, bytes);
    }

    private static VerificationResult fail(Problem p, int checked, long bytes) {
        return new VerificationResult(Optional.of(p), checked, bytes);
    }

    private static Optional<Problem> checkBlock(DatasetReader reader, int i) {
        FileSystem fs = reader.fileSystem();
        BlockInfo b = reader.manifest().blocks().get(i);
        Path path = reader.blockPath(i);
        String file = path.toString();
        try {
            FileStatus st;
            try {
                st = fs.getFileStatus(path);
            } catch (FileNotFoundException e) {
                return Optional.of(Problem.of(file, "missing (listed in the manifest)"));
            }
            if (st.getLen() != b.bytes()) {
                return Optional.of(
                        Problem.of(
                                file,
                                "length "
                                        + st.getLen()
                                        + " bytes, manifest says "
                                        + b.bytes()
                                        + (st.getLen() < b.bytes() ? " (truncated)" : "")));
            }
            BlockFormat.Header h = reader.readHeader(i);
            long crc = crc32c(fs, path);
            if (crc != b.crc32c()) {
                return Optional.of(
                        Problem.of(
                                file,
                                String.format(
                                        "CRC32C mismatch: file has %08x, manifest says %08x"
                                                + " (corrupted)",
                                        crc, b.crc32c())));
            }
            if (h.storage() == Storage.CSR) {
                Optional<Problem> p = checkRowPtrEnds(fs, path, h, b);
                if (p.isPresent()) {
                    return p;
                }
            }
            return checkContent(reader, b, file);
        } catch (ChecksumException e) {
            return Optional.of(
                    new Problem(
                            file,
                            null,
                            e.getPos(),
                            "filesystem checksum error (corrupted): " + e.getMessage()));
        } catch (DatasetFormatException e) {
            return Optional.of(Problem.of(file, stripFile(e)));
        } catch (EOFException e) {
            return Optional.of(Problem.of(file, "truncated: " + e.getMessage()));
        } catch (IOException | RuntimeException e) {
            return Optional.of(Problem.of(file, "cannot read: " + e));
        }
    }

    /** CRC32C of a whole file, as the manifest records each block file's (one streaming pass). */
    public static long crc32c(FileSystem fs, Path path) throws IOException {
        CRC32C crc = new CRC32C();
        byte[] buf = new byte[1 << 20];
        try (FSDataInputStream in = fs.open(path)) {
            int n;
            while ((n = in.read(buf)) > 0) {
                crc.update(buf, 0, n);
            }
        }
        return crc.getValue();
    }

    private static Optional<Problem> checkRowPtrEnds(
            FileSystem fs, Path path, BlockFormat.Header h, BlockInfo b) throws IOException {
        try (FSDataInputStream in = fs.open(path)) {
            in.seek(h.dataOffset());
            int first = Integer.reverseBytes(in.readInt());
            in.seek(h.dataOffset() + 4 * h.rows());
            int last = Integer.reverseBytes(in.readInt());
            if (first != 0) {
                return Optional.of(
                        new Problem(
                                path.toString(),
                                b.firstRow(),
                                h.dataOffset(),
                                "rowPtr[0] is " + first + ", expected 0"));
            }
            if (last != h.nnz()) {
                return Optional.of(
                        new Problem(
                                path.toString(),
                                b.lastRow(),
                                h.dataOffset() + 4 * h.rows(),
                                "rowPtr[rows] is " + last + ", expected nnz " + h.nnz()));
            }
        }
        return Optional.empty();
    }

    private static Optional<Problem> checkContent(DatasetReader reader, BlockInfo b, String file)
            throws IOException {
        LabelSpec labels = reader.manifest().labels();
        int cols = reader.manifest().cols();
        long nnz = 0;
        for (long r0 = b.firstRow(); r0 <= b.lastRow(); r0 += CHUNK_ROWS) {
            RowBlock chunk = reader.readRows(r0, Math.min(CHUNK_ROWS, b.lastRow() - r0 + 1));
            if (chunk.labels() != null) {
                for (int r = 0; r < chunk.rows(); r++) {
                    if (!labels.allows(chunk.labels()[r])) {
                        return Optional.of(
                                new Problem(
                                        file,
                                        r0 + r,
                                        null,
                                        "label "
                                                + chunk.labels()[r]
                                                + (Double.isFinite(chunk.labels()[r])
                                                        ? " is not one of the classes " + labels
                                                        : " is not finite")));
                    }
                }
            }
            if (chunk instanceof DenseBlock d) {
                double[] v = d.values();
                for (int k = 0; k < v.length; k++) {
                    if (!Double.isFinite(v[k])) {
                        return Optional.of(
                                new Problem(
                                        file,
                                        r0 + k / cols,
                                        null,
                                        "column " + (k % cols) + " is " + v[k]));
                    }
                    if (v[k] != 0) {
                        nnz++;
                    }
                }
            } else {
                CsrBlock c = (CsrBlock) chunk;
                for (int r = 0; r < c.rows(); r++) {
                    for (int k = c.rowPtr()[r]; k < c.rowPtr()[r + 1]; k++) {
                        int col = c.colIdx()[k];
                        String bad = null;
                        if (col < 0 || col >= cols) {
                            bad = "column index " + col + " outside 0.." + (cols - 1);
                        } else if (k > c.rowPtr()[r] && col <= c.colIdx()[k - 1]) {
                            bad = "column indices not strictly increasing at " + col;
                        } else if (!Double.isFinite(c.values()[k])) {
                            bad = "column " + col + " is " + c.values()[k];
                        }
                        if (bad != null) {
                            return Optional.of(new Problem(file, r0 + r, null, bad));
                        }
                    }
                }
                nnz += c.nnz();
            }
        }
        if (nnz != b.nnz()) {
            return Optional.of(
                    Problem.of(file, "counted " + nnz + " non-zeros, manifest says " + b.nnz()));
        }
        return Optional.empty();
    }

    private static String stripFile(DatasetFormatException e) {
        String msg = e.getMessage();
        String prefix = e.file() + ": ";
        return msg.startsWith(prefix) ? msg.substring(prefix.length()) : msg;
    }
}
