package io.codedyarn.placement.scheme;

import static io.codedyarn.placement.scheme.HeteroAwareTest.allBut;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.codedyarn.placement.Decoding;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.coding.KOfNPromise;
import io.codedyarn.placement.verify.PlanVerifier;
import io.codedyarn.placement.verify.VerifyReport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Digest hetero-gc §6 Examples A and B (group-based), cluster A groups, Theorem 6. */
class HeteroGroupTest {
    static final double[][] H_B = {{1, 2, 3, 4}, {2, 3, 5, 7}};

    static Plan exampleB() {
        SchemeParams p = SchemeParams.of(6, 2, 1).withSpeeds(2, 4, 3, 1, 4, 4);
        return new HeteroGroup(H_B).place(p, Seeds.generator(1));
    }

    @Test
    void exampleAIsAllZeroOneWithTwoGroups() {
        Plan plan =
                new HeteroGroup()
                        .place(
                                SchemeParams.of(5, 1, 1).withSpeeds(1, 1, 2, 2, 4),
                                Seeds.generator(1));
        assertThat(plan.parameters())
                .containsEntry("groups", "2")
                .containsEntry("leftoverWorkers", "0")
                .doesNotContainKey("leftoverStragglers");
        int[] group = {0, 1, 1, 1, 0}; // {W1, W5} and {W2, W3, W4}
        for (int i = 0; i < 5; i++) {
            assertThat(plan.family().group(i)).isEqualTo(group[i]);
            assertThat(plan.codeword(i).coefficients()).containsOnly(1.0);
        }
        Decoding d = plan.decoder().decode(allBut(5, 1)).orElseThrow(); // f1 + f5
        assertThat(d.coefficients()).containsExactly(1, 0, 0, 0, 1);
        d = plan.decoder().decode(allBut(5, 0)).orElseThrow(); // f2 + f3 + f4
        assertThat(d.coefficients()).containsExactly(0, 1, 1, 1, 0);
        assertThat(plan.decoder().decode(allBut(5, 0, 1))).isEmpty();
    }

    @Test
    void exampleBEncodingMatrix() {
        double[][] expected = {
            {1, 1, 0, 0, 0, 0},
            {0, 0, 1, 1, 1, 1},
            {-2, -2, -3, 0, 0, 0},
            {0, 0, 0, 3.0 / 2, 0, 0},
            {1, 1, 0, 0, 3, 3},
            {0, 0, 1, -1.0 / 2, -2, -2}
        };
        Plan plan = exampleB();
        assertThat(plan.parameters())
                .containsEntry("groups", "1")
                .containsEntry("leftoverWorkers", "4")
                .containsEntry("leftoverStragglers", "1");
        int[] group = {0, 0, -1, -1, -1, -1};
        double[][] b = plan.encodingMatrix();
        for (int i = 0; i < 6; i++) {
            assertThat(plan.family().group(i)).isEqualTo(group[i]);
            for (int j = 0; j < 6; j++) {
                assertThat(b[i][j]).as("B[%d][%d]", i, j).isCloseTo(expected[i][j], within(1e-12));
            }
        }
    }

    @Test
    void exampleBLeftoverDecoding() {
        // W1 (worker 0) straggles, so the group {W1, W2} is incomplete; one leftover straggler.
        double[][] expected = {
            {0, 1, 1, 1},
            {-1, 0, -1, -2},
            {-1.0 / 2, 1.0 / 2, 0, -1.0 / 2},
            {-1.0 / 3, 2.0 / 3, 1.0 / 3, 0}
        };
        Plan plan = exampleB();
        for (int t = 0; t < 4; t++) {
            Decoding d = plan.decoder().decode(allBut(6, 0, 2 + t)).orElseThrow();
            assertThat(d.coefficient(0)).isZero();
            assertThat(d.coefficient(1)).isZero();
            for (int l = 0; l < 4; l++) {
                assertThat(d.coefficient(2 + l))
                        .as("leftover straggler W%d, a[W%d]", 3 + t, 3 + l)
                        .isCloseTo(expected[t][l], within(1e-12));
            }
        }
        // The complete group wins whenever both of its members arrived: plain sum.
        assertThat(plan.decoder().decode(allBut(6, 2, 3)).orElseThrow().coefficients())
                .containsExactly(1, 1, 0, 0, 0, 0);
        // Three stragglers: never decodable.
        assertThat(plan.decoder().decode(allBut(6, 0, 2, 3))).isEmpty();
    }

    @Test
    void exampleBIsTwoRobust() {
        VerifyReport r = new PlanVerifier().verify(exampleB(), Seeds.generator(4));
        assertThat(r.exhaustive()).isTrue();
        assertThat(r.promisedSets()).isEqualTo(15); // C(6, 4)
        assertThat(r.failures()).isEmpty();
    }

    @Test
    void clusterAGroupsMakeBZeroOne() {
        Plan plan =
                new HeteroGroup()
                        .place(
                                SchemeParams.of(8, 1, 1).withSpeeds(HeteroAwareTest.CLUSTER_A),
                                Seeds.generator(1));
        int[] group = {1, 1, 1, 1, 0, 0, 0, 1}; // {5,6,7} then {1,2,3,4,8}, 1-based
        for (int i = 0; i < 8; i++) {
            assertThat(plan.family().group(i)).isEqualTo(group[i]);
            assertThat(plan.codeword(i).coefficients()).containsOnly(1.0);
        }
    }

    /** Theorem 6: any n_eff − s loaded workers decode, groups or not, over every straggler set. */
    @ParameterizedTest(name = "r={0} s={1}")
    @CsvSource({
        "2 2 4 4 8 8 8 12, 1",
        "2 2 4 4 8 8 8 12, 2",
        "2 2 4 4 8 8 8 12, 3",
        "2 2 4 4 8 8 8 12, 4",
        "2 4 3 1 4 4, 2",
        "3 1 4 1 5 9 2 6 5 3, 3",
        "1 1 1 1 1 1 1 1 1, 2",
        "1.3 0.7 2.2 1.9 0.4 3.1 1.1, 2"
    })
    void theoremSixEveryResponderSetDecodes(String speeds, int s) {
        double[] r =
                java.util.Arrays.stream(speeds.split(" "))
                        .mapToDouble(Double::parseDouble)
                        .toArray();
        Plan plan =
                new HeteroGroup()
                        .place(SchemeParams.of(r.length, s, 9).withSpeeds(r), Seeds.generator(9));
        KOfNPromise promise = (KOfNPromise) plan.promise();
        assertThat(promise.k()).isEqualTo(promise.members().length - s);
        VerifyReport report = new PlanVerifier().verify(plan, Seeds.generator(2));
        assertThat(report.exhaustive()).isTrue();
        assertThat(report.failures()).isEmpty();
        int groups = Integer.parseInt(plan.parameters().get("groups"));
        assertThat(groups).isBetween(0, s + 1);
        for (int j = 0; j < plan.partitions(); j++) {
            assertThat(plan.copies(j)).isEqualTo(s + 1);
        }
    }
}
