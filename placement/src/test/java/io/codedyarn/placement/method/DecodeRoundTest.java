package io.codedyarn.placement.method;

import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.placement.Plan;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.scheme.Schemes;
import org.junit.jupiter.api.Test;

/** {@link DecodeRound} on uncoded with 3 workers: the round needs all three codewords. */
class DecodeRoundTest {
    private static final Plan UNCODED =
            Schemes.byName("uncoded").place(SchemeParams.of(3, 0, 1), Seeds.generator(1));

    private static DecodeRound sentToEach() {
        DecodeRound round = new DecodeRound(UNCODED.decoder(), 3);
        for (int w = 0; w < 3; w++) {
            round.expect(UNCODED.sends(w));
        }
        return round;
    }

    @Test
    void aLostCodewordThatNobodyElseWasAskedEndsTheChanceToDecode() {
        DecodeRound round = sentToEach();
        assertThat(round.decodable()).isTrue();
        round.lost(UNCODED.sends(1));
        assertThat(round.decodable()).isFalse();
    }

    @Test
    void aCodewordAskedOfTwoWorkersIsLostOnlyWhenBothFail() {
        DecodeRound round = sentToEach();
        round.expect(UNCODED.sends(1)); // a second worker was asked codeword 1 (a backup)
        round.lost(UNCODED.sends(1));
        assertThat(round.decodable()).as("the other sender may still deliver it").isTrue();
        round.lost(UNCODED.sends(1));
        assertThat(round.decodable()).isFalse();
    }

    @Test
    void whatArrivedIsNeverLostAndArrivalsDecode() {
        DecodeRound round = sentToEach();
        assertThat(round.arrive(UNCODED.sends(0))).isEmpty();
        round.lost(UNCODED.sends(0)); // its worker failed after it answered
        round.lost(UNCODED.sends(0)); // and a failure reported twice takes nothing more
        assertThat(round.arrived(UNCODED.sends(0)[0])).isTrue();
        assertThat(round.decodable()).isTrue();
        assertThat(round.arrive(UNCODED.sends(1))).isEmpty();
        assertThat(round.arrive(UNCODED.sends(2))).isPresent();
    }
}
