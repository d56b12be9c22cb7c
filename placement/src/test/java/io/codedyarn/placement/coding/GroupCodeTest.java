package io.codedyarn.placement.coding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.codedyarn.placement.Codeword;
import io.codedyarn.placement.Decoding;
import io.codedyarn.placement.Seeds;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The in-group cyclic code: layout, exact decoding from any n − s, refusal when uncovered. */
class GroupCodeTest {

    /** Σ_c a_c B[c, j] for every batch j: must be 1 for an exact decoding. */
    private static double[] combined(List<Codeword> codewords, int n, Decoding d) {
        double[] sum = new double[n];
        for (int c = 0; c < codewords.size(); c++) {
            Codeword w = codewords.get(c);
            for (int t = 0; t < w.size(); t++) {
                sum[w.partition(t)] += d.coefficient(c) * w.coefficient(t);
            }
        }
        return sum;
    }

    @Test
    void cyclicSupportsAndExactDecodingFromEveryNMinusS() {
        for (int n = 2; n <= 9; n++) {
            for (int s = 0; s < n; s++) {
                GroupCode code = GroupCode.cyclic(n, s, Seeds.generator(31L * n + s));
                List<Codeword> cws = code.codewords();
                assertThat(cws).hasSize(n);
                for (int k = 0; k < n; k++) {
                    int[] expected = new int[s + 1];
                    for (int t = 0; t <= s; t++) {
                        expected[t] = (k + t) % n;
                    }
                    Arrays.sort(expected);
                    // Worker k stores batches [k + t]_n, t = 0..s (the cyclic-repetition layout).
                    assertThat(cws.get(k).partitions()).isEqualTo(expected);
                }
                int fn = n;
                int fs = s;
                KOfNPromise.firstN(n, n - s)
                        .forEach(
                                arrived -> {
                                    Optional<Decoding> d = code.decoder().decode(arrived);
                                    assertThat(d).as("n=%d s=%d %s", fn, fs, arrived).isPresent();
                                    for (int c = 0; c < fn; c++) {
                                        if (!arrived.get(c)) {
                                            assertThat(d.get().coefficient(c)).isZero();
                                        }
                                    }
                                    for (double v : combined(cws, fn, d.get())) {
                                        assertThat(v).isCloseTo(1.0, within(1e-9));
                                    }
                                });
            }
        }
    }

    @Test
    void refusesWhenABatchHasNoArrivedHolder() {
        for (int n = 3; n <= 9; n++) {
            for (int s = 0; s < n - 1; s++) {
                GroupCode code = GroupCode.cyclic(n, s, Seeds.generator(n * 7L + s));
                // Batch j is held by workers j−s..j: missing those s + 1 leaves it uncovered.
                for (int j = 0; j < n; j++) {
                    BitSet arrived = new BitSet();
                    arrived.set(0, n);
                    for (int t = 0; t <= s; t++) {
                        arrived.clear(Math.floorMod(j - t, n));
                    }
                    assertThat(code.decoder().decode(arrived)).isEmpty();
                }
            }
        }
    }

    @Test
    void cyclicCodeIsWellConditionedForThePapersGroupSizes() {
        // LAGC experiments: M_G = 5 (r_G = 4, s = 3), M_G = 10 and 20 (s = 3).
        for (int n : new int[] {5, 10, 20}) {
            GroupCode code = GroupCode.cyclic(n, 3, Seeds.generator(n));
            assertThat(code.construction()).isEqualTo("cyclic-auxiliary-H");
            assertThat(code.worstCondition())
                    .as("n=%d", n)
                    .isLessThanOrEqualTo(Tolerances.MAX_CONDITION);
        }
    }

    @Test
    void trivialCodes() {
        GroupCode replicated = GroupCode.cyclic(4, 3, Seeds.generator(1));
        assertThat(replicated.construction()).isEqualTo("replicated-sum");
        BitSet one = new BitSet();
        one.set(2);
        assertThat(replicated.decoder().decode(one).orElseThrow().coefficients())
                .containsExactly(0, 0, 1, 0);
        assertThat(replicated.decoder().decode(new BitSet())).isEmpty();
        GroupCode separate = GroupCode.cyclic(3, 0, Seeds.generator(1));
        assertThat(separate.construction()).isEqualTo("separate");
        BitSet two = new BitSet();
        two.set(0, 2);
        assertThat(separate.decoder().decode(two)).isEmpty();
        two.set(2);
        assertThat(separate.decoder().decode(two).orElseThrow().coefficients())
                .containsExactly(1, 1, 1);
    }
}
