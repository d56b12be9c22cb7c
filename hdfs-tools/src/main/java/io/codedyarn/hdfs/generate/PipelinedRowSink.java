package io.codedyarn.hdfs.generate;

import io.codedyarn.hdfs.dataset.DatasetSpec;
import io.codedyarn.hdfs.dataset.DatasetWriter;
import io.codedyarn.hdfs.dataset.Storage;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.function.LongConsumer;

/**
 * Generation and writing on two threads: the generator runs on a producer thread and fills chunks
 * of about 1 MiB of rows; the calling thread appends them to the {@link DatasetWriter} (which is
 * not thread-safe and stays on one thread) in order. The bytes are exactly those of the
 * single-threaded path (one producer, rows in order), while random-number generation overlaps with
 * encoding, checksumming and I/O.
 *
 * <p>The writer flushes a whole block (64 MiB by default) at once, so the producer may run up to
 * one block ahead (chunks are allocated on demand, up to the writer's block size plus two, at least
 * {@value #MIN_CHUNKS}): with only a few MiB of slack it would stall during every flush and the two
 * threads would take turns instead of overlapping. Memory: O(block), like the writer.
 *
 * <p>A generator failure is rethrown on the calling thread; a writer failure interrupts the
 * producer; either way the caller's writer is left for it to abort.
 */
final class PipelinedRowSink implements RowSink {
    static final int MIN_CHUNKS = 4;
    private static final int CHUNK_VALUES = 1 << 17; // 1 MiB of doubles

    /** Rows handed from the producer to the writer thread. */
    private static final class Chunk {
        final double[] labels;
        final int[] rowPtr; // sparse: entries of row r are [rowPtr[r], rowPtr[r+1])
        final boolean[] binary; // sparse: row without values (all 1.0)
        double[] values;
        int[] idx;
        int rows;
        boolean endBlock;
        boolean last;
        Throwable failure;

        Chunk(int maxRows, int denseValues) {
            labels = new double[maxRows];
            rowPtr = new int[maxRows + 1];
            binary = new boolean[maxRows];
            values = new double[denseValues];
            idx = new int[0];
        }

        Chunk(Throwable failure) {
            this(0, 0);
            this.failure = failure;
        }

        void reset() {
            rows = 0;
            endBlock = false;
            last = false;
        }
    }

    private final int cols;
    private final int maxRows;
    private final int maxChunks;
    private final BlockingQueue<Chunk> free;
    private final BlockingQueue<Chunk> full;
    private int allocated;
    private Chunk current;

    private PipelinedRowSink(int cols, long aheadBytes) {
        this.cols = cols;
        this.maxRows = Math.max(1, Math.min(8192, CHUNK_VALUES / cols));
        long chunks = aheadBytes / (8L * CHUNK_VALUES) + 2;
        this.maxChunks = (int) Math.max(MIN_CHUNKS, Math.min(chunks, 1024));
        this.free = new ArrayBlockingQueue<>(maxChunks);
        this.full = new ArrayBlockingQueue<>(maxChunks + 1);
    }

    /** {@link #run(SyntheticGenerator, DatasetWriter, long, LongConsumer)} a few chunks ahead. */
    static void run(SyntheticGenerator g, DatasetWriter writer, LongConsumer progress)
            throws IOException {
        run(g, writer, 0, progress);
    }

    /**
     * Runs {@code g.write} on a producer thread, at most about {@code aheadBytes} ahead, and
     * appends its rows to {@code writer} on this thread; {@code progress} gets the rows appended,
     * from this thread.
     */
    static void run(
            SyntheticGenerator g, DatasetWriter writer, long aheadBytes, LongConsumer progress)
            throws IOException {
        DatasetSpec spec = g.spec();
        boolean labelled = spec.labels().present();
        boolean dense = spec.storage() == Storage.DENSE;
        PipelinedRowSink sink = new PipelinedRowSink(g.cols(), aheadBytes);
        Thread producer =
                new Thread(
                        () -> {
                            try {
                                g.write(sink);
                                sink.finish();
                            } catch (InterruptedIOException e) {
                                // the writer side gave up and interrupted us: nothing to report
                            } catch (Throwable e) {
                                sink.full.offer(new Chunk(e)); // capacity maxChunks + 1: never full
                            }
                        },
                        "coded-yarn-generate");
        producer.setDaemon(true);
        producer.start();
        try {
            sink.drain(writer, dense, labelled, progress);
        } catch (IOException | RuntimeException | Error e) {
            producer.interrupt();
            throw e;
        } finally {
            join(producer);
        }
    }

    private void drain(DatasetWriter writer, boolean dense, boolean labelled, LongConsumer progress)
            throws IOException {
        double[] row = new double[cols];
        int[] idx = new int[cols];
        double[] vals = new double[cols];
        while (true) {
            Chunk c = take(full);
            if (c.failure != null) {
                rethrow(c.failure);
            }
            for (int r = 0; r < c.rows; r++) {
                double label = c.labels[r];
                if (dense) {
                    System.arraycopy(c.values, r * cols, row, 0, cols);
                    if (labelled) {
                        writer.appendDense(row, label);
                    } else {
                        writer.appendDense(row);
                    }
                } else {
                    int from = c.rowPtr[r];
                    int len = c.rowPtr[r + 1] - from;
                    System.arraycopy(c.idx, from, idx, 0, len);
                    double[] v = null;
                    if (!c.binary[r]) {
                        System.arraycopy(c.values, from, vals, 0, len);
                        v = vals;
                    }
                    if (labelled) {
                        writer.appendSparse(idx, v, len, label);
                    } else {
                        writer.appendSparse(idx, v, len);
                    }
                }
            }
            if (c.rows > 0) {
                progress.accept(c.rows);
            }
            if (c.endBlock) {
                writer.endBlock();
            }
            boolean last = c.last;
            c.reset();
            free.add(c);
            if (last) {
                return;
            }
        }
    }

    // ---- producer side (the generator's thread) ----

    private Chunk current() throws InterruptedIOException {
        if (current == null) {
            current = free.poll();
            if (current == null && allocated < maxChunks) {
                allocated++;
                current = new Chunk(maxRows, 0);
            } else if (current == null) {
                current = take(free);
            }
        }
        return current;
    }

    private void send() throws InterruptedIOException {
        try {
            full.put(current);
        } catch (InterruptedException e) {
            throw interrupted();
        }
        current = null;
    }

    @Override
    public void dense(double[] row, double label) throws IOException {
        Chunk c = current();
        if (c.values.length < maxRows * cols) {
            c.values = new double[maxRows * cols];
        }
        System.arraycopy(row, 0, c.values, c.rows * cols, cols);
        c.labels[c.rows++] = label;
        if (c.rows == maxRows) {
            send();
        }
    }

    @Override
    public void sparse(int[] idx, double[] vals, int len, double label) throws IOException {
        Chunk c = current();
        int from = c.rowPtr[c.rows];
        if (c.idx.length < from + len) {
            c.idx = Arrays.copyOf(c.idx, Math.max(from + len, 2 * c.idx.length + 1));
        }
        System.arraycopy(idx, 0, c.idx, from, len);
        c.binary[c.rows] = vals == null;
        if (vals != null) {
            if (c.values.length < from + len) {
                c.values = Arrays.copyOf(c.values, Math.max(from + len, 2 * c.values.length));
            }
            System.arraycopy(vals, 0, c.values, from, len);
        }
        c.labels[c.rows] = label;
        c.rowPtr[++c.rows] = from + len;
        if (c.rows == maxRows || from + len > CHUNK_VALUES) {
            send();
        }
    }

    @Override
    public void endBlock() throws IOException {
        current().endBlock = true;
        send();
    }

    @Override
    public void finish() throws IOException {
        current().last = true;
        send();
    }

    // ---- helpers ----

    private static Chunk take(BlockingQueue<Chunk> q) throws InterruptedIOException {
        try {
            return q.take();
        } catch (InterruptedException e) {
            throw interrupted();
        }
    }

    private static InterruptedIOException interrupted() {
        Thread.currentThread().interrupt();
        return new InterruptedIOException("generation interrupted");
    }

    private static void join(Thread t) throws InterruptedIOException {
        try {
            t.join();
        } catch (InterruptedException e) {
            throw interrupted();
        }
    }

    private static void rethrow(Throwable t) throws IOException {
        if (t instanceof IOException e) {
            throw e;
        }
        if (t instanceof RuntimeException e) {
            throw e;
        }
        if (t instanceof Error e) {
            throw e;
        }
        throw new UncheckedIOException(new IOException(t));
    }
}
