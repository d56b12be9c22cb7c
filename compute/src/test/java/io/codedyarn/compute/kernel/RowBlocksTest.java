package io.codedyarn.compute.kernel;

import static io.codedyarn.compute.kernel.KernelsTest.bits;
import static io.codedyarn.compute.kernel.KernelsTest.gaussian;
import static io.codedyarn.compute.kernel.KernelsTest.randomBlock;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codedyarn.compute.data.CsrRows;
import io.codedyarn.compute.data.DenseRows;
import io.codedyarn.compute.data.RowRange;
import io.codedyarn.placement.Seeds;
import java.util.function.Function;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/** The multi-threaded kernels: one documented blocked order, whatever the thread count. */
class RowBlocksTest {
    private static final int B = RowBlocks.BLOCK_ROWS;

    /** The documented order, written out: blocks from the range's first row, summed in order. */
    private static double[] blockedReference(RowRange r, Function<RowRange, double[]> kernel) {
        double[] out = null;
        for (int first = 0; first < r.count(); first += B) {
            double[] v = kernel.apply(r.sub(first, Math.min(B, r.count() - first)));
            if (out == null) {
                out = v.clone();
            } else {
                for (int i = 0; i < v.length; i++) {
                    out[i] = out[i] + v[i];
                }
            }
        }
        return out;
    }

    @Test
    void sameBitsForEveryThreadCountAndTheDocumentedOrder() {
        RandomGenerator rng = Seeds.generator(11);
        DenseRows x = randomBlock(rng, 3 * B + 123, 7, 0.6, true);
        // an offset range too: blocks count from the range's first row, not the block's
        for (RowRange r : new RowRange[] {x.all(), x.range(100, 2 * B + 5)}) {
            RowRange sparse = CsrRows.fromDense(x).range(r.first(), r.count());
            double[] v = gaussian(rng, 7, 0.3);
            double[] v3 = gaussian(rng, 21, 1);
            for (KernelPath path : KernelPath.values()) {
                if (!path.available()) {
                    continue;
                }
                for (RowRange same : new RowRange[] {r, sparse}) {
                    check(
                            same,
                            q -> Kernels.logistic(q, v, path),
                            t -> Kernels.logistic(same, v, path, t));
                    check(
                            same,
                            q -> Kernels.leastSquares(q, v, path),
                            t -> Kernels.leastSquares(same, v, path, t));
                    check(
                            same,
                            q -> Kernels.pca(q, v3, 3, path),
                            t -> Kernels.pca(same, v3, 3, path, t));
                }
            }
        }
    }

    private static void check(
            RowRange r,
            Function<RowRange, double[]> single,
            java.util.function.IntFunction<double[]> threaded) {
        long[] two = bits(threaded.apply(2));
        assertThat(bits(threaded.apply(3))).containsExactly(two);
        assertThat(bits(threaded.apply(8))).containsExactly(two);
        assertThat(bits(blockedReference(r, single))).containsExactly(two);
        // and the same sums as the single pass, up to rounding
        double[] one = threaded.apply(1);
        double[] many = threaded.apply(2);
        assertThat(bits(one)).containsExactly(bits(single.apply(r)));
        for (int i = 0; i < one.length; i++) {
            assertThat(many[i])
                    .isCloseTo(
                            one[i],
                            org.assertj.core.data.Offset.offset(1e-9 * (1 + Math.abs(one[i]))));
        }
    }

    @Test
    void oneBlockOrLessIsTheSinglePassExactly() {
        RandomGenerator rng = Seeds.generator(12);
        DenseRows x = randomBlock(rng, B, 5, 1.0, true);
        double[] v = gaussian(rng, 5, 0.3);
        assertThat(bits(Kernels.logistic(x.all(), v, KernelPath.SCALAR, 4)))
                .containsExactly(bits(Kernels.logistic(x.all(), v, KernelPath.SCALAR)));
        assertThat(Kernels.logistic(x.range(0, 0), v, KernelPath.SCALAR, 4))
                .containsExactly(Kernels.logistic(x.range(0, 0), v, KernelPath.SCALAR));
    }

    @Test
    void badValuesNameTheKey() {
        assertThat(RowBlocks.parse(" 4 ")).isEqualTo(4);
        assertThatThrownBy(() -> RowBlocks.parse("two"))
                .hasMessageContaining(RowBlocks.CONFIG_KEY)
                .hasMessageContaining("'two'");
        assertThatThrownBy(() -> RowBlocks.parse("0")).hasMessageContaining(RowBlocks.CONFIG_KEY);
        assertThatThrownBy(() -> RowBlocks.run(null, r -> new double[0], 0))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aFailingBlockSurfacesItsException() {
        DenseRows x = randomBlock(Seeds.generator(13), 2 * B + 1, 3, 1.0, true);
        assertThatThrownBy(
                        () ->
                                RowBlocks.run(
                                        x.all(),
                                        r -> {
                                            if (r.first() == B) {
                                                throw new IllegalArgumentException("block 1");
                                            }
                                            return new double[] {1};
                                        },
                                        2))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("block 1");
    }
}
