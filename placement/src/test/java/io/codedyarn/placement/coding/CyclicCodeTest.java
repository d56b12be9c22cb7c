package io.codedyarn.placement.coding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.codedyarn.placement.Codeword;
import io.codedyarn.placement.Decoding;
import io.codedyarn.placement.Seeds;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CyclicCodeTest {

    private static List<Codeword> codewords(CyclicCode code) {
        List<Codeword> out = new ArrayList<>();
        for (int i = 0; i < code.codewords(); i++) {
            out.add(code.codeword(i, 0));
        }
        return out;
    }

    /** max_j |Σ_i a_i B[i][j] − 1| from the codewords (independent of CyclicCode.residual). */
    private static double residual(List<Codeword> cws, int k, double[] a) {
        double[] sum = new double[k];
        for (int i = 0; i < cws.size(); i++) {
            Codeword c = cws.get(i);
            for (int t = 0; t < c.size(); t++) {
                sum[c.partition(t)] += a[i] * c.coefficient(t);
            }
        }
        double worst = 0;
        for (double v : sum) {
            worst = Math.max(worst, Math.abs(v - 1));
        }
        return worst;
    }

    @Test
    void tandonExampleSupports() {
        CyclicCode code = CyclicCode.draw(3, 1, Seeds.generator(1));
        assertThat(code.support(0)).containsExactly(0, 1);
        assertThat(code.support(1)).containsExactly(1, 2);
        assertThat(code.support(2)).containsExactly(2, 0);
        // H·B = 1: every column of B is H_j^{-1}·1, so H times B's column j is all ones.
        double[][] h = code.auxiliary();
        for (int j = 0; j < 3; j++) {
            for (double[] row : h) {
                double v = 0;
                for (int i = 0; i < 3; i++) {
                    v += row[i] * code.codeword(i, 0).coefficientOf(j);
                }
                assertThat(v).isCloseTo(1.0, within(1e-12));
            }
        }
    }

    @ParameterizedTest(name = "n={0}, s={1}")
    @CsvSource({"3,1", "4,2", "12,1", "20,2", "20,5", "7,6", "5,0"})
    void everyNMinusSSetDecodes(int n, int s) {
        CyclicCode code = CyclicCode.draw(n, s, Seeds.generator(n * 31L + s));
        List<Codeword> cws = codewords(code);
        // The construction checks every pattern's condition only when there are few of them.
        boolean exhaustive = KOfNPromise.binomial(n, s) <= CyclicDraw.ALL_PATTERNS_LIMIT;
        int[] count = {0};
        KOfNPromise.firstN(n, n - s)
                .forEach(
                        set -> {
                            Optional<CyclicCode.Solution> sol = code.decode(set);
                            assertThat(sol).as("set %s", set).isPresent();
                            double[] a = sol.get().coefficients();
                            for (int i = set.nextClearBit(0); i < n; i = set.nextClearBit(i + 1)) {
                                assertThat(a[i]).isZero();
                            }
                            assertThat(residual(cws, n, a)).isLessThan(1e-9);
                            if (exhaustive) {
                                assertThat(sol.get().condition())
                                        .isLessThan(Tolerances.MAX_CONDITION);
                            }
                            count[0]++;
                        });
        assertThat(count[0]).isEqualTo((int) KOfNPromise.binomial(n, n - s));
        assertThat(code.worstCondition()).isLessThan(Tolerances.MAX_CONDITION);
    }

    @Test
    void fewerThanNMinusSRefusedMoreDecodes() {
        int n = 10;
        int s = 3;
        CyclicCode code = CyclicCode.draw(n, s, Seeds.generator(5));
        BitSet few = new BitSet();
        few.set(0, n - s - 1);
        assertThat(code.decode(few)).isEmpty();
        List<Codeword> cws = codewords(code);
        for (int extra = 0; extra <= s; extra++) {
            BitSet more = new BitSet();
            more.set(0, n - s + extra);
            Optional<CyclicCode.Solution> sol = code.decode(more);
            assertThat(sol).isPresent();
            assertThat(residual(cws, n, sol.get().coefficients())).isLessThan(1e-9);
            for (int i = n - s + extra; i < n; i++) {
                assertThat(sol.get().coefficients()[i]).isZero();
            }
        }
    }

    @Test
    void noStragglersIsIdentity() {
        CyclicCode code = CyclicCode.draw(4, 0, Seeds.generator(1));
        for (int i = 0; i < 4; i++) {
            assertThat(code.codeword(i, 10)).isEqualTo(Codeword.sumOf(10 + i));
        }
        BitSet all = new BitSet();
        all.set(0, 4);
        assertThat(code.decode(all).orElseThrow().coefficients()).containsOnly(1.0);
        all.clear(2);
        assertThat(code.decode(all)).isEmpty();
    }

    @Test
    void agreesWithLeastSquaresDecoder() {
        int n = 20;
        int s = 4;
        CyclicCode code = CyclicCode.draw(n, s, Seeds.generator(11));
        List<Codeword> cws = codewords(code);
        LeastSquaresDecoder reference = new LeastSquaresDecoder(cws, n);
        RandomGenerator rng = Seeds.generator(12);
        KOfNPromise any = KOfNPromise.firstN(n, n - s);
        for (int t = 0; t < 200; t++) {
            BitSet set = any.random(rng);
            double[] a = code.decode(set).orElseThrow().coefficients();
            Decoding ls = reference.decode(set).orElseThrow();
            // n − s independent rows: B_Fᵀa = 1 has a unique solution, so both must agree.
            for (int i = 0; i < n; i++) {
                double ref = ls.coefficient(i);
                assertThat(a[i]).isCloseTo(ref, within(1e-9 * Math.max(1, Math.abs(ref))));
            }
        }
    }

    /**
     * The checked patterns (every holder block, the n windows, 300 random) stay below the cap. A
     * random H cannot bound all C(100,10) ≈ 1.7e13 patterns: about 2.5e-4 of fresh random patterns
     * exceed 1e5 and ~2e-5 are refused (residual check), so this checks the rate.
     */
    @Test
    void conditionStaysBelowCapAtHundredWorkers() {
        int n = 100;
        int s = 10;
        CyclicCode code = CyclicCode.draw(n, s, Seeds.generator(2024));
        assertThat(code.worstCondition()).isLessThan(Tolerances.MAX_CONDITION);
        RandomGenerator rng = Seeds.generator(7);
        KOfNPromise any = KOfNPromise.firstN(n, n - s);
        List<Codeword> cws = codewords(code);
        int over = 0;
        int refused = 0;
        int samples = 4000;
        for (int t = 0; t < samples; t++) {
            Optional<CyclicCode.Solution> sol = code.decode(any.random(rng));
            if (sol.isEmpty()) {
                refused++;
                continue;
            }
            over += sol.get().condition() > Tolerances.MAX_CONDITION ? 1 : 0;
            // The decoder accepts ≤ DECODE_RESIDUAL; summation order may differ slightly here.
            assertThat(residual(cws, n, sol.get().coefficients()))
                    .isLessThan(2 * Tolerances.DECODE_RESIDUAL);
        }
        assertThat(over).isLessThanOrEqualTo(samples / 200);
        assertThat(refused).isLessThanOrEqualTo(samples / 1000);
        for (BitSet hard : any.adversarial()) {
            assertThat(code.decode(hard).orElseThrow().condition())
                    .isLessThan(Tolerances.MAX_CONDITION);
        }
    }
}
