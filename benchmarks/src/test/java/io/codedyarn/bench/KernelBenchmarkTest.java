package io.codedyarn.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class KernelBenchmarkTest {
    /** The byte conventions the CLI divides by (see the class comment). */
    @Test
    void bytesPerOperation() {
        assertThat(KernelBenchmark.bytesPerOp("triad", 8192, 1024))
                .isEqualTo(24L * (8192 * 1024 / 3));
        assertThat(KernelBenchmark.bytesPerOp("denseLogistic", 8192, 1024)).isEqualTo(64L << 20);
        assertThat(KernelBenchmark.bytesPerOp("densePca3", 10, 20)).isEqualTo(1600);
        // 102 nonzeros per row, 54 827 rows: within 1% of the dense matrix's bytes
        long csr = KernelBenchmark.bytesPerOp("csrLogistic", 8192, 1024);
        assertThat(KernelBenchmark.csrNonzerosPerRow(1024)).isEqualTo(102);
        assertThat(csr).isEqualTo(12L * 54827 * 102 + 4L * 54828);
        assertThat((double) csr / (64L << 20)).isBetween(0.99, 1.01);
    }

    /** Every benchmark method runs on a tiny instance and returns the right shapes. */
    @Test
    void benchmarksRunOnATinyInstance() {
        KernelBenchmark b = new KernelBenchmark();
        b.rows = 9;
        b.cols = 20;
        KernelBenchmark.Triad t = new KernelBenchmark.Triad();
        t.setUp(b);
        KernelBenchmark.Dense d = new KernelBenchmark.Dense();
        d.setUp(b);
        KernelBenchmark.Sparse s = new KernelBenchmark.Sparse();
        s.setUp(b);
        assertThat(b.triad(t)[4]).isEqualTo(4 + 3.0 / 5);
        assertThat(b.denseLogistic(d)).hasSize(21);
        assertThat(b.denseLeastSquares(d)).hasSize(21);
        assertThat(b.densePca3(d)).hasSize(61);
        assertThat(b.csrLogistic(s)).hasSize(21);
        assertThat(b.csrPca3(s)).hasSize(61);
        // the vector path: same shapes, values within rounding of the scalar path
        assertThat(b.denseLogisticVector(d)).hasSize(21);
        assertThat(b.denseLeastSquaresVector(d)[0])
                .isCloseTo(
                        b.denseLeastSquares(d)[0],
                        org.assertj.core.data.Percentage.withPercentage(1e-9));
        assertThat(b.densePca3Vector(d)).hasSize(61);
        assertThat(b.csrLogisticVector(s)[0])
                .isCloseTo(
                        b.csrLogistic(s)[0], org.assertj.core.data.Percentage.withPercentage(1e-9));
        assertThat(s.x.rows()).isEqualTo(KernelBenchmark.csrRows(9, 20));
    }
}
