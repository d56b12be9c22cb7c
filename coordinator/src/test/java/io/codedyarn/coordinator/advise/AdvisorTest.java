package io.codedyarn.coordinator.advise;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.codedyarn.placement.InvalidParametersException;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * A trace where worker 3 of 4 always takes 3 s per unit of load and the others 1 s. By hand, per
 * iteration: uncoded waits for all four at load 1: 3 s; cyclic s=1 has load 2 and waits for the
 * fastest n − s = 3: 2 × 1 = 2 s; cyclic s=2 (load 3, any 2): 3 s; cyclic s=3 (load 4, any 1): 4 s.
 */
class AdvisorTest {
    private static final String TRACE = trace();

    private static String trace() {
        StringBuilder b = new StringBuilder("iteration,worker,latency,load\n");
        for (int t = 0; t < 5; t++) {
            for (int w = 0; w < 4; w++) {
                b.append(t)
                        .append(',')
                        .append(w)
                        .append(',')
                        .append(w == 3 ? 3.0 : 1.0)
                        .append(",1\n");
            }
        }
        return b.toString();
    }

    @Test
    void ranksACodedSchemeAboveUncodedWhenOneWorkerIsThreeTimesSlower() throws Exception {
        List<Candidate> grid =
                CandidateGrid.of(
                        4, 1, new double[] {1, 1, 1, 1.0 / 3}, List.of("uncoded", "cyclic"));
        List<Prediction> ranked = Advisor.rank(grid, TRACE, 20, Advisor.ToTarget.recorded(50));
        Map<String, Prediction> by =
                ranked.stream()
                        .collect(
                                Collectors.toMap(
                                        p -> p.scheme() + " " + p.parameters(),
                                        Function.identity()));
        assertThat(by.get("uncoded -").secondsPerIteration()).isCloseTo(3.0, within(1e-12));
        assertThat(by.get("cyclic s=1").secondsPerIteration()).isCloseTo(2.0, within(1e-12));
        assertThat(by.get("cyclic s=2").secondsPerIteration()).isCloseTo(3.0, within(1e-12));
        assertThat(by.get("cyclic s=3").secondsPerIteration()).isCloseTo(4.0, within(1e-12));
        assertThat(ranked.get(0).scheme()).isEqualTo("cyclic");
        assertThat(ranked.get(0).parameters()).isEqualTo("s=1");
        assertThat(ranked.get(0).rank()).isEqualTo(1);
        assertThat(ranked.get(0).secondsToTarget()).isCloseTo(100.0, within(1e-9));
        assertThat(by.get("uncoded -").rank()).isGreaterThan(1);
        assertThat(by.get("uncoded -").secondsToTarget()).isCloseTo(150.0, within(1e-9));
    }

    @Test
    void inexactSchemesGetNoTimeToTargetWithoutData() throws Exception {
        List<Candidate> grid =
                CandidateGrid.of(4, 1, new double[] {1, 1, 1, 1}, List.of("dsag", "fastest-k"));
        List<Prediction> ranked = Advisor.rank(grid, TRACE, 20, Advisor.ToTarget.recorded(50));
        assertThat(ranked).isNotEmpty();
        assertThat(ranked)
                .allSatisfy(
                        p -> {
                            assertThat(p.rank()).isZero();
                            assertThat(p.exact()).isFalse();
                            assertThat(p.secondsToTarget()).isNaN();
                            assertThat(p.note()).contains("--data");
                        });
        // fastest-k s=1 waits for the 3 fast workers at load 1: 1 s
        assertThat(ranked)
                .filteredOn(p -> p.scheme().equals("fastest-k") && p.parameters().equals("s=1"))
                .singleElement()
                .satisfies(p -> assertThat(p.secondsPerIteration()).isCloseTo(1.0, within(1e-12)));
    }

    @Test
    void anUnknownSchemeIsRefusedNamingTheFlag() {
        assertThatThrownBy(() -> CandidateGrid.of(4, 1, new double[4], List.of("cyclic", "turbo")))
                .isInstanceOf(InvalidParametersException.class)
                .hasMessageContaining("--schemes")
                .hasMessageContaining("unknown scheme 'turbo'");
    }
}
