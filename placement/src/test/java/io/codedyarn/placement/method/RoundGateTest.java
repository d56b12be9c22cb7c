package io.codedyarn.placement.method;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codedyarn.placement.method.RoundGate.Status;
import org.junit.jupiter.api.Test;

class RoundGateTest {

    @Test
    void waitsForWFreshThenTwoPercentGrace() {
        RoundGate gate = new RoundGate(2);
        gate.reset();
        assertThat(gate.onArrival(0.5, false).status()).isEqualTo(Status.NOT_YET); // stale
        assertThat(gate.onArrival(1.0, true).status()).isEqualTo(Status.NOT_YET);
        assertThat(gate.onArrival(3.0, false).status()).isEqualTo(Status.NOT_YET); // stale
        assertThat(gate.decide(4.0, true).status()).isEqualTo(Status.NOT_YET);
        RoundGate.Decision d = gate.onArrival(5.0, true); // the w-th fresh one: L = 5
        assertThat(d.status()).isEqualTo(Status.IN_GRACE);
        assertThat(d.deadline()).isEqualTo(1.02 * 5.0);
        assertThat(gate.onArrival(5.05, false).status()).isEqualTo(Status.IN_GRACE);
        assertThat(gate.onArrival(5.08, true).status()).isEqualTo(Status.IN_GRACE);
        assertThat(gate.freshCount()).isEqualTo(3);
        assertThat(gate.decide(5.09, true).status()).isEqualTo(Status.IN_GRACE);
        assertThat(gate.decide(1.02 * 5.0, true).status()).isEqualTo(Status.DONE);
    }

    @Test
    void graceEndsEarlyWhenNoWorkerIsBusy() {
        RoundGate gate = new RoundGate(1);
        assertThat(gate.onArrival(2.0, true).status()).isEqualTo(Status.IN_GRACE);
        assertThat(gate.decide(2.01, false).status()).isEqualTo(Status.DONE);
    }

    @Test
    void zeroElapsedMeansNoGrace() {
        RoundGate gate = new RoundGate(1);
        assertThat(gate.onArrival(0.0, true).status()).isEqualTo(Status.DONE);
    }

    @Test
    void resetStartsANewIteration() {
        RoundGate gate = new RoundGate(1, 0.5);
        assertThat(gate.onArrival(4.0, true).deadline()).isEqualTo(6.0);
        gate.reset();
        assertThat(gate.freshCount()).isZero();
        assertThat(gate.decide(1.0, true).status()).isEqualTo(Status.NOT_YET);
        assertThat(gate.onArrival(2.0, true).deadline()).isEqualTo(3.0);
    }

    @Test
    void rejectsBadArguments() {
        assertThatThrownBy(() -> new RoundGate(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RoundGate(1, -0.1))
                .isInstanceOf(IllegalArgumentException.class);
        RoundGate gate = new RoundGate(1);
        gate.onArrival(2.0, false);
        assertThatThrownBy(() -> gate.onArrival(1.0, true))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
