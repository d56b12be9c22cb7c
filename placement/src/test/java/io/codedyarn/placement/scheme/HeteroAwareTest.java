package io.codedyarn.placement.scheme;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.codedyarn.placement.Decoding;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.coding.KOfNPromise;
import io.codedyarn.placement.coding.Tolerances;
import io.codedyarn.placement.verify.PlanVerifier;
import io.codedyarn.placement.verify.VerifyReport;
import java.util.BitSet;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Digest hetero-gc §6 Example A with its H, exact fractions; cluster A; unloaded workers. */
class HeteroAwareTest {
    static final double[][] H_A = {{1, 2, 3, 4, 5}, {2, 3, 5, 7, 11}};
    static final double[] CLUSTER_A = {2, 2, 4, 4, 8, 8, 8, 12};

    static Plan exampleA() {
        SchemeParams p = SchemeParams.of(5, 1, 1).withSpeeds(1, 1, 2, 2, 4);
        return new HeteroAware(H_A).place(p, Seeds.generator(1));
    }

    static BitSet allBut(int n, int... missing) {
        BitSet b = new BitSet(n);
        b.set(0, n);
        for (int m : missing) {
            b.clear(m);
        }
        return b;
    }

    @Test
    void exampleAEncodingMatrix() {
        double[][] expected = {
            {-3, 0, 0, 0, 0},
            {0, 6.0 / 7, 0, 0, 0},
            {0, 0, 3.0 / 4, 3.0 / 4, 0},
            {1, 0, 0, 0, 2.0 / 3},
            {0, -1.0 / 7, -1.0 / 4, -1.0 / 4, -1.0 / 3}
        };
        Plan plan = exampleA();
        assertThat(plan.partitions()).isEqualTo(5);
        assertThat(plan.loads()).containsExactly(1, 1, 2, 2, 4);
        assertThat(plan.stored(3)).containsExactly(0, 4);
        double[][] b = plan.encodingMatrix();
        for (int i = 0; i < 5; i++) {
            assertThat(plan.assignment(i)).isEqualTo(i);
            for (int j = 0; j < 5; j++) {
                assertThat(b[i][j]).as("B[%d][%d]", i, j).isCloseTo(expected[i][j], within(1e-12));
            }
        }
        assertThat(plan.diagnostics()).containsKeys("worstCondition", "optimalTime");
        assertThat(plan.diagnostics().get("auxiliaryResidual")).isLessThan(1e-12);
    }

    @Test
    void exampleADecodingVectors() {
        double[][] expected = {
            {0, 1, 1, 1, -1},
            {-1, 0, -1, -2, -7},
            {-1.0 / 2, 1.0 / 2, 0, -1.0 / 2, -4},
            {-1.0 / 3, 2.0 / 3, 1.0 / 3, 0, -3},
            {1.0 / 6, 7.0 / 6, 4.0 / 3, 3.0 / 2, 0}
        };
        Plan plan = exampleA();
        for (int straggler = 0; straggler < 5; straggler++) {
            Optional<Decoding> d = plan.decoder().decode(allBut(5, straggler));
            assertThat(d).isPresent();
            assertThat(d.get().kind()).isEqualTo(Decoding.Kind.EXACT);
            for (int i = 0; i < 5; i++) {
                assertThat(d.get().coefficient(i))
                        .as("straggler %d, a[%d]", straggler, i)
                        .isCloseTo(expected[straggler][i], within(1e-12));
            }
        }
        // Two stragglers: refused, never a wrong gradient.
        assertThat(plan.decoder().decode(allBut(5, 0, 1))).isEmpty();
    }

    @Test
    void allFiveArrivedUsesTheFirstFour() {
        Decoding d = exampleA().decoder().decode(allBut(5)).orElseThrow();
        // Treated as straggler W4 (the last): a = (1/6, 7/6, 4/3, 3/2, 0).
        assertThat(d.coefficient(4)).isZero();
        assertThat(d.coefficient(0)).isCloseTo(1.0 / 6, within(1e-12));
    }

    @ParameterizedTest(name = "s={0}")
    @ValueSource(ints = {1, 2, 3, 4})
    void clusterADecodesEveryResponderSet(int s) {
        SchemeParams p = SchemeParams.of(8, s, 7).withSpeeds(CLUSTER_A);
        Plan plan = new HeteroAware().place(p, Seeds.generator(7));
        assertThat(plan.promise()).isInstanceOf(KOfNPromise.class);
        assertThat(((KOfNPromise) plan.promise()).k()).isEqualTo(8 - s);
        VerifyReport r = new PlanVerifier().verify(plan, Seeds.generator(3));
        assertThat(r.exhaustive()).isTrue();
        assertThat(r.failures()).isEmpty();
        assertThat(r.promisedSets()).isEqualTo(KOfNPromise.binomial(8, s));
        assertThat(plan.diagnostics().get("worstCondition"))
                .isLessThanOrEqualTo(Tolerances.MAX_CONDITION);
        for (int j = 0; j < plan.partitions(); j++) {
            assertThat(plan.copies(j)).isEqualTo(s + 1);
        }
    }

    @Test
    void unloadedWorkerIsExcluded() {
        SchemeParams p = SchemeParams.of(5, 1, 3).withSpeeds(4, 4, 4, 4, 1).withPartitions(2);
        Plan plan = new HeteroAware().place(p, Seeds.generator(3));
        assertThat(plan.loads()).containsExactly(1, 1, 1, 1, 0);
        assertThat(plan.assignment(4)).isEqualTo(-1);
        assertThat(plan.codeword(4).size()).isZero();
        assertThat(((KOfNPromise) plan.promise()).members()).containsExactly(0, 1, 2, 3);
        assertThat(((KOfNPromise) plan.promise()).k()).isEqualTo(3);
        assertThat(new PlanVerifier().verify(plan, Seeds.generator(1)).failures()).isEmpty();
    }

    @Test
    void noStragglersIsPlainSums() {
        Plan plan =
                new HeteroAware()
                        .place(SchemeParams.of(4, 0, 1).withSpeeds(1, 2, 3, 4), Seeds.generator(1));
        assertThat(plan.partitions()).isEqualTo(10);
        for (int i = 0; i < 4; i++) {
            assertThat(plan.codeword(i).coefficients()).containsOnly(1.0);
        }
        assertThat(plan.decoder().decode(allBut(4)).orElseThrow().coefficients()).containsOnly(1.0);
    }

    @Test
    void largeClusterStaysWellConditioned() {
        // Cluster D of Table II: 58 workers, vCPUs 4 x4, 8 x20, 12 x18, 16 x16; s = 3.
        double[] r = new double[58];
        int i = 0;
        for (int[] c : new int[][] {{4, 4}, {8, 20}, {12, 18}, {16, 16}}) {
            for (int t = 0; t < c[1]; t++) {
                r[i++] = c[0];
            }
        }
        Plan plan =
                new HeteroAware()
                        .place(SchemeParams.of(58, 3, 5).withSpeeds(r), Seeds.generator(5));
        assertThat(plan.partitions()).isEqualTo(162); // 648 / gcd(648, 4)
        assertThat(plan.diagnostics().get("worstCondition"))
                .isLessThanOrEqualTo(Tolerances.MAX_CONDITION);
        VerifyReport report = new PlanVerifier().verify(plan, Seeds.generator(2));
        assertThat(report.failures()).isEmpty();
        assertThat(report.maxRelativeError()).isLessThan(1e-10);
    }
}
