package io.codedyarn.hdfs.dataset;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Splits a dataset into the rows a model trains on and the rows it is judged on ({@code train
 * --validation-fraction F}), in one streaming pass and O(block) memory.
 *
 * <p>The rule: row r (0-based, in the dataset's order) is held out iff u(seed, r) &lt; F, where u
 * is the SplitMix64 finaliser of {@code seed + (r + 1)·γ} (γ = 0x9E3779B97F4A7C15, the golden
 * ratio's increment) scaled to [0, 1) by its top 53 bits. Each row's fate is a pure function of
 * (seed, r, F): the split needs no memory, is the same whatever the block layout, and a larger F
 * holds out a superset of a smaller one's rows with the same seed. Like Spark's {@code
 * randomSplit}, it is a Bernoulli draw per row, so the held-out count is F·n only in expectation
 * (its standard deviation is √(n·F·(1−F))); both parts must get at least one row.
 *
 * <p>Both outputs keep the source's columns, labels, feature names and preprocessing steps (a
 * standardisation computed before the split saw the held-out rows' values: standardise after
 * splitting when that matters), and each records a {@code holdout} step naming its part.
 */
public final class HoldOut {
    /** The step's name in the manifest's {@code transformations}. */
    public static final String STEP = "holdout";

    private static final long GAMMA = 0x9E3779B97F4A7C15L;
    private static final int CHUNK_ROWS = 8192;

    private final double fraction;
    private final long seed;

    /**
     * @param fraction the share of rows held out, in (0, 1)
     * @param seed the draw's seed (logged and recorded in both manifests)
     */
    public HoldOut(double fraction, long seed) {
        if (!(fraction > 0 && fraction < 1)) {
            throw new IllegalArgumentException(
                    "--validation-fraction must be in (0, 1), got " + fraction);
        }
        this.fraction = fraction;
        this.seed = seed;
    }

    public double fraction() {
        return fraction;
    }

    public long seed() {
        return seed;
    }

    /** Whether row {@code row} (0-based) is held out. */
    public boolean heldOut(long row) {
        return uniform(seed, row) < fraction;
    }

    /** u(seed, r) in [0, 1): SplitMix64's output for the (r + 1)-th step of its sequence. */
    static double uniform(long seed, long row) {
        long z = seed + (row + 1) * GAMMA;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        z = z ^ (z >>> 31);
        return (z >>> 11) * 0x1.0p-53;
    }

    /** What a split wrote: the two datasets' manifests. */
    public record Parts(Manifest training, Manifest validation) {}

    /**
     * Writes the training rows to {@code training} and the held-out rows to {@code validation},
     * each committed atomically; when either would be empty, neither is left behind.
     *
     * @throws IllegalArgumentException when a part would have no rows (names the fraction)
     */
    public Parts split(
            DatasetReader source,
            FileSystem fs,
            Path training,
            Path validation,
            WriterOptions options)
            throws IOException {
        Manifest in = source.manifest();
        DatasetTransform.RowMapper mapper = new DatasetTransform.RowMapper(in.cols(), null, false);
        try (DatasetWriter train =
                        DatasetWriter.create(fs, training, spec(source, "training"), options);
                DatasetWriter held =
                        DatasetWriter.create(fs, validation, spec(source, "validation"), options)) {
            long[] row = {0};
            source.forEachChunk(
                    CHUNK_ROWS,
                    chunk -> {
                        for (int r = 0; r < chunk.rows(); r++) {
                            mapper.append(heldOut(row[0]++) ? held : train, chunk, r);
                        }
                    });
            if (train.rowsWritten() == 0 || held.rowsWritten() == 0) {
                throw new IllegalArgumentException(
                        String.format(
                                java.util.Locale.ROOT,
                                "--validation-fraction %s of %d rows (seed %d) leaves %d rows to"
                                        + " train on and %d held out: both need at least one",
                                fraction,
                                in.rows(),
                                seed,
                                train.rowsWritten(),
                                held.rowsWritten()));
            }
            Manifest t = train.commit();
            try {
                return new Parts(t, held.commit());
            } catch (IOException | RuntimeException e) {
                fs.delete(fs.makeQualified(training), true); // neither part without the other
                throw e;
            }
        }
    }

    private DatasetSpec spec(DatasetReader source, String part) {
        DatasetSpec in = source.manifest().spec();
        List<Transformation> steps = new ArrayList<>(in.transformations());
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("fraction", fraction);
        p.put("seed", seed);
        p.put("part", part);
        steps.add(new Transformation(STEP, p));
        Map<String, Object> provenance = new LinkedHashMap<>();
        provenance.put("holdoutOf", source.fileSystem().makeQualified(source.dir()).toString());
        provenance.put("source", in.source());
        return new DatasetSpec(
                in.storage(), in.cols(), in.labels(), steps, in.seed(), provenance, in.features());
    }
}
