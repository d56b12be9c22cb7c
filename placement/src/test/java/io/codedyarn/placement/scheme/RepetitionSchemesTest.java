package io.codedyarn.placement.scheme;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codedyarn.placement.Codeword;
import io.codedyarn.placement.InvalidParametersException;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.coding.LeastSquaresDecoder;
import java.util.BitSet;
import org.junit.jupiter.api.Test;

class RepetitionSchemesTest {

    @Test
    void cyclicTandonExample() {
        Plan plan = new CyclicRepetition().place(SchemeParams.of(3, 1, 1), Seeds.generator(1));
        assertThat(plan.stored(0)).containsExactly(0, 1);
        assertThat(plan.stored(1)).containsExactly(1, 2);
        assertThat(plan.stored(2)).containsExactly(0, 2);
        assertThat(plan.promise().minimumSize()).isEqualTo(2);
        assertThat(plan.diagnostics()).containsKey("worstCondition");
        BitSet f = new BitSet();
        f.set(0);
        f.set(2);
        double[] a = plan.decoder().decode(f).orElseThrow().coefficients();
        double[] ls =
                new LeastSquaresDecoder(plan.codewords(), 3).decode(f).orElseThrow().coefficients();
        for (int i = 0; i < 3; i++) {
            assertThat(a[i]).isCloseTo(ls[i], org.assertj.core.api.Assertions.within(1e-12));
        }
        assertThat(a[1]).isZero();
    }

    @Test
    void cyclicRejectsTooManyStragglers() {
        assertThatThrownBy(
                        () ->
                                new CyclicRepetition()
                                        .place(SchemeParams.of(5, 5, 1), Seeds.generator(1)))
                .isInstanceOf(InvalidParametersException.class)
                .extracting(e -> ((InvalidParametersException) e).flag())
                .isEqualTo("--stragglers");
    }

    /** n = 4, s = 1: W0, W2 send g0+g1; W1, W3 send g2+g3. */
    @Test
    void fractionalExample() {
        Plan plan = new FractionalRepetition().place(SchemeParams.of(4, 1, 1), Seeds.generator(1));
        assertThat(plan.codeword(0)).isEqualTo(Codeword.sumOf(0, 1));
        assertThat(plan.codeword(2)).isEqualTo(Codeword.sumOf(0, 1));
        assertThat(plan.codeword(1)).isEqualTo(Codeword.sumOf(2, 3));
        assertThat(plan.codeword(3)).isEqualTo(Codeword.sumOf(2, 3));
        BitSet f = new BitSet();
        f.set(1);
        f.set(2);
        assertThat(plan.decoder().decode(f).orElseThrow().coefficients())
                .containsExactly(0, 1, 1, 0);
        f.clear(1);
        f.set(0);
        assertThat(plan.decoder().decode(f)).isEmpty(); // block {2,3} missing
        assertThat(plan.promise().count()).isEqualTo(4); // 2 holders per block, 2 blocks
    }

    @Test
    void fractionalNeedsDivisibility() {
        assertThatThrownBy(
                        () ->
                                new FractionalRepetition()
                                        .place(SchemeParams.of(10, 2, 1), Seeds.generator(1)))
                .isInstanceOf(InvalidParametersException.class)
                .hasMessageContaining("(s+1) must divide --workers")
                .extracting(e -> ((InvalidParametersException) e).flag())
                .isEqualTo("--stragglers");
    }
}
