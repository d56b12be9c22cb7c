package io.codedyarn.am.net;

import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.compute.task.TaskResult;
import io.codedyarn.protocol.ProtocolCodec;
import io.codedyarn.protocol.v1.Result;
import org.junit.jupiter.api.Test;

/**
 * The rounds a stream remembers: exactly the last {@value RoundsSent#REMEMBERED_ROUNDS} sent, in
 * send order, whatever their numbers (the ring that holds them grows and wraps around).
 */
class RoundsSentTest {
    private static Result answer(long round, int units) {
        Result.Builder r = Result.newBuilder().setRound(round);
        for (int u = 0; u < units; u++) {
            r.addValues(ProtocolCodec.vector(new double[] {1, 2, 3}));
        }
        return r.build();
    }

    @Test
    void remembersExactlyTheLastRoundsSentAsTheRingWraps() {
        RoundsSent s = new RoundsSent();
        int sent = 3 * RoundsSent.REMEMBERED_ROUNDS + 5;
        for (long r = 0; r < sent; r++) {
            s.sent(r, 1, 3, true);
        }
        long firstKept = sent - RoundsSent.REMEMBERED_ROUNDS;
        assertThat(s.check(answer(firstKept - 1, 1))).contains("which this stream was not sent");
        assertThat(s.check(answer(firstKept, 1))).isNull();
        assertThat(s.check(answer(sent - 1, 1))).isNull();
        assertThat(s.check(answer(sent, 1))).contains("the last task sent was round " + (sent - 1));
    }

    @Test
    void roundsFarApartAreRememberedByCountNotByNumber() {
        RoundsSent s = new RoundsSent();
        s.sent(0, 2, 3, true);
        s.sent(5_000, 1, 3, true);
        s.sent(1_000_000, 1, 3, true);
        assertThat(s.check(answer(0, 2))).isNull();
        assertThat(s.check(answer(0, 1))).endsWith("has 1 values for a task of 2 units");
        assertThat(s.check(answer(4_999, 1))).contains("which this stream was not sent");
        assertThat(s.check(answer(5_000, 1))).isNull();
    }

    @Test
    void aRoundIsAnsweredOnceAndAResendReopensIt() {
        RoundsSent s = new RoundsSent();
        for (long r = 0; r < 40; r++) { // past the ring's first growth
            s.sent(r, 1, 3, true);
        }
        s.answered(7);
        assertThat(s.check(answer(7, 1))).isEqualTo("a second result for round 7");
        assertThat(s.check(answer(8, 1))).isNull();
        s.sent(7, 2, 3, true); // sent again: its new shape, unanswered, at its old place
        assertThat(s.check(answer(7, 2))).isNull();
        for (long r = 40; r < RoundsSent.REMEMBERED_ROUNDS + 8; r++) {
            s.sent(r, 1, 3, true);
        }
        // 7 kept its place in the send order: of the 4,104 rounds, 0..7 are forgotten, 7 too
        assertThat(s.check(answer(7, 2))).contains("which this stream was not sent");
        assertThat(s.check(answer(8, 1))).isNull();
    }

    @Test
    void checksTheLengthAndFinitenessTheRoundsTaskGave() {
        RoundsSent s = new RoundsSent();
        s.sent(0, 1, 3, true);
        s.sent(1, 1, 4, false);
        double[] nan = {1, Double.NaN, 3};
        assertThat(s.checkValues(new TaskResult(0, 0, new double[][] {nan}, 0)))
                .contains("holds NaN at index 1 for a finite iterate");
        assertThat(s.checkValues(new TaskResult(0, 1, new double[][] {nan}, 0)))
                .contains("has 3 numbers, the task's kind and model need 4");
        assertThat(s.checkValues(new TaskResult(0, 1, new double[][] {{Double.NaN, 1, 2, 3}}, 0)))
                .isNull();
    }
}
