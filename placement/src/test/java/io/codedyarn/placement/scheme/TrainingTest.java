package io.codedyarn.placement.scheme;

import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.placement.Plan;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.Training;
import org.junit.jupiter.api.Test;

/** Each scheme declares the family of rounds it trains with, and that family's parameters. */
class TrainingTest {
    private static Training of(String scheme, SchemeParams p) {
        Plan plan = Schemes.byName(scheme).place(p, Seeds.generator(3));
        return Schemes.byName(scheme).training(plan);
    }

    @Test
    void sagAndDsagTrainAsynchronouslyWaitingForNMinusS() {
        SchemeParams p = SchemeParams.of(6, 2, 1);
        assertThat(of("sag", p)).isEqualTo(new Training.Asynchronous(4, Training.Memory.FRESH));
        assertThat(of("dsag", p))
                .isEqualTo(new Training.Asynchronous(4, Training.Memory.FRESH_AND_STALE));
        assertThat(of("sgd", p)).isEqualTo(new Training.Asynchronous(4, Training.Memory.NONE));
    }

    @Test
    void theLagFamilyIsLazyAndOnlyGGdRefreshesEveryGroup() {
        SchemeParams p = SchemeParams.of(6, 1, 1).withGroups(2);
        // F = M_G − r_G + 1 (LAGC §2.3–2.6): lag has groups of one worker; lagc 2 groups of 3 with
        // r_G = s + 1 = 2; in g-lag and g-gd every member stores its group's data (r_G = M_G), so
        // the fastest member decodes it
        assertThat(of("lag", SchemeParams.of(6, 0, 1))).isEqualTo(new Training.Lazy(true, 1));
        assertThat(of("lagc", p)).isEqualTo(new Training.Lazy(true, 2));
        assertThat(of("g-lag", p)).isEqualTo(new Training.Lazy(true, 1));
        assertThat(of("g-gd", p)).isEqualTo(new Training.Lazy(false, 1));
    }

    @Test
    void sspIsStaleSynchronousWithTheBoundFromStragglersOnUncodedBlocks() {
        SchemeParams p = SchemeParams.of(5, 3, 1).withPartitions(7);
        assertThat(of("ssp", p)).isEqualTo(new Training.StaleSynchronous(3));
        Plan plan = Schemes.byName("ssp").place(p, Seeds.generator(3));
        Plan uncoded = Schemes.byName("uncoded").place(p, Seeds.generator(3));
        for (int i = 0; i < 5; i++) { // the same disjoint blocks as uncoded GD
            assertThat(plan.stored(i)).containsExactly(uncoded.stored(i));
        }
        assertThat(plan.stragglers()).isZero();
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> Schemes.byName("ssp").place(SchemeParams.of(5, -1, 1), null))
                .hasMessageContaining("--stragglers")
                .hasMessageContaining("staleness");
    }

    @Test
    void everyOtherSchemeIsDecodeGated() {
        for (String s : Schemes.names()) {
            boolean async =
                    s.equals("sag") || s.equals("dsag") || s.equals("sgd") || s.equals("ssp");
            if (!async && !(Schemes.byName(s) instanceof LagFamily)) {
                // The default declaration does not read the plan.
                assertThat(Schemes.byName(s).training(null))
                        .as(s)
                        .isEqualTo(new Training.Decoded());
            }
        }
    }
}
