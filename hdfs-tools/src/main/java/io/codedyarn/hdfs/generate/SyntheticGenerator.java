package io.codedyarn.hdfs.generate;

import io.codedyarn.hdfs.dataset.DatasetSpec;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A seeded synthetic dataset, generated row by row into a {@link RowSink} (in the end a {@link
 * io.codedyarn.hdfs.dataset.DatasetWriter}).
 *
 * <p>Contract shared by every kind:
 *
 * <ul>
 *   <li>Every random choice comes from {@code io.codedyarn.placement.Seeds.generator(seed)} (or
 *       from generators seeded by {@code nextLong()} draws of it), so the same parameters and seed
 *       give byte-identical blocks; the seed goes into the manifest ({@link DatasetSpec#seed()})
 *       and the kind plus its arguments into {@link DatasetSpec#source()}.
 *   <li>Streaming: the generator keeps its model (a weight vector, an orthonormal basis, column
 *       frequencies, a d×d Gram matrix) and one row, never the rows written: {@link #stateSize()}
 *       numbers, independent of the row count. Together with the writer's O(block) buffer, 10⁷ × 30
 *       needs a few MiB of heap besides the block buffer, not 10⁷·30 doubles.
 *   <li>The model is drawn in the constructor, so the accessors (true weights, basis, ...) describe
 *       the data that {@link #write} produces.
 * </ul>
 */
public abstract class SyntheticGenerator {
    /** Rows between two progress callbacks. */
    static final int PROGRESS_EVERY = 4096;

    protected final long rows;
    protected final int cols;
    protected final long seed;

    protected SyntheticGenerator(long rows, int cols, long seed) {
        this.rows = rows;
        this.cols = cols;
        this.seed = seed;
    }

    /** The {@code --kind} name. */
    public abstract String kind();

    public final long rows() {
        return rows;
    }

    public final int cols() {
        return cols;
    }

    public final long seed() {
        return seed;
    }

    /** Storage, columns and labels, with the seed and the provenance of this generator. */
    public final DatasetSpec spec() {
        Map<String, Object> source = new LinkedHashMap<>();
        source.put("generator", kind());
        source.put("rows", rows);
        source.put("cols", cols);
        source.putAll(arguments());
        return baseSpec().withSeed(seed).withSource(source);
    }

    /** Storage, columns and labels (seed and source are added by {@link #spec()}). */
    protected abstract DatasetSpec baseSpec();

    /** The kind's own arguments and model facts for the manifest's {@code source}, in order. */
    protected abstract Map<String, Object> arguments();

    /**
     * Emits all {@link #rows()} rows, in order, to {@code sink} (which appends them to a writer
     * created with {@link #spec()}); labels are NaN for unlabelled kinds. Deterministic: every call
     * emits the same rows. Runs on one thread (the producer of {@link PipelinedRowSink}).
     */
    public abstract void write(RowSink sink) throws IOException;

    /**
     * How many numbers (doubles, ints, longs) the generator holds while writing, whatever {@link
     * #rows()}: the model plus one row. The streaming guarantee is that this does not grow with the
     * number of rows.
     */
    public abstract long stateSize();
}
