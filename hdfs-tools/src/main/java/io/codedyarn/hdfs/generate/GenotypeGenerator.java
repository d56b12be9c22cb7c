package io.codedyarn.hdfs.generate;

import io.codedyarn.hdfs.dataset.DatasetSpec;
import io.codedyarn.hdfs.dataset.LabelSpec;
import io.codedyarn.placement.Seeds;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * {@code genotype}: a sparse binary genotype-like CSR matrix without labels, the kind of PCA target
 * of the DSAG paper (1000 Genomes: 5.36 % dense, one nonzero where a genome differs from the
 * reference; digest {@code dsag.md} §6.2). Stored with the format's {@code valuesAllOne} flag (no
 * value section).
 *
 * <p>Model: column j has an allele frequency p_j, drawn once; entry (i, j) is 1 with probability
 * p_j, independently. The frequencies are skewed like an allele-frequency spectrum (most columns
 * rare, a few common): p_j ∝ e_j with e_j ~ Exp(1), rescaled so that their mean is exactly ρ =
 * {@code --density} and capped at 1 by water-filling (cap, rescale the uncapped rest, repeat). The
 * expected density is therefore exactly ρ, and XᵀX/n → diag(p(1−p)) + p pᵀ.
 *
 * <p>Example: ρ = 0.05, four columns with e = (0.5, 1, 1.5, 1) (mean 1) give p = (0.025, 0.05,
 * 0.075, 0.05).
 *
 * <p>Draw order: from {@code Seeds.generator(seed)} the d uniforms behind e_j, then the seed of the
 * row stream; per row one uniform per column. State: p plus one row's column indices, O(d).
 */
public final class GenotypeGenerator extends SyntheticGenerator {
    /** Default {@code --density}: about the 1000 Genomes matrix's 5.36 %. */
    public static final double DEFAULT_DENSITY = 0.05;

    private final double density;
    private final double[] freq;
    private final long rowSeed;

    public GenotypeGenerator(long rows, int cols, double density, long seed) {
        super(rows, cols, seed);
        this.density = density;
        RandomGenerator g = Seeds.generator(seed);
        double[] e = new double[cols];
        for (int j = 0; j < cols; j++) {
            e[j] = -Math.log1p(-g.nextDouble()); // Exp(1); nextDouble() < 1 keeps it finite
        }
        freq = waterFill(e, density);
        rowSeed = g.nextLong();
    }

    /**
     * p_j = min(1, c·e_j) with c chosen so that mean(p) = ρ: repeatedly scale the uncapped entries
     * to the mass that the capped ones leave, and cap those that exceed 1. At most d rounds (each
     * round caps at least one more column or stops).
     */
    static double[] waterFill(double[] e, double rho) {
        int d = e.length;
        double[] p = new double[d];
        boolean[] capped = new boolean[d];
        int nCapped = 0;
        while (true) {
            double rest = rho * d - nCapped; // mass left for the uncapped columns
            double sum = 0;
            for (int j = 0; j < d; j++) {
                if (!capped[j]) {
                    sum += e[j];
                }
            }
            boolean changed = false;
            for (int j = 0; j < d; j++) {
                if (capped[j]) {
                    p[j] = 1.0;
                } else {
                    p[j] = sum > 0 ? e[j] * rest / sum : rest / (d - nCapped);
                    if (p[j] >= 1.0) {
                        capped[j] = true;
                        nCapped++;
                        changed = true;
                    }
                }
            }
            if (!changed || nCapped == d) {
                for (int j = 0; j < d; j++) {
                    p[j] = Math.min(1.0, p[j]);
                }
                return p;
            }
        }
    }

    @Override
    public String kind() {
        return "genotype";
    }

    public double density() {
        return density;
    }

    /** The per-column frequencies p_j (a copy); their mean is the density. */
    public double[] columnFrequencies() {
        return freq.clone();
    }

    @Override
    protected DatasetSpec baseSpec() {
        return DatasetSpec.csr(cols, LabelSpec.NONE);
    }

    @Override
    protected Map<String, Object> arguments() {
        Map<String, Object> a = new LinkedHashMap<>();
        a.put("density", density);
        a.put(
                "model",
                "x_ij = 1 with probability p_j; p_j proportional to Exp(1) draws, mean density,"
                        + " capped at 1");
        return a;
    }

    @Override
    public void write(RowSink sink) throws IOException {
        RandomGenerator rng = Seeds.generator(rowSeed);
        int[] idx = new int[cols];
        for (long r = 0; r < rows; r++) {
            int len = 0;
            for (int j = 0; j < cols; j++) {
                if (rng.nextDouble() < freq[j]) {
                    idx[len++] = j;
                }
            }
            sink.sparse(idx, null, len, Double.NaN);
        }
    }

    @Override
    public long stateSize() {
        return 2L * cols;
    }
}
