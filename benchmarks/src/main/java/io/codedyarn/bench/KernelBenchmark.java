package io.codedyarn.bench;

import io.codedyarn.compute.data.CsrRows;
import io.codedyarn.compute.data.DenseRows;
import io.codedyarn.compute.kernel.KernelPath;
import io.codedyarn.compute.kernel.Kernels;
import io.codedyarn.placement.Seeds;
import java.util.concurrent.TimeUnit;
import java.util.random.RandomGenerator;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Gradient kernels against a STREAM triad in the same run (issue 5), single-threaded, on data well
 * beyond the last-level cache (default 32768 × 1024 doubles = 256 MiB per matrix, 8× a 32 MiB L3;
 * see {@link LastLevelCache} for why 2× is not enough). One operation = one full pass over the
 * data; {@link #bytesPerOp} says how many bytes it scans:
 *
 * <ul>
 *   <li>triad a[i] = b[i] + s·c[i] over three arrays of rows·cols/3 doubles each (as many bytes as
 *       the matrix in total): 24 bytes per element, STREAM's convention (bytes read + written, the
 *       write-allocate read of a not counted);
 *   <li>dense kernels: the matrix, 8·rows·cols bytes (labels, parameters and the gradient, all
 *       O(rows + cols), not counted);
 *   <li>CSR kernels: 10% dense rows of the same width, as many rows as give the same bytes: 12
 *       bytes per nonzero (value + column index) + 4 per row pointer.
 * </ul>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class KernelBenchmark {
    /** Nonzeros per row of the CSR matrix: one per ten columns. */
    static int csrNonzerosPerRow(int cols) {
        return Math.max(1, cols / 10);
    }

    /** Rows of the CSR matrix: about as many matrix bytes as the dense one. */
    static int csrRows(int rows, int cols) {
        return (int) Math.max(1, 8L * rows * cols / (12L * csrNonzerosPerRow(cols)));
    }

    /** Elements of each triad array. */
    static int triadLength(int rows, int cols) {
        return (int) Math.max(1, (long) rows * cols / 3);
    }

    /** Bytes one operation of the named benchmark method scans (see the class comment). */
    public static long bytesPerOp(String benchmark, int rows, int cols) {
        if (benchmark.equals("triad")) {
            return 24L * triadLength(rows, cols);
        }
        if (benchmark.startsWith("csr")) {
            long r = csrRows(rows, cols);
            return 12L * r * csrNonzerosPerRow(cols) + 4L * (r + 1);
        }
        return 8L * rows * cols;
    }

    @Param({"32768"})
    public int rows;

    @Param({"1024"})
    public int cols;

    /** Triad arrays. */
    @State(Scope.Benchmark)
    public static class Triad {
        double[] a;
        double[] b;
        double[] c;

        @Setup(Level.Trial)
        public void setUp(KernelBenchmark p) {
            int n = triadLength(p.rows, p.cols);
            a = new double[n];
            b = new double[n];
            c = new double[n];
            for (int i = 0; i < n; i++) {
                b[i] = i;
                c[i] = 1.0 / (i + 1);
            }
        }
    }

    /** A dense Gaussian block with ±1 labels, its parameters, and V (d×3) for PCA. */
    @State(Scope.Benchmark)
    public static class Dense {
        DenseRows x;
        double[] v;
        double[] v3;

        @Setup(Level.Trial)
        public void setUp(KernelBenchmark p) {
            RandomGenerator rng = Seeds.generator(1);
            double[] values = new double[p.rows * p.cols];
            for (int i = 0; i < values.length; i++) {
                values[i] = rng.nextGaussian();
            }
            x = new DenseRows(p.rows, p.cols, values, labels(rng, p.rows));
            v = gaussian(rng, p.cols, 1.0 / Math.sqrt(p.cols));
            v3 = gaussian(rng, 3 * p.cols, 1.0 / Math.sqrt(p.cols));
        }
    }

    /** A 10%-dense CSR block (see the class comment), ±1 labels. */
    @State(Scope.Benchmark)
    public static class Sparse {
        CsrRows x;
        double[] v;
        double[] v3;

        @Setup(Level.Trial)
        public void setUp(KernelBenchmark p) {
            RandomGenerator rng = Seeds.generator(2);
            int n = csrRows(p.rows, p.cols);
            int per = csrNonzerosPerRow(p.cols);
            int stride = p.cols / per;
            int[] ptr = new int[n + 1];
            int[] col = new int[n * per];
            double[] values = new double[n * per];
            for (int i = 0; i < n; i++) {
                for (int t = 0; t < per; t++) {
                    col[i * per + t] = t * stride + rng.nextInt(stride); // sorted, distinct
                    values[i * per + t] = rng.nextGaussian();
                }
                ptr[i + 1] = (i + 1) * per;
            }
            x = new CsrRows(ptr, col, values, p.cols, labels(rng, n));
            v = gaussian(rng, p.cols, 1.0 / Math.sqrt(per));
            v3 = gaussian(rng, 3 * p.cols, 1.0 / Math.sqrt(per));
        }
    }

    static double[] labels(RandomGenerator rng, int n) {
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            y[i] = rng.nextBoolean() ? 1 : -1;
        }
        return y;
    }

    static double[] gaussian(RandomGenerator rng, int n, double scale) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = rng.nextGaussian() * scale;
        }
        return v;
    }

    @Benchmark
    public double[] triad(Triad t) {
        final double s = 3.0;
        final double[] a = t.a, b = t.b, c = t.c;
        for (int i = 0; i < a.length; i++) {
            a[i] = b[i] + s * c[i];
        }
        return a;
    }

    @Benchmark
    public double[] denseLogistic(Dense d) {
        return Kernels.logistic(d.x.all(), d.v, KernelPath.SCALAR);
    }

    @Benchmark
    public double[] denseLeastSquares(Dense d) {
        return Kernels.leastSquares(d.x.all(), d.v, KernelPath.SCALAR);
    }

    @Benchmark
    public double[] densePca3(Dense d) {
        return Kernels.pca(d.x.all(), d.v3, 3, KernelPath.SCALAR);
    }

    @Benchmark
    public double[] csrLogistic(Sparse s) {
        return Kernels.logistic(s.x.all(), s.v, KernelPath.SCALAR);
    }

    @Benchmark
    public double[] csrPca3(Sparse s) {
        return Kernels.pca(s.x.all(), s.v3, 3, KernelPath.SCALAR);
    }

    // KernelPath.VECTOR (coded-yarn.kernel.vector=true): jdk.incubator.vector, Math intrinsics.

    @Benchmark
    public double[] denseLogisticVector(Dense d) {
        return Kernels.logistic(d.x.all(), d.v, KernelPath.VECTOR);
    }

    @Benchmark
    public double[] denseLeastSquaresVector(Dense d) {
        return Kernels.leastSquares(d.x.all(), d.v, KernelPath.VECTOR);
    }

    @Benchmark
    public double[] densePca3Vector(Dense d) {
        return Kernels.pca(d.x.all(), d.v3, 3, KernelPath.VECTOR);
    }

    @Benchmark
    public double[] csrLogisticVector(Sparse s) {
        return Kernels.logistic(s.x.all(), s.v, KernelPath.VECTOR);
    }

    // Two threads (coded-yarn.kernel.threads=2, RowBlocks' blocked order), vector path: the
    // fraction is of the single-threaded triad, so it shows what a 2-vcore worker gains.
    @Benchmark
    public double[] denseLogisticVector2Threads(Dense d) {
        return Kernels.logistic(d.x.all(), d.v, KernelPath.VECTOR, 2);
    }

    @Benchmark
    public double[] csrLogisticVector2Threads(Sparse s) {
        return Kernels.logistic(s.x.all(), s.v, KernelPath.VECTOR, 2);
    }
}
