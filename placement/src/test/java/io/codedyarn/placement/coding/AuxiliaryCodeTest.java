package io.codedyarn.placement.coding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.codedyarn.placement.Seeds;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/** Lemma 2 and its closed-form decoding (digest hetero-gc §3.3–§3.4). */
class AuxiliaryCodeTest {
    // Example A supports (0-based).
    static final int[][] SUPPORTS_A = {{0}, {1}, {2, 3}, {0, 4}, {1, 2, 3, 4}};

    @Test
    void sEqualsOneClosedFormMatchesTheGenericSolve() {
        RandomGenerator rng = Seeds.generator(42);
        double[][] h = Dense.orthonormalRows(2, 5, rng);
        AuxiliaryCode code = AuxiliaryCode.build(h, SUPPORTS_A, 5).orElseThrow();
        for (int j = 0; j < 5; j++) {
            double[] x = code.nullVector(new int[] {j}).orElseThrow();
            // x = (H[1][j], -H[0][j]) / (H[1][j] - H[0][j])
            double d = h[1][j] - h[0][j];
            assertThat(x[0]).isCloseTo(h[1][j] / d, within(1e-12));
            assertThat(x[1]).isCloseTo(-h[0][j] / d, within(1e-12));
            // ... which is what the generic (t+1)x(t+1) system x·[H_S | 1] = e_last gives.
            double[] generic =
                    Dense.solve(
                            Dense.transpose(code.decodingSystem(new int[] {j})),
                            new double[] {0, 1});
            assertThat(generic[0]).isCloseTo(x[0], within(1e-12));
            assertThat(generic[1]).isCloseTo(x[1], within(1e-12));
            double[] a = code.decodingVector(new int[] {j}).orElseThrow();
            assertThat(a[j]).isZero();
            assertThat(code.residual(a)).isLessThan(1e-12);
        }
        assertThat(code.auxiliaryResidual()).isLessThan(1e-12);
    }

    @Test
    void exampleAWithTheDigestsH() {
        double[][] h = {{1, 2, 3, 4, 5}, {2, 3, 5, 7, 11}};
        AuxiliaryCode code = AuxiliaryCode.build(h, SUPPORTS_A, 5).orElseThrow();
        // Straggler W1: x = (2, -1), x·1 = 1, a = xH = (0, 1, 1, 1, -1).
        assertThat(code.nullVector(new int[] {0}).orElseThrow()).containsExactly(2, -1);
        assertThat(code.decodingVector(new int[] {0}).orElseThrow())
                .containsExactly(0, 1, 1, 1, -1);
        assertThat(code.coefficients(0)).containsExactly(-3);
        assertThat(code.coefficients(3)[0]).isEqualTo(1.0, within(1e-15));
        assertThat(code.coefficients(3)[1]).isEqualTo(2.0 / 3, within(1e-15));
    }

    @Test
    void generalNullVectorAnnihilatesTheStragglerColumns() {
        int[][] supports = {{0, 1}, {2, 3, 4, 5}, {0, 1, 2}, {3}, {0, 1, 4, 5}, {2, 3, 4, 5}};
        double[][] h = Dense.orthonormalRows(3, 6, Seeds.generator(3));
        AuxiliaryCode code = AuxiliaryCode.build(h, supports, 6).orElseThrow();
        KOfNPromise.firstN(6, 2)
                .forEach(
                        set -> {
                            int[] s = set.stream().toArray();
                            double[] x = code.nullVector(s).orElseThrow();
                            for (int c : s) {
                                double dot = 0;
                                for (int r = 0; r < 3; r++) {
                                    dot += x[r] * h[r][c];
                                }
                                assertThat(dot).isCloseTo(0, within(1e-12));
                            }
                            assertThat(x[0] + x[1] + x[2]).isCloseTo(1, within(1e-12));
                            assertThat(code.residual(code.decodingVector(s).orElseThrow()))
                                    .isLessThan(1e-10);
                        });
    }

    @Test
    void orthonormalRows() {
        double[][] q = Dense.orthonormalRows(4, 30, Seeds.generator(8));
        for (int a = 0; a < 4; a++) {
            for (int b = 0; b < 4; b++) {
                double dot = 0;
                for (int c = 0; c < 30; c++) {
                    dot += q[a][c] * q[b][c];
                }
                assertThat(dot).isCloseTo(a == b ? 1 : 0, within(1e-14));
            }
        }
    }

    @Test
    void drawRecordsTheWorstConditionAndZeroStragglersIsOnes() {
        int[][] supports = {{0, 1}, {2, 3, 4, 5}, {0, 1, 2}, {3}, {0, 1, 4, 5}, {2, 3, 4, 5}};
        AuxiliaryDraw d = AuxiliaryDraw.draw(supports, 6, 2, Seeds.generator(1));
        assertThat(d.exhaustive()).isTrue();
        assertThat(d.draws()).isBetween(1, AuxiliaryDraw.MAX_DRAWS);
        assertThat(d.worstCondition()).isBetween(1.0, Tolerances.MAX_CONDITION);
        int[][] cover = {{0, 1}, {2}, {3, 4}};
        AuxiliaryDraw plain = AuxiliaryDraw.draw(cover, 5, 0, Seeds.generator(1));
        assertThat(plain.draws()).isZero();
        assertThat(plain.code().coefficients(1)).containsExactly(1.0);
        assertThat(plain.worstCondition()).isEqualTo(1.0);
    }
}
