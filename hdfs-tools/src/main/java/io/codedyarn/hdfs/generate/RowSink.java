package io.codedyarn.hdfs.generate;

import io.codedyarn.hdfs.dataset.DatasetWriter;
import java.io.IOException;
import java.util.function.LongConsumer;

/**
 * Where a {@link SyntheticGenerator} puts its rows: straight into a {@link DatasetWriter} ({@link
 * #to}), or through the generate/write pipeline of {@link PipelinedRowSink}. Arrays passed in may
 * be reused by the caller as soon as the call returns.
 */
public interface RowSink {
    /** A dense row; {@code label} is ignored when the dataset has no labels. */
    void dense(double[] row, double label) throws IOException;

    /**
     * A sparse row: columns {@code idx[0..len)} strictly increasing, values {@code vals[0..len)} or
     * all 1.0 when {@code vals} is null; {@code label} is ignored when the dataset has no labels.
     */
    void sparse(int[] idx, double[] vals, int len, double label) throws IOException;

    /** Ends the current block ({@link DatasetWriter#endBlock()}), e.g. at a partition boundary. */
    void endBlock() throws IOException;

    /** Called once by the driver (not by generators) after the generator's last row. */
    default void finish() throws IOException {}

    /**
     * A sink that appends to {@code writer} on the calling thread and reports every {@value
     * SyntheticGenerator#PROGRESS_EVERY} rows (and the rest at {@link #endBlock} and {@link
     * #finish}) to {@code progress}.
     */
    static RowSink to(DatasetWriter writer, boolean labelled, LongConsumer progress) {
        return new RowSink() {
            private long pending;

            @Override
            public void dense(double[] row, double label) throws IOException {
                if (labelled) {
                    writer.appendDense(row, label);
                } else {
                    writer.appendDense(row);
                }
                tick();
            }

            @Override
            public void sparse(int[] idx, double[] vals, int len, double label) throws IOException {
                if (labelled) {
                    writer.appendSparse(idx, vals, len, label);
                } else {
                    writer.appendSparse(idx, vals, len);
                }
                tick();
            }

            @Override
            public void endBlock() throws IOException {
                writer.endBlock();
                flushProgress();
            }

            @Override
            public void finish() {
                flushProgress();
            }

            private void tick() {
                if (++pending == SyntheticGenerator.PROGRESS_EVERY) {
                    flushProgress();
                }
            }

            private void flushProgress() {
                if (pending > 0) {
                    progress.accept(pending);
                    pending = 0;
                }
            }
        };
    }
}
