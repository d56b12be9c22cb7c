package io.codedyarn.hdfs.importer;

import io.codedyarn.hdfs.dataset.DatasetSpec;
import io.codedyarn.hdfs.dataset.DatasetWriter;
import io.codedyarn.hdfs.dataset.InvalidRowException;
import io.codedyarn.hdfs.dataset.Manifest;
import io.codedyarn.hdfs.dataset.Storage;
import io.codedyarn.hdfs.dataset.WriterOptions;
import java.io.IOException;
import java.util.Arrays;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * A {@link DatasetWriter} that takes rows in either layout and stores them in the dataset's: dense
 * rows into CSR keep their non-zeros, sparse rows into dense get zeros elsewhere. A row the writer
 * rejects is reported with the input file and line it came from. Closing without {@link #commit()}
 * deletes the temporary directory, so a failed import leaves nothing behind.
 */
final class ImportWriter implements AutoCloseable {
    private final DatasetWriter w;
    private final boolean csr;
    private final boolean labelled;
    private final int cols;
    private int[] idx = new int[16];
    private double[] vals = new double[16];
    private double[] dense;

    private ImportWriter(DatasetWriter w, DatasetSpec spec) {
        this.w = w;
        this.csr = spec.storage() == Storage.CSR;
        this.labelled = spec.labels().present();
        this.cols = spec.cols();
    }

    static ImportWriter create(FileSystem fs, Path target, DatasetSpec spec, WriterOptions options)
            throws IOException {
        return new ImportWriter(DatasetWriter.create(fs, target, spec, options), spec);
    }

    /** Appends a dense row of length cols (label ignored when the dataset has none). */
    void dense(double[] row, double label, String file, long line) throws IOException {
        try {
            if (!csr) {
                if (labelled) {
                    w.appendDense(row, label);
                } else {
                    w.appendDense(row);
                }
                return;
            }
            int len = 0;
            for (int c = 0; c < row.length; c++) {
                if (row[c] != 0) {
                    if (len == idx.length) {
                        grow(2 * len);
                    }
                    idx[len] = c;
                    vals[len++] = row[c];
                }
            }
            appendSparse(idx, vals, len, label);
        } catch (InvalidRowException e) {
            throw new BadInputException(file, line, e.getMessage());
        }
    }

    /** Appends a sparse row: strictly increasing 0-based columns. */
    void sparse(int[] ix, double[] vs, int len, double label, String file, long line)
            throws IOException {
        try {
            if (csr) {
                appendSparse(ix, vs, len, label);
                return;
            }
            if (dense == null) {
                dense = new double[cols];
            }
            Arrays.fill(dense, 0.0);
            for (int k = 0; k < len; k++) {
                dense[ix[k]] = vs[k];
            }
            if (labelled) {
                w.appendDense(dense, label);
            } else {
                w.appendDense(dense);
            }
        } catch (InvalidRowException | ArrayIndexOutOfBoundsException e) {
            throw new BadInputException(file, line, e.getMessage());
        }
    }

    long rows() {
        return w.rowsWritten();
    }

    Manifest commit() throws IOException {
        return w.commit();
    }

    @Override
    public void close() throws IOException {
        w.close();
    }

    private void appendSparse(int[] ix, double[] vs, int len, double label) throws IOException {
        if (labelled) {
            w.appendSparse(ix, vs, len, label);
        } else {
            w.appendSparse(ix, vs, len);
        }
    }

    private void grow(int n) {
        idx = Arrays.copyOf(idx, Math.max(16, n));
        vals = Arrays.copyOf(vals, Math.max(16, n));
    }
}
