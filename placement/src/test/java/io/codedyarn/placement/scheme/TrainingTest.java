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
        assertThat(of("lag", SchemeParams.of(6, 0, 1))).isEqualTo(new Training.Lazy(true));
        assertThat(of("lagc", p)).isEqualTo(new Training.Lazy(true));
        assertThat(of("g-lag", p)).isEqualTo(new Training.Lazy(true));
        assertThat(of("g-gd", p)).isEqualTo(new Training.Lazy(false));
    }

    @Test
    void everyOtherSchemeIsDecodeGated() {
        for (String s : Schemes.names()) {
            boolean async = s.equals("sag") || s.equals("dsag") || s.equals("sgd");
            if (!async && !(Schemes.byName(s) instanceof LagFamily)) {
                // The default declaration does not read the plan.
                assertThat(Schemes.byName(s).training(null))
                        .as(s)
                        .isEqualTo(new Training.Decoded());
            }
        }
    }
}
