package io.codedyarn.coordinator.optim;

import static io.codedyarn.coordinator.optim.StepwiseEquivalenceTest.bits;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.codedyarn.compute.model.Objective;
import io.codedyarn.coordinator.optim.Problems.Problem;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The states are values: nothing changes them after construction, and misuse is refused. */
class StatesTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static List<StepwiseOptimizer> starts(Problem p) {
        return List.of(
                new GradientDescentSteps(p.step(), p.x0()),
                new NesterovSteps(p.step(), p.x0()),
                new LbfgsSteps(p.x0()),
                new LbfgsSteps(2, p.x0()));
    }

    @Test
    void tellLeavesTheStateAsItWas() throws JsonProcessingException {
        Problem p = Problems.rosenbrock(2);
        Objective pca = Problems.pca(51, 50, 4, 2);
        List<StepwiseOptimizer> starts = new java.util.ArrayList<>(starts(p));
        starts.add(new PowerSteps(1, 4, 2, Problems.basis(52, 4, 2)));
        for (StepwiseOptimizer s : starts) {
            Objective f = s instanceof PowerSteps ? pca : p.f();
            for (int t = 0; t < 60 && !s.finished(); t++) {
                String before = MAPPER.writeValueAsString(s);
                double[] fg = f.evaluate(s.point());
                StepwiseOptimizer a = s.tell(fg);
                StepwiseOptimizer b = s.tell(fg.clone());
                assertThat(MAPPER.writeValueAsString(s)).isEqualTo(before);
                assertThat(MAPPER.writeValueAsString(a)).isEqualTo(MAPPER.writeValueAsString(b));
                assertThat(a).isNotSameAs(s);
                s = a;
            }
        }
    }

    @Test
    void arraysAreCopiedInAndOut() throws JsonProcessingException {
        Problem p = Problems.rosenbrock(2);
        for (StepwiseOptimizer start : starts(p)) {
            double[] x0 = p.x0().clone();
            StepwiseOptimizer s = start;
            for (int t = 0; t < 25; t++) { // into L-BFGS's memory and a line search
                s = s.tell(p.f().evaluate(s.point()));
            }
            String json = MAPPER.writeValueAsString(s);
            double[] point = s.point();
            s.point()[0] = 42;
            s.iterate()[0] = 42;
            if (s instanceof LbfgsSteps l) {
                l.x()[0] = 42;
                l.fg()[0] = 42;
                l.pairs().get(0).s()[0] = 42;
                l.pairs().get(0).y()[0] = 42;
                l.search().p()[0] = 42;
                assertThatThrownBy(() -> l.pairs().clear())
                        .isInstanceOf(UnsupportedOperationException.class);
            }
            assertThat(MAPPER.writeValueAsString(s)).isEqualTo(json);
            assertThat(bits(s.point())).isEqualTo(bits(point));

            double[] mine = x0.clone();
            StepwiseOptimizer fresh = copyOf(start, mine);
            mine[0] = 42;
            assertThat(bits(fresh.point())).isEqualTo(bits(x0));
        }
        double[] v = Problems.basis(53, 3, 1);
        PowerSteps power = new PowerSteps(1, 3, 1, v);
        double[] expected = v.clone();
        v[0] = 42;
        assertThat(bits(power.point())).isEqualTo(bits(expected));
    }

    private static StepwiseOptimizer copyOf(StepwiseOptimizer start, double[] x0) {
        if (start instanceof GradientDescentSteps g) {
            return new GradientDescentSteps(g.step(), x0);
        }
        if (start instanceof NesterovSteps n) {
            return new NesterovSteps(n.step(), x0);
        }
        return new LbfgsSteps(((LbfgsSteps) start).memory(), x0);
    }

    @Test
    void misuseIsRefused() {
        // finished at x0: ∇F = 0
        Objective flat = x -> new double[] {1, 0, 0};
        for (StepwiseOptimizer s : starts(new Problem("flat", flat, new double[2], 0.1))) {
            assertThatThrownBy(() -> s.tell(new double[] {1, 0}))
                    .isInstanceOf(IllegalArgumentException.class);
            StepwiseOptimizer done = s.tell(flat.evaluate(s.point()));
            assertThat(done.finished()).isTrue();
            assertThat(done.lastWasIterate()).isTrue();
            assertThat(done.iterations()).isZero();
            assertThat(done.evaluations()).isOne();
            assertThatThrownBy(done::point).isInstanceOf(IllegalStateException.class);
            assertThatThrownBy(() -> done.tell(new double[] {1, 0, 0}))
                    .isInstanceOf(IllegalStateException.class);
        }
        assertThatThrownBy(() -> new GradientDescentSteps(0, new double[1]))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new NesterovSteps(Double.NaN, new double[1]))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new LbfgsSteps(0, new double[1]))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new PowerSteps(1, 2, 2, new double[3]))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new PowerSteps(-1, 2, 1, new double[2]))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
