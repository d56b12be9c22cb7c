package io.codedyarn.hdfs.generate;

import io.codedyarn.hdfs.dataset.DatasetWriter;
import io.codedyarn.hdfs.dataset.Manifest;
import io.codedyarn.hdfs.dataset.WriterOptions;
import io.codedyarn.hdfs.progress.Progress;
import io.codedyarn.placement.InvalidParametersException;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The registry of synthetic dataset kinds ({@code data generate --kind}) and the one way to write
 * one: {@link #generate}.
 *
 * <table>
 *   <caption>kinds</caption>
 *   <tr><th>kind</th><th>storage, labels</th><th>default --cols</th><th>own flags</th></tr>
 *   <tr><td>gaussian-mixture</td><td>dense, ±1</td><td>8000 (BCC's p)</td><td></td></tr>
 *   <tr><td>higgs-like</td><td>dense, ±1</td><td>28</td><td></td></tr>
 *   <tr><td>low-rank</td><td>dense, none</td><td>100</td><td>--rank (10), --noise (0.1)</td></tr>
 *   <tr><td>genotype</td><td>csr binary, none</td><td>2504 (1000 Genomes subjects)</td>
 *       <td>--density (0.05)</td></tr>
 *   <tr><td>lagc-lsq</td><td>dense, real</td><td>50</td><td>--partitions (20)</td></tr>
 * </table>
 */
public final class Generators {
    /** The known kinds, in the order of {@code --help}. */
    public static final List<String> KINDS =
            List.of("gaussian-mixture", "higgs-like", "low-rank", "genotype", "lagc-lsq");

    private Generators() {}

    /** {@code --cols} when not given. */
    public static int defaultCols(String kind) {
        return switch (kind) {
            case "gaussian-mixture" -> 8000;
            case "higgs-like" -> HiggsLikeGenerator.DEFAULT_COLS;
            case "low-rank" -> 100;
            case "genotype" -> 2504;
            case "lagc-lsq" -> LagcLeastSquaresGenerator.DEFAULT_COLS;
            default -> throw unknownKind(kind);
        };
    }

    /**
     * Validates {@code p} and draws the generator's model (the rows are drawn by {@link
     * SyntheticGenerator#write}).
     *
     * @throws InvalidParametersException naming the flag at fault
     */
    public static SyntheticGenerator create(GeneratorParams p) {
        String kind = p.kind();
        if (kind == null || !KINDS.contains(kind)) {
            throw unknownKind(kind);
        }
        InvalidParametersException.require(
                p.rows() >= 1, "--rows", "must be >= 1, got %d", p.rows());
        int cols = p.cols() == null ? defaultCols(kind) : p.cols();
        InvalidParametersException.require(cols >= 1, "--cols", "must be >= 1, got %d", cols);
        onlyFor(kind, "genotype", "--density", p.density());
        onlyFor(kind, "low-rank", "--rank", p.rank());
        onlyFor(kind, "low-rank", "--noise", p.noise());
        onlyFor(kind, "lagc-lsq", "--partitions", p.partitions());
        return switch (kind) {
            case "gaussian-mixture" -> new GaussianMixtureGenerator(p.rows(), cols, p.seed());
            case "higgs-like" -> new HiggsLikeGenerator(p.rows(), cols, p.seed());
            case "low-rank" -> lowRank(p, cols);
            case "genotype" -> genotype(p, cols);
            default -> lagc(p, cols);
        };
    }

    private static SyntheticGenerator lowRank(GeneratorParams p, int cols) {
        int rank = p.rank() == null ? Math.min(LowRankGenerator.DEFAULT_RANK, cols) : p.rank();
        double noise = p.noise() == null ? LowRankGenerator.DEFAULT_NOISE : p.noise();
        InvalidParametersException.require(
                rank >= 1 && rank <= cols,
                "--rank",
                "must be in 1..--cols (%d), got %d",
                cols,
                rank);
        InvalidParametersException.require(
                Double.isFinite(noise) && noise >= 0, "--noise", "must be >= 0, got %s", noise);
        return new LowRankGenerator(p.rows(), cols, rank, noise, p.seed());
    }

    private static SyntheticGenerator genotype(GeneratorParams p, int cols) {
        double density = p.density() == null ? GenotypeGenerator.DEFAULT_DENSITY : p.density();
        InvalidParametersException.require(
                density > 0 && density <= 1, "--density", "must be in (0, 1], got %s", density);
        return new GenotypeGenerator(p.rows(), cols, density, p.seed());
    }

    private static SyntheticGenerator lagc(GeneratorParams p, int cols) {
        int s =
                p.partitions() == null
                        ? LagcLeastSquaresGenerator.DEFAULT_PARTITIONS
                        : p.partitions();
        InvalidParametersException.require(s >= 1, "--partitions", "must be >= 1, got %d", s);
        InvalidParametersException.require(
                s <= p.rows(),
                "--partitions",
                "must be <= --rows (%d) so that every partition has a row, got %d",
                p.rows(),
                s);
        InvalidParametersException.require(
                cols <= LagcLeastSquaresGenerator.MAX_COLS,
                "--cols",
                "lagc-lsq keeps a d x d Gram matrix: must be <= %d, got %d",
                LagcLeastSquaresGenerator.MAX_COLS,
                cols);
        return new LagcLeastSquaresGenerator(p.rows(), cols, s, p.seed());
    }

    private static void onlyFor(String kind, String owner, String flag, Object value) {
        InvalidParametersException.require(
                value == null || kind.equals(owner),
                flag,
                "applies only to --kind %s, not %s",
                owner,
                kind);
    }

    private static InvalidParametersException unknownKind(String kind) {
        return new InvalidParametersException(
                "--kind", "unknown kind '" + kind + "'; known: " + String.join(", ", KINDS));
    }

    /**
     * Generates {@code g}'s rows into a new dataset at {@code target} through a streaming {@link
     * DatasetWriter}, generation overlapping with writing ({@link PipelinedRowSink}; the bytes are
     * those of a single-threaded run): written to a hidden temporary directory and renamed on
     * success, so an exception (or a full filesystem) leaves nothing behind. {@code progress} (may
     * be null) gets the rows and is finished on success.
     *
     * @throws org.apache.hadoop.fs.FileAlreadyExistsException when {@code target} exists and {@code
     *     options.overwrite()} is false
     */
    public static Manifest generate(
            FileSystem fs,
            Path target,
            SyntheticGenerator g,
            WriterOptions options,
            Progress progress)
            throws IOException {
        try (DatasetWriter w = DatasetWriter.create(fs, target, g.spec(), options)) {
            PipelinedRowSink.run(
                    g,
                    w,
                    options.targetBlockBytes(),
                    progress == null ? n -> {} : progress::advance);
            Manifest m = w.commit();
            if (progress != null) {
                progress.finish();
            }
            return m;
        }
    }
}
