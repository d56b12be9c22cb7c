package io.codedyarn.repro;

import io.codedyarn.placement.Seeds;
import java.util.Arrays;
import java.util.random.RandomGenerator;

/**
 * LAGC's linear-regression problem on image data (paper §V-D; digest lagc.md §5.1), held as
 * per-partition Hessians: S partitions of n consecutive images (pixels / 255, no other
 * preprocessing), partition s scaled so that its loss L_s(θ) = ‖X_s θ − y_s‖² (no ½) is L_s-smooth
 * with L_s = (1.3^(s−1) + 1)², y_s = X_s θ*, θ* ~ N(0, I) (seeded), so min L = 0 at θ*.
 *
 * <p>Because y_s = X_s θ*, every quantity depends on the data only through H_s = 2 X_sᵀX_s (after
 * scaling): g_s(θ) = H_s (θ − θ*) and L_s(θ) = ½ eᵀH_s e with e = θ − θ*. So a gradient costs one p
 * × p product (p = 784: 0.6 Mflop) instead of a pass over the 3,000 × 784 rows (4.7 Mflop), with
 * the same value up to rounding; building H_s is one pass per partition. The scaling is λ_max of
 * the unscaled Gram matrix, by power iteration.
 */
final class FashionLsq {
    private final int dim;
    private final double[][] partitionHessians;
    private final double[] thetaStar;

    private FashionLsq(int dim, double[][] partitionHessians, double[] thetaStar) {
        this.dim = dim;
        this.partitionHessians = partitionHessians;
        this.thetaStar = thetaStar;
    }

    /** L_s = (1.3^(s−1) + 1)², s = 1..S (LAG's synthetic constants, which LAGC reuses). */
    static double targetSmoothness(int s) {
        double a = Math.pow(1.3, s - 1) + 1;
        return a * a;
    }

    /** Partition s (0-based) holds images s·n .. (s+1)·n − 1. */
    static FashionLsq of(IdxImages.Images images, int partitions, int rowsPerPartition, long seed) {
        if ((long) partitions * rowsPerPartition > images.count()) {
            throw new IllegalArgumentException(
                    partitions
                            + " × "
                            + rowsPerPartition
                            + " rows > "
                            + images.count()
                            + " images");
        }
        int p = images.cols();
        double[][] h = new double[partitions][];
        for (int s = 0; s < partitions; s++) {
            double[] gram = gram(images, s * rowsPerPartition, rowsPerPartition);
            double scale = targetSmoothness(s + 1) / Dense.largestEigenvalue(gram, p);
            for (int k = 0; k < gram.length; k++) {
                gram[k] *= scale; // H_s = 2·c²·XᵀX with 2c² = L_s / λ_max(XᵀX)
            }
            h[s] = gram;
        }
        RandomGenerator rng = Seeds.generator(seed);
        double[] star = new double[p];
        for (int j = 0; j < p; j++) {
            star[j] = rng.nextGaussian();
        }
        return new FashionLsq(p, h, star);
    }

    /** XᵀX of rows first..first+n−1 (pixels / 255); zero pixels (about half) are skipped. */
    static double[] gram(IdxImages.Images images, int first, int n) {
        int p = images.cols();
        double[] g = new double[p * p];
        double[] row = new double[p];
        int[] nz = new int[p];
        for (int i = first; i < first + n; i++) {
            int count = 0;
            for (int j = 0; j < p; j++) {
                int v = images.pixels()[i * p + j] & 0xff;
                row[j] = v / 255.0;
                if (v != 0) {
                    nz[count++] = j;
                }
            }
            for (int a = 0; a < count; a++) {
                int ja = nz[a];
                double ra = row[ja];
                int base = ja * p;
                for (int b = a; b < count; b++) {
                    g[base + nz[b]] += ra * row[nz[b]];
                }
            }
        }
        for (int a = 0; a < p; a++) {
            for (int b = a + 1; b < p; b++) {
                g[b * p + a] = g[a * p + b];
            }
        }
        return g;
    }

    int dim() {
        return dim;
    }

    int partitions() {
        return partitionHessians.length;
    }

    double[] thetaStar() {
        return thetaStar.clone();
    }

    /** H_s, row-major (not a copy). */
    double[] partitionHessian(int s) {
        return partitionHessians[s];
    }

    /**
     * The Hessians of {@code units} units of S/units consecutive partitions each (LAG: S units;
     * LAGC / G-LAG: G groups; the whole loss: one unit).
     */
    double[][] unitHessians(int units) {
        int per = partitions() / units;
        if (per * units != partitions()) {
            throw new IllegalArgumentException(units + " units do not divide " + partitions());
        }
        double[][] out = new double[units][];
        for (int u = 0; u < units; u++) {
            if (per == 1) {
                out[u] = partitionHessians[u];
                continue;
            }
            double[] sum = new double[dim * dim];
            for (int s = u * per; s < (u + 1) * per; s++) {
                double[] hs = partitionHessians[s];
                for (int k = 0; k < sum.length; k++) {
                    sum[k] += hs[k];
                }
            }
            out[u] = sum;
        }
        return out;
    }

    /** The smoothness constants λ_max(H_u) of the given unit Hessians. */
    double[] smoothness(double[][] unitHessians) {
        return Arrays.stream(unitHessians)
                .mapToDouble(h -> Dense.largestEigenvalue(h, dim))
                .toArray();
    }

    /** L(θ⁰ = 0) = ½ θ*ᵀ H θ* = Σ_s ‖X_s θ*‖². */
    double initialLoss(double[] totalHessian) {
        double[] e = thetaStar();
        return 0.5 * Dense.dot(e, Dense.times(totalHessian, e, dim));
    }
}
