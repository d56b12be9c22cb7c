package io.codedyarn.repro.lagc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class LazySelectionBoundsTest {
    private static final LagcSetting PAPER =
            LagcSetting.paperFigures(OrderStatistics.exponential(0.05));
    private static final double[] LS = PAPER.smoothness();
    private static final double ALPHA = PAPER.alpha();

    @Test
    void paperSmoothnessConstants() {
        assertThat(LS[0]).isCloseTo(4, within(1e-12));
        assertThat(LS[1]).isCloseTo(5.29, within(1e-12));
        assertThat(LS[19]).isCloseTo(21665.5, within(0.05));
        assertThat(Arrays.stream(LS).sum()).isCloseTo(53625.06, within(0.005));
        assertThat(ALPHA * PAPER.totalSmoothness()).isCloseTo(1, within(1e-15));
    }

    /** Digest §5.4: LAG d_m = [10 ×11, 5, 2, 0 ×7] (workers 1..20), M̄ = 8.5. */
    @Test
    void lagClassesAndMBar() {
        LazySelectionBounds.Selection s = LazySelectionBounds.forUnits(LS, 1, 10, ALPHA);
        assertThat(s.classes())
                .containsExactly(
                        10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 5, 2, 0, 0, 0, 0, 0, 0, 0);
        assertThat(s.effectiveUnits()).isCloseTo(8.5, within(1e-12));
    }

    /** Digest §5.4: d_g and Ḡ for M_G = 2, 4, 5, 10, 20 (consecutive groups, L_g = Σ L_s). */
    @Test
    void groupClassesAndGBar() {
        check(2, new int[] {10, 10, 10, 10, 10, 8, 1, 0, 0, 0}, 4.0657, 5e-5);
        check(4, new int[] {10, 10, 10, 0, 0}, 2.2727, 5e-5);
        check(5, new int[] {10, 10, 1, 0}, 1.6818, 5e-5);
        check(10, new int[] {10, 0}, 1.0909, 5e-5);
        check(20, new int[] {0}, 1, 1e-15);
        // exact fractions: 3/11 + 2, 2/11 + 1/2 + 1, 1/11 + 1
        check(4, new int[] {10, 10, 10, 0, 0}, 3.0 / 11 + 2, 1e-14);
        check(5, new int[] {10, 10, 1, 0}, 2.0 / 11 + 1.5, 1e-14);
        check(10, new int[] {10, 0}, 1.0 / 11 + 1, 1e-14);
    }

    private static void check(int groupSize, int[] classes, double gBar, double tol) {
        LazySelectionBounds.Selection s =
                LazySelectionBounds.forGroups(LS, groupSize, 1, 10, ALPHA);
        assertThat(s.classes()).as("M_G=%d", groupSize).containsExactly(classes);
        assertThat(s.effectiveUnits()).as("M_G=%d", groupSize).isCloseTo(gBar, within(tol));
    }

    /** Digest §5.4 sensitivity: for L ∈ [0.8, 1.0]·Σ L_s, Ḡ(M_G = 4) stays 2.2727; M̄ → 8.76. */
    @Test
    void sensitivityToTotalSmoothness() {
        double sum = Arrays.stream(LS).sum();
        for (double f = 0.8; f <= 1.0 + 1e-9; f += 0.02) {
            LagcComplexityTable t = new LagcComplexityTable(PAPER.withTotalSmoothness(f * sum));
            assertThat(t.groupSelection(4).effectiveUnits())
                    .as("L = %s ΣL_s", f)
                    .isCloseTo(3.0 / 11 + 2, within(1e-12));
        }
        LagcComplexityTable low = new LagcComplexityTable(PAPER.withTotalSmoothness(0.8 * sum));
        assertThat(low.lagSelection().effectiveUnits()).isCloseTo(8.76, within(0.005));
    }

    /** ξ = 0: every unit in class 0 (G-GD / GD); L_u = 0: class D; q on a boundary: ⌊q⌋. */
    @Test
    void edgeCases() {
        LazySelectionBounds.Selection none = LazySelectionBounds.forUnits(LS, 0, 10, ALPHA);
        assertThat(none.classes()).containsOnly(0);
        assertThat(none.effectiveUnits()).isCloseTo(20, within(1e-12));
        LazySelectionBounds.Selection zero =
                LazySelectionBounds.forUnits(new double[] {0, 1}, 1, 10, 1);
        assertThat(zero.classes()).containsExactly(10, 0);
        // U = 1, α = 1, D = 2, L = 1: q = ξ/2; ξ = 4 → q = 2 → class 2 (= D); ξ = 3 → class 1.
        assertThat(LazySelectionBounds.forUnits(new double[] {1}, 3, 2, 1).classes())
                .containsExactly(1);
        assertThat(LazySelectionBounds.forUnits(new double[] {1}, 4, 2, 1).effectiveUnits())
                .isCloseTo(1.0 / 3, within(1e-15));
        assertThat(LazySelectionBounds.groupSmoothness(new double[] {1, 2, 3, 4}, 2))
                .containsExactly(3, 7);
        assertThatThrownBy(() -> LazySelectionBounds.groupSmoothness(LS, 3))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> LazySelectionBounds.forUnits(LS, -1, 10, ALPHA))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
