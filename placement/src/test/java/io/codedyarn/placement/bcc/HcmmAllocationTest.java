package io.codedyarn.placement.bcc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The digest's §5 reproduction of Fig. 5 (m = 500, n = 100, a = 20, s = 3107). */
class HcmmAllocationTest {

    private static double[] figureFiveMu() {
        double[] mu = new double[100];
        Arrays.fill(mu, 0, 95, 1.0);
        Arrays.fill(mu, 95, 100, 20.0);
        return mu;
    }

    @Test
    void lambdaRootsForFigureFive() {
        assertThat(HcmmAllocation.lambda(1, 20)).isCloseTo(23.1858, within(5e-5));
        assertThat(HcmmAllocation.lambda(20, 20)).isCloseTo(20.3004, within(5e-5));
    }

    @Test
    void lambdaSolvesTheStationarityCondition() {
        // e^{μ(λ−a)} = 1 + μλ, λ > a, for small and large μ·a (the bracket has to grow for small
        // μ).
        for (double[] ma : new double[][] {{1, 20}, {20, 20}, {1e-3, 20}, {0.5, 0.1}, {50, 3}}) {
            double mu = ma[0];
            double a = ma[1];
            double l = HcmmAllocation.lambda(mu, a);
            assertThat(l).isGreaterThan(a);
            assertThat(Math.exp(mu * (l - a)) / (1 + mu * l)).isCloseTo(1.0, within(1e-9));
        }
    }

    @Test
    void rejectsDegenerateParameters() {
        assertThatThrownBy(() -> HcmmAllocation.lambda(0, 20))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> HcmmAllocation.lambda(1, 0))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void figureFiveAllocation() {
        assertThat((long) Math.floor(500 * Math.log(500))).isEqualTo(3107);
        HcmmAllocation a = HcmmAllocation.solve(figureFiveMu(), 20, 3107);
        double[] lambda = a.lambda();
        double rate = 0;
        for (int i = 0; i < 100; i++) {
            double mu = i < 95 ? 1 : 20;
            rate += mu / (1 + mu * lambda[i]);
        }
        assertThat(rate).isCloseTo(4.1736, within(5e-5));
        assertThat(a.tau()).isCloseTo(744.44, within(0.005));
        assertThat(a.realLoads()[0]).isCloseTo(32.107, within(5e-4));
        assertThat(a.realLoads()[99]).isCloseTo(36.671, within(5e-4));
        int[] r = a.roundedLoads(500);
        assertThat(r[0]).isEqualTo(32);
        assertThat(r[99]).isEqualTo(37);
        assertThat(Arrays.stream(r).sum()).isEqualTo(3225);
        // Already above s: topping up changes nothing.
        assertThat(a.loads(500, 3107)).isEqualTo(r);
    }

    @Test
    void loadsAreToppedUpWhenRoundingLosesTheTarget() {
        // 100 equal workers, s = 3: every r* ≈ 0.03 rounds to 0; three of them get one each.
        double[] mu = new double[100];
        Arrays.fill(mu, 1.0);
        HcmmAllocation a = HcmmAllocation.solve(mu, 20, 3);
        assertThat(Arrays.stream(a.roundedLoads(3)).sum()).isZero();
        int[] r = a.loads(3, 3);
        assertThat(Arrays.stream(r).sum()).isEqualTo(3);
        assertThat(Arrays.copyOf(r, 3)).containsOnly(1); // ties go to the lowest index
    }

    @Test
    void loadsAreCappedAtTheNumberOfExamples() {
        // Two workers cannot reach s = 460 with 100 examples each: both hold everything.
        HcmmAllocation a = HcmmAllocation.solve(new double[] {1, 1}, 20, 460);
        assertThat(a.loads(100, 460)).containsExactly(100, 100);
    }
}
