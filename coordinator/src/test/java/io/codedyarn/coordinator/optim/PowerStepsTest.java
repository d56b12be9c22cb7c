package io.codedyarn.coordinator.optim;

import static io.codedyarn.coordinator.optim.StepwiseEquivalenceTest.bits;
import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.compute.model.Objective;
import io.codedyarn.compute.model.Pca;
import io.codedyarn.placement.Seeds;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/** {@link PowerSteps} repeats {@code Pca.update} / {@code GramSchmidt} bit for bit. */
class PowerStepsTest {
    /** Gaussian entries with the odd cases of Gram–Schmidt planted by {@code variant}. */
    private static double[] matrix(RandomGenerator rng, int d, int k, int variant) {
        double[] v = Problems.gaussian(rng, d * k);
        int c = k - 1;
        for (int r = 0; r < d; r++) {
            switch (variant) {
                case 1 -> v[r * k + c] = 0; // a zero column
                case 2 -> v[r * k + c] *= 1e-10; // below the guard sqrt(eps·d): not normalised
                case 3 -> v[r * k + c] = v[r * k]; // dependent on column 0
                case 4 -> v[r * k + c] = r == 0 ? Double.NaN : v[r * k + c]; // NaN → 0
                case 5 -> v[r * k] = r == d - 1 ? Double.POSITIVE_INFINITY : v[r * k];
                case 6 -> v[r * k + c] = r % 2 == 0 ? -0.0 : 1e-300; // signed zeros, subnormal
                default -> {}
            }
        }
        return v;
    }

    @Test
    void tellIsPcaUpdateBitForBit() {
        RandomGenerator rng = Seeds.generator(32);
        for (double eta : new double[] {1, 0.5, 0.1, 3, 1e-300}) {
            for (int variant = 0; variant <= 6; variant++) {
                int d = 9, k = 3;
                double[] v = matrix(rng, d, k, 0);
                double[] h = matrix(rng, d, k, variant);
                for (int m = 0; m < h.length; m++) {
                    h[m] *= 50;
                }
                double[] fg = new double[1 + h.length];
                fg[0] = rng.nextDouble();
                System.arraycopy(h, 0, fg, 1, h.length);

                double[] expected = v.clone();
                Pca.update(expected, h, eta, 1.0, d, k);
                PowerSteps next = new PowerSteps(eta, d, k, v).tell(fg);
                assertThat(bits(next.point()))
                        .as("eta %s, variant %d", eta, variant)
                        .isEqualTo(bits(expected));
                assertThat(bits(next.iterate())).isEqualTo(bits(v));
            }
        }
    }

    /** ExactMethod.trainPca's loop (evaluate at V, then Pca.update in place) against ask/tell. */
    @Test
    void runsTheCoordinatorsPowerIteration() {
        int d = 12, k = 3, rounds = 60;
        for (double eta : new double[] {1, 0.3}) {
            Objective f = Problems.pca(33, 200, d, k);
            double[] v = Problems.basis(34, d, k);
            List<double[]> expected = new ArrayList<>();
            for (int t = 0; t < rounds; t++) {
                expected.add(v.clone());
                double[] fg = f.evaluate(v);
                double[] h = new double[v.length];
                System.arraycopy(fg, 1, h, 0, h.length);
                Pca.update(v, h, eta, 1.0, d, k);
            }

            Traces.Steps now =
                    Traces.drive(new PowerSteps(eta, d, k, Problems.basis(34, d, k)), f, rounds);
            assertThat(now.points()).hasSize(rounds);
            for (int t = 0; t < rounds; t++) {
                assertThat(bits(now.points().get(t)))
                        .as("round %d", t)
                        .isEqualTo(bits(expected.get(t)));
                StepwiseOptimizer s = now.states().get(t);
                assertThat(s.finished()).isFalse();
                assertThat(s.lastWasIterate()).isTrue();
                assertThat(s.iterations()).isEqualTo(t);
                assertThat(s.evaluations()).isEqualTo(t + 1);
                assertThat(bits(s.iterate())).isEqualTo(bits(expected.get(t)));
            }
            assertThat(bits(now.last().point())).isEqualTo(bits(v));
        }
    }
}
