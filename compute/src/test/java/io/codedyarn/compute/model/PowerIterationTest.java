package io.codedyarn.compute.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.codedyarn.placement.Seeds;
import org.junit.jupiter.api.Test;

/** Power iteration against closed forms: λ_max of a diagonal XᵀX, and X = 0. */
class PowerIterationTest {
    /** Runs it on XᵀX = diag(g) in this process. */
    private static PowerIteration run(double[] g, double relativeChange, int maxSteps) {
        PowerIteration p =
                new PowerIteration(g.length, Seeds.generator(5), relativeChange, maxSteps);
        while (!p.done()) {
            double[] u = p.point();
            double rayleigh = 0;
            double[] gram = new double[g.length];
            for (int j = 0; j < g.length; j++) {
                gram[j] = g[j] * u[j];
                rayleigh += u[j] * gram[j];
            }
            p.tell(rayleigh, gram);
        }
        return p;
    }

    @Test
    void findsTheLargestEigenvalue() {
        PowerIteration p = run(new double[] {1, 9, 4}, 1e-12, 1000);
        assertThat(p.estimate()).isCloseTo(9.0, within(1e-9));
        assertThat(Math.abs(p.point()[1])).isCloseTo(1.0, within(1e-6));
    }

    @Test
    void stopsAtTheStepLimit() {
        int[] steps = {0};
        PowerIteration p = new PowerIteration(2, Seeds.generator(6), 0, 3);
        while (!p.done()) {
            p.tell(1.0 + steps[0]++, new double[] {1, 1}); // never converges: the quotient grows
        }
        assertThat(steps[0]).isEqualTo(3);
        assertThat(p.estimate()).isEqualTo(3.0);
    }

    @Test
    void aZeroMatrixStopsAfterOneStepWithEstimateZero() {
        PowerIteration p = run(new double[] {0, 0}, 1e-6, 100);
        assertThat(p.estimate()).isZero();
        assertThat(p.done()).isTrue();
    }
}
