package io.codedyarn.repro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.coding.CyclicCode;
import java.util.BitSet;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * Why {@link LagcTrajectory} may ignore the times: in the paper's model the times only decide which
 * F members of an active unit respond, and the production cyclic code decodes the unit's exact
 * gradient sum from every such responder set, so the step is the same whoever is fast. (The lazy
 * trigger's input is θ's history and the L_u only: {@code LazyTrigger} has no time argument.) Here:
 * responder sets drawn by the paper's time model (F fastest of n i.i.d. Pareto times) for GC (n =
 * 20, s = 3, F = 17) and a LAGC group (n = 5, s = 3, F = 2).
 */
class TimeIndependenceTest {

    @Test
    void everyResponderSetOfTheFastestDecodesTheExactGradient() {
        check(20, 3, 17, 1);
        check(5, 3, 2, 2);
    }

    private static void check(int n, int s, int f, long seed) {
        RandomGenerator rng = Seeds.generator(seed);
        CyclicCode code = CyclicCode.draw(n, s, rng);
        int dim = 7;
        double[][] g = new double[n][dim];
        double[] sum = new double[dim];
        for (int j = 0; j < n; j++) {
            for (int k = 0; k < dim; k++) {
                g[j][k] = 1e4 * rng.nextGaussian();
                sum[k] += g[j][k];
            }
        }
        IterationTimes times = new IterationTimes(new LagcScheme("x", 1, n, f, s + 1, false));
        for (int trial = 0; trial < 200; trial++) {
            double[] t = new double[n];
            for (int m = 0; m < n; m++) {
                t[m] = times.pareto(rng.nextDouble());
            }
            double[] sorted = t.clone();
            java.util.Arrays.sort(sorted);
            BitSet fastest = new BitSet(n);
            for (int m = 0; m < n; m++) {
                if (t[m] <= sorted[f - 1]) {
                    fastest.set(m);
                }
            }
            double[] a = code.decode(fastest).orElseThrow().coefficients();
            double[] decoded = new double[dim];
            for (int m = fastest.nextSetBit(0); m >= 0; m = fastest.nextSetBit(m + 1)) {
                int[] support = code.support(m);
                for (int q = 0; q < support.length; q++) {
                    for (int k = 0; k < dim; k++) {
                        decoded[k] += a[m] * code.coefficient(m, q) * g[support[q]][k];
                    }
                }
            }
            for (int k = 0; k < dim; k++) {
                assertThat(decoded[k]).isCloseTo(sum[k], within(1e-7 * 1e4 * n));
            }
        }
    }
}
