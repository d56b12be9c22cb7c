package io.codedyarn.coordinator.optim;

import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.compute.optim.Result;
import io.codedyarn.compute.optim.Termination;
import io.codedyarn.coordinator.optim.Problems.Problem;
import io.codedyarn.coordinator.optim.Traces.Kind;
import io.codedyarn.coordinator.optim.Traces.Old;
import io.codedyarn.coordinator.optim.Traces.Steps;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The step-wise optimisers against their loop-owning twins under {@code Termination(MAX, 0)}: the
 * same points bit for bit, the same stop, the same iterates and counts.
 */
class StepwiseEquivalenceTest {
    /** Evaluations compared per run (the diverging GD case needs ≈ 1,000 to reach NaN). */
    private static final int CAP = 2_000;

    /** Evaluations over which the iterates are checked (one minimize run per iterate). */
    private static final int ITERATE_CAP = 300;

    static Stream<Arguments> cases() {
        List<Arguments> cases = new ArrayList<>();
        for (Kind kind : Kind.values()) {
            for (Problem p : Problems.all()) {
                cases.add(Arguments.of(kind, p));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("cases")
    void evaluatesTheSamePointsAndStopsWhenMinimizeReturns(Kind kind, Problem p) {
        Old old = Traces.minimize(kind.old(p.step()), p.f(), p.x0(), CAP, Traces.FOREVER);
        Steps now = Traces.drive(kind.fresh(p.step(), p.x0()), p.f(), CAP);

        assertSamePoints(now.points(), old.points());
        for (int i = 0; i + 1 < now.states().size(); i++) {
            assertThat(now.states().get(i).finished()).as("state %d", i).isFalse();
            assertThat(now.states().get(i).evaluations()).isEqualTo(i + 1);
        }
        StepwiseOptimizer last = now.last();
        Result r = old.result();
        if (r == null) { // minimize wanted more: so must the step-wise optimiser
            assertThat(now.points()).hasSize(CAP);
            assertThat(last.finished()).isFalse();
            return;
        }
        assertThat(last.finished()).as("finished when minimize returned").isTrue();
        assertThat(last.iterations()).isEqualTo(r.iterations());
        assertThat(last.evaluations()).isEqualTo(r.evaluations());
        assertThat(bits(last.iterate())).isEqualTo(bits(r.x()));
    }

    /**
     * minimize with Termination(j, 0) returns x_j after r.evaluations() evaluations: that
     * evaluation, and only such ones, must be flagged {@link StepwiseOptimizer#lastWasIterate()},
     * with iterate() = x_j and iterations() = j.
     */
    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("cases")
    void flagsExactlyThePointsMinimizeMovesTo(Kind kind, Problem p) {
        Steps now = Traces.drive(kind.fresh(p.step(), p.x0()), p.f(), ITERATE_CAP);
        TreeSet<Integer> expected = new TreeSet<>();
        for (int j = 0; ; j++) {
            Old old =
                    Traces.minimize(
                            kind.old(p.step()), p.f(), p.x0(), ITERATE_CAP, new Termination(j, 0));
            Result r = old.result();
            if (r == null || r.iterations() < j) {
                break; // x_j lies beyond the cap, or minimize stopped before reaching it
            }
            int i = r.evaluations() - 1;
            StepwiseOptimizer s = now.states().get(i);
            assertThat(s.lastWasIterate()).as("evaluation %d (x_%d)", i, j).isTrue();
            assertThat(s.iterations()).isEqualTo(j);
            assertThat(bits(s.iterate())).isEqualTo(bits(r.x()));
            assertThat(bits(now.points().get(i))).isEqualTo(bits(r.x()));
            expected.add(i);
        }
        TreeSet<Integer> flagged = new TreeSet<>();
        for (int i = 0; i < now.states().size(); i++) {
            if (now.states().get(i).lastWasIterate()) {
                flagged.add(i);
            }
        }
        assertThat(flagged).isEqualTo(expected);
        if (kind != Kind.LBFGS) { // one evaluation per iteration
            assertThat(flagged).hasSize(now.states().size());
        }
    }

    private static void assertSamePoints(List<double[]> actual, List<double[]> expected) {
        for (int i = 0; i < Math.min(actual.size(), expected.size()); i++) {
            assertThat(Arrays.equals(actual.get(i), expected.get(i)))
                    .as(
                            "evaluation %d: %s vs %s",
                            i, Arrays.toString(actual.get(i)), Arrays.toString(expected.get(i)))
                    .isTrue();
        }
        assertThat(actual).hasSameSizeAs(expected);
    }

    /** The raw bits, so that AssertJ compares -0.0 and NaN payloads exactly. */
    static long[] bits(double[] x) {
        long[] b = new long[x.length];
        for (int i = 0; i < x.length; i++) {
            b[i] = Double.doubleToRawLongBits(x[i]);
        }
        return b;
    }
}
