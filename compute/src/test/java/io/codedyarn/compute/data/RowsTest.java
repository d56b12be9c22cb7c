package io.codedyarn.compute.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class RowsTest {
    private static final DenseRows DENSE =
            new DenseRows(2, 3, new double[] {0, 2, 0, 1, 0, 3}, new double[] {1, -1});

    @Test
    void denseLayoutIsRowMajor() {
        assertThat(DENSE.get(1, 2)).isEqualTo(3.0);
        assertThat(DENSE.offset(1)).isEqualTo(3);
        assertThat(DENSE.label(1)).isEqualTo(-1.0);
        assertThat(DENSE.bytes()).isEqualTo(48);
    }

    @Test
    void csrRoundTripMatchesTheJavadocExample() {
        CsrRows csr = CsrRows.fromDense(DENSE);
        assertThat(csr.rowPtr()).containsExactly(0, 1, 3);
        assertThat(csr.colIdx()).containsExactly(1, 0, 2);
        assertThat(csr.values()).containsExactly(2, 1, 3);
        assertThat(csr.rows()).isEqualTo(2);
        assertThat(csr.bytes()).isEqualTo(3 * 12 + 3 * 4);
        assertThat(csr.toDense().values()).containsExactly(DENSE.values());
        assertThat(csr.toDense().labels()).containsExactly(1, -1);
    }

    @Test
    void rangesAreViewsAndComposeRelatively() {
        DenseRows big = DenseRows.of(10, 1, new double[10]);
        RowRange r = big.range(2, 6).sub(1, 3);
        assertThat(r.rows()).isSameAs(big);
        assertThat(r.first()).isEqualTo(3);
        assertThat(r.count()).isEqualTo(3);
        assertThat(r.end()).isEqualTo(6);
        assertThat(big.all()).isEqualTo(new RowRange(big, 0, 10));
        assertThat(big.range(10, 0).count()).isZero();
        assertThatThrownBy(() -> big.range(8, 3)).hasMessageContaining("[8, 11)");
        assertThatThrownBy(() -> big.range(2, 6).sub(4, 3)).hasMessageContaining("range of 6");
        assertThatThrownBy(() -> big.range(-1, 1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void missingLabelsAreReported() {
        assertThatThrownBy(() -> DenseRows.of(1, 1, new double[1]).label(0))
                .hasMessageContaining("no labels");
    }

    @Test
    void validation() {
        assertThatThrownBy(() -> DenseRows.of(2, 2, new double[3]))
                .hasMessageContaining("rows*cols = 4");
        assertThatThrownBy(() -> new DenseRows(2, 1, new double[2], new double[1]))
                .hasMessageContaining("one value per row");
        assertThatThrownBy(
                        () ->
                                new CsrRows(
                                        new int[] {0, 2},
                                        new int[] {1, 1},
                                        new double[] {1, 1},
                                        3,
                                        null))
                .hasMessageContaining("not strictly increasing");
        assertThatThrownBy(
                        () ->
                                new CsrRows(
                                        new int[] {0, 1}, new int[] {3}, new double[] {1}, 3, null))
                .hasMessageContaining("out of range");
        assertThatThrownBy(
                        () ->
                                new CsrRows(
                                        new int[] {0, 2, 1},
                                        new int[] {0, 1},
                                        new double[] {1, 1},
                                        3,
                                        null))
                .hasMessageContaining("ends at 1");
        assertThatThrownBy(
                        () ->
                                new CsrRows(
                                        new int[] {0, 2, 1, 2},
                                        new int[] {0, 1},
                                        new double[] {1, 1},
                                        3,
                                        null))
                .hasMessageContaining("decreases at row 1");
        assertThatThrownBy(() -> new CsrRows(new int[] {1}, new int[0], new double[0], 3, null))
                .hasMessageContaining("start at 0");
    }
}
