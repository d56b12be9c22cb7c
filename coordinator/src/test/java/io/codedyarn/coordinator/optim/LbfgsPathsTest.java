package io.codedyarn.coordinator.optim;

import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.coordinator.optim.LbfgsSteps.Phase;
import io.codedyarn.coordinator.optim.Problems.Problem;
import io.codedyarn.coordinator.optim.StrongWolfeSearch.Stage;
import io.codedyarn.coordinator.optim.Traces.Steps;
import java.util.EnumMap;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The problems of {@link Problems} drive L-BFGS through every branch of Algorithms 3.5/3.6 and of
 * Lbfgs's restart rule (so that {@link StepwiseEquivalenceTest} compares them all with the old
 * code). Each transition between two consecutive states is classified from the states alone.
 */
class LbfgsPathsTest {
    enum Path {
        ZOOM_TRIAL,
        BRACKET_DOUBLED,
        ACCEPTED_IN_BRACKET,
        ACCEPTED_IN_ZOOM,
        FAILED_BUDGET,
        FAILED_COLLAPSED_BRACKET,
        FAILED_BEFORE_ANY_TRIAL,
        RESTART,
        ACCEPTED_AFTER_RESTART,
        GAVE_UP_AFTER_RESTART,
        GAVE_UP_EMPTY_MEMORY,
        STOPPED_ZERO_OR_NAN_GRADIENT
    }

    @Test
    void everyBranchIsExercised() {
        Map<Path, Integer> seen = new EnumMap<>(Path.class);
        Map<String, Map<Path, Integer>> byProblem = new TreeMap<>();
        for (Problem p : Problems.all()) {
            Steps run = Traces.drive(new LbfgsSteps(p.x0()), p.f(), 2_000);
            Map<Path, Integer> here = new EnumMap<>(Path.class);
            LbfgsSteps before = (LbfgsSteps) run.states().get(0);
            for (int i = 1; i < run.states().size(); i++) {
                LbfgsSteps after = (LbfgsSteps) run.states().get(i);
                classify(before, after).forEach(path -> here.merge(path, 1, Integer::sum));
                before = after;
            }
            if (before.finished() && before.lastWasIterate()) {
                here.merge(Path.STOPPED_ZERO_OR_NAN_GRADIENT, 1, Integer::sum);
            }
            here.forEach((path, n) -> seen.merge(path, n, Integer::sum));
            byProblem.put(p.name(), here);
        }
        byProblem.forEach((name, paths) -> System.out.printf("%-45s %s%n", name, paths));
        assertThat(seen.keySet()).containsExactlyInAnyOrder(Path.values());
    }

    /**
     * Odd, and reproduced on purpose ({@link StepwiseEquivalenceTest} shows minimize does the
     * same): once ‖∇F‖ overflows to ∞ with a finite gradient, the retry along −∇F starts at α₁ =
     * 1/∞ = 0, the trial is x_k itself, φ'(0) = −∞ turns the sufficient-decrease bound into NaN (so
     * it cannot fail) and |φ'(0)| ≤ c₂|φ'(0)| holds: α = 0 is accepted, the pair s = 0 is not
     * stored, and the same happens at the next iteration — the iterate repeats and L-BFGS never
     * finishes (the coordinator stops it after its rounds).
     */
    @Test
    void anOverflowingGradientNormMakesLbfgsRepeatItsIterate() {
        Problem p = Problems.hugeIgnoredGradient();
        Steps run = Traces.drive(new LbfgsSteps(p.x0()), p.f(), 500);
        assertThat(run.points()).hasSize(500);
        LbfgsSteps last = (LbfgsSteps) run.last();
        assertThat(last.finished()).isFalse();
        assertThat(Vectors.norm(last.fg(), 1)).isInfinite();
        assertThat(last.search().alpha()).isZero();
        for (int i = 400; i < 500; i++) {
            StepwiseOptimizer s = run.states().get(i);
            assertThat(s.lastWasIterate()).isTrue();
            assertThat(s.iterations()).isEqualTo(run.states().get(i - 1).iterations() + 1);
            assertThat(StepwiseEquivalenceTest.bits(run.points().get(i)))
                    .isEqualTo(StepwiseEquivalenceTest.bits(last.iterate()));
        }
    }

    private static java.util.List<Path> classify(LbfgsSteps before, LbfgsSteps after) {
        java.util.List<Path> paths = new java.util.ArrayList<>();
        StrongWolfeSearch s = before.search(); // the search the told point belonged to
        if (after.lastWasIterate()) {
            paths.add(
                    s.stage() == Stage.BRACKET ? Path.ACCEPTED_IN_BRACKET : Path.ACCEPTED_IN_ZOOM);
            if (before.restarted()) {
                paths.add(Path.ACCEPTED_AFTER_RESTART);
            }
            if (after.restarted()) { // the search from the new iterate failed without a trial
                paths.add(Path.FAILED_BEFORE_ANY_TRIAL);
                paths.add(Path.RESTART);
                if (after.finished()) { // and again along −∇F
                    paths.add(Path.GAVE_UP_AFTER_RESTART);
                }
            } else if (after.finished() && Vectors.norm(after.fg(), 1) > 0) {
                paths.add(Path.FAILED_BEFORE_ANY_TRIAL);
                paths.add(Path.GAVE_UP_EMPTY_MEMORY);
            }
            return paths;
        }
        if (after.phase() == Phase.SEARCH && after.search().evaluations() > 0) {
            paths.add(
                    after.search().stage() == Stage.ZOOM ? Path.ZOOM_TRIAL : Path.BRACKET_DOUBLED);
            return paths;
        }
        // the search failed after this trial
        paths.add(
                s.evaluations() + 1 == StrongWolfeSearch.MAX_EVALUATIONS
                        ? Path.FAILED_BUDGET
                        : Path.FAILED_COLLAPSED_BRACKET);
        if (after.finished()) {
            paths.add(before.restarted() ? Path.GAVE_UP_AFTER_RESTART : Path.GAVE_UP_EMPTY_MEMORY);
        } else {
            paths.add(Path.RESTART);
        }
        return paths;
    }
}
