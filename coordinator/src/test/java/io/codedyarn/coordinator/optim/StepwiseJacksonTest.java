package io.codedyarn.coordinator.optim;

import static io.codedyarn.coordinator.optim.StepwiseEquivalenceTest.bits;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.codedyarn.compute.model.Objective;
import io.codedyarn.coordinator.optim.Problems.Problem;
import io.codedyarn.coordinator.optim.StrongWolfeSearch.Stage;
import io.codedyarn.coordinator.optim.Traces.Steps;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every state, checkpointed with a plain Jackson {@link ObjectMapper} (no annotations, no modules)
 * and read back with its class, writes the same JSON and resumes with bit for bit the same points
 * as the run that was not interrupted.
 */
class StepwiseJacksonTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** Evaluations per run (each state resumed to the end: quadratic in this). */
    private static final int N = 120;

    static Stream<Arguments> runs() {
        Problem quadratic = Problems.quadratic("quadratic", 41, 8, 30, 1);
        Problem logistic = Problems.logistic();
        Problem rosenbrock = Problems.rosenbrock(2);
        Problem nan = Problems.nanBeyond();
        Problem tooLarge = Problems.gradientTooLarge(1e20);
        Problem ignored = Problems.hugeIgnoredGradient();
        Problem far = Problems.farMinimum(3e3);
        return Stream.of(
                run(
                        "GD, " + quadratic,
                        new GradientDescentSteps(quadratic.step(), quadratic.x0()),
                        quadratic.f()),
                run(
                        "Nesterov, " + logistic,
                        new NesterovSteps(logistic.step(), logistic.x0()),
                        logistic.f()),
                run("L-BFGS, " + rosenbrock, new LbfgsSteps(rosenbrock.x0()), rosenbrock.f()),
                run("L-BFGS, " + nan, new LbfgsSteps(nan.x0()), nan.f()),
                run("L-BFGS, " + tooLarge, new LbfgsSteps(tooLarge.x0()), tooLarge.f()),
                run("L-BFGS, " + far, new LbfgsSteps(far.x0()), far.f()),
                run("L-BFGS, " + ignored, new LbfgsSteps(ignored.x0()), ignored.f()),
                run("L-BFGS (m = 3), " + logistic, new LbfgsSteps(3, logistic.x0()), logistic.f()),
                run(
                        "power method",
                        new PowerSteps(0.7, 10, 2, Problems.basis(42, 10, 2)),
                        Problems.pca(43, 100, 10, 2)));
    }

    private static Arguments run(String name, StepwiseOptimizer start, Objective f) {
        return Arguments.of(name, start, f);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("runs")
    void everyCheckpointResumesBitForBit(String name, StepwiseOptimizer start, Objective f)
            throws JsonProcessingException {
        Steps run = Traces.drive(start, f, N);
        List<StepwiseOptimizer> states = new ArrayList<>();
        states.add(start);
        states.addAll(run.states());
        String end = MAPPER.writeValueAsString(states.get(states.size() - 1));
        for (int t = 0; t < states.size(); t++) {
            StepwiseOptimizer s = states.get(t);
            String json = MAPPER.writeValueAsString(s);
            StepwiseOptimizer restored = MAPPER.readValue(json, s.getClass());
            assertThat(MAPPER.writeValueAsString(restored)).as("state %d", t).isEqualTo(json);
            assertThat(restored.finished()).isEqualTo(s.finished());
            assertThat(bits(restored.iterate())).isEqualTo(bits(s.iterate()));
            assertThat(restored.iterations()).isEqualTo(s.iterations());
            assertThat(restored.evaluations()).isEqualTo(s.evaluations());
            assertThat(restored.lastWasIterate()).isEqualTo(s.lastWasIterate());
            if (s.finished()) {
                continue;
            }
            Steps resumed = Traces.drive(restored, f, N - t);
            assertThat(resumed.points()).hasSize(run.points().size() - t);
            for (int i = 0; i < resumed.points().size(); i++) {
                assertThat(bits(resumed.points().get(i)))
                        .as("evaluation %d resumed from state %d", t + i, t)
                        .isEqualTo(bits(run.points().get(t + i)));
            }
            StepwiseOptimizer last = resumed.states().isEmpty() ? restored : resumed.last();
            assertThat(MAPPER.writeValueAsString(last)).isEqualTo(end);
        }
        if (start instanceof LbfgsSteps) {
            System.out.printf("%s: %s%n", name, searchStages(states));
        }
    }

    /** The checkpoints include L-BFGS in the middle of each part of the line search. */
    @org.junit.jupiter.api.Test
    void lbfgsCheckpointsCoverBracketZoomAndNonFiniteValues() throws JsonProcessingException {
        Problem nan = Problems.nanBeyond();
        List<StepwiseOptimizer> states =
                new ArrayList<>(Traces.drive(new LbfgsSteps(nan.x0()), nan.f(), N).states());
        Problem far = Problems.farMinimum(3e3);
        states.addAll(Traces.drive(new LbfgsSteps(far.x0()), far.f(), N).states());
        assertThat(searchStages(states)).contains("BRACKET after a trial", "ZOOM");
        boolean nanInZoom = false;
        for (StepwiseOptimizer s : states) {
            StrongWolfeSearch search = ((LbfgsSteps) s).search();
            if (search != null && search.stage() == Stage.ZOOM && Double.isNaN(search.phiHi())) {
                nanInZoom = true;
                assertThat(MAPPER.writeValueAsString(s)).contains("\"phiHi\":\"NaN\"");
            }
        }
        assertThat(nanInZoom).as("a zoom with φ(hi) = NaN was checkpointed").isTrue();
    }

    private static Set<String> searchStages(List<StepwiseOptimizer> states) {
        Set<String> seen = new java.util.TreeSet<>();
        for (StepwiseOptimizer s : states) {
            StrongWolfeSearch search = ((LbfgsSteps) s).search();
            if (search != null) {
                seen.add(
                        search.stage() == Stage.BRACKET && search.evaluations() > 0
                                ? "BRACKET after a trial"
                                : search.stage().toString());
            }
        }
        return seen;
    }
}
