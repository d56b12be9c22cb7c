package io.codedyarn.coordinator.optim;

import io.codedyarn.compute.model.Objective;
import io.codedyarn.compute.optim.GradientDescent;
import io.codedyarn.compute.optim.Lbfgs;
import io.codedyarn.compute.optim.Nesterov;
import io.codedyarn.compute.optim.Optimizer;
import io.codedyarn.compute.optim.Result;
import io.codedyarn.compute.optim.Termination;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.DoubleFunction;

/** Runs the loop-owning and the step-wise optimisers on one objective and records the points. */
final class Traces {
    private Traces() {}

    /** How the coordinator runs the loop-owning optimisers (stopped from outside). */
    static final Termination FOREVER = new Termination(Integer.MAX_VALUE, 0);

    /** The three optimisers, old and new. */
    enum Kind {
        GD(GradientDescent::new, GradientDescentSteps::new),
        NESTEROV(Nesterov::new, NesterovSteps::new),
        LBFGS(step -> new Lbfgs(), (step, x0) -> new LbfgsSteps(x0));

        private final DoubleFunction<Optimizer> old;
        private final BiFunction<Double, double[], StepwiseOptimizer> fresh;

        Kind(DoubleFunction<Optimizer> old, BiFunction<Double, double[], StepwiseOptimizer> fresh) {
            this.old = old;
            this.fresh = fresh;
        }

        Optimizer old(double step) {
            return old.apply(step);
        }

        StepwiseOptimizer fresh(double step, double[] x0) {
            return fresh.apply(step, x0);
        }
    }

    /** Thrown by a {@link Recording} objective asked for more than its cap: ends minimize. */
    private static final class Cap extends RuntimeException {
        Cap() {
            super("evaluation cap reached", null, false, false);
        }
    }

    /** Records a copy of each point evaluated; refuses (with {@link Cap}) beyond {@code cap}. */
    private static final class Recording implements Objective {
        private final Objective f;
        private final int cap;
        final List<double[]> points = new ArrayList<>();

        Recording(Objective f, int cap) {
            this.f = f;
            this.cap = cap;
        }

        @Override
        public double[] evaluate(double[] x) {
            if (points.size() == cap) {
                throw new Cap();
            }
            points.add(x.clone());
            return f.evaluate(x);
        }
    }

    /** What minimize evaluated, and its result when it returned within the cap (else null). */
    record Old(List<double[]> points, Result result) {}

    static Old minimize(Optimizer opt, Objective f, double[] x0, int cap, Termination stop) {
        Recording r = new Recording(f, cap);
        try {
            return new Old(r.points, opt.minimize(r, x0, stop));
        } catch (Cap c) {
            return new Old(r.points, null);
        }
    }

    /** What the ask/tell loop evaluated; states.get(i) is the state after the (i+1)-th tell. */
    record Steps(List<double[]> points, List<StepwiseOptimizer> states) {
        StepwiseOptimizer last() {
            return states.get(states.size() - 1);
        }
    }

    /** The coordinator's loop: ask, evaluate, tell, until finished or {@code cap} evaluations. */
    static Steps drive(StepwiseOptimizer s, Objective f, int cap) {
        List<double[]> points = new ArrayList<>();
        List<StepwiseOptimizer> states = new ArrayList<>();
        while (!s.finished() && points.size() < cap) {
            double[] x = s.point();
            points.add(x.clone());
            s = s.tell(f.evaluate(x));
            states.add(s);
        }
        return new Steps(points, states);
    }
}
