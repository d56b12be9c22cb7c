package io.codedyarn.repro;

import io.codedyarn.coordinator.lazy.LazyTrigger;
import java.util.Arrays;
import java.util.BitSet;

/**
 * One scheme's iterates on a {@link FashionLsq} problem, which in the paper's model do not depend
 * on the computing times: GD, GC and G-GD take exact gradient steps (decoding is exact), and the
 * lazy trigger (13)/(17) selects units from θ's history and the L_u alone ({@link LazyTrigger} has
 * no time input). So the trajectory — which units are active at each iteration and the loss after
 * it — is computed once per scheme, and the times are drawn afterwards ({@link IterationTimes}).
 *
 * <p>The lazy schemes run the production {@link LazyTrigger} (the coordinator's PS state) on the
 * error coordinates e = θ − θ* (selection uses only differences of iterates, so the shift changes
 * nothing; the unit gradient is H_u e). α = 1/L with L = λ_max(H), θ⁰ = 0.
 *
 * @param active units active at iteration i = 1..iterations ({@code active[i − 1]})
 * @param loss L(θ^i) for i = 0..iterations; the last is the first ≤ ε, unless {@code reached} is
 *     false (stopped at the iteration cap)
 * @param unitSmoothness the lazy trigger's L_u per unit (empty for the exact schemes)
 */
record LagcTrajectory(
        LagcScheme scheme, int[] active, double[] loss, boolean reached, double[] unitSmoothness) {

    int iterations() {
        return active.length;
    }

    /** The problem's pieces every scheme needs: H, its λ_max, and the step α = 1/L. */
    record Setup(FashionLsq problem, double[] hessian, double smoothness, double xi, int memory) {
        static Setup of(FashionLsq problem, double xi, int memory) {
            double[] h = problem.unitHessians(1)[0];
            return new Setup(problem, h, Dense.largestEigenvalue(h, problem.dim()), xi, memory);
        }

        double alpha() {
            return 1 / smoothness;
        }
    }

    /** Iterates until L(θ^i) ≤ ε or {@code cap} iterations. */
    static LagcTrajectory run(LagcScheme scheme, Setup setup, double epsilon, int cap) {
        return scheme.lazy()
                ? lazy(scheme, setup, epsilon, cap)
                : exact(scheme, setup, epsilon, cap);
    }

    /** θ^{i+1} = θ^i − α H e^i: one product gives both the loss ½eᵀHe and the gradient. */
    private static LagcTrajectory exact(LagcScheme scheme, Setup setup, double eps, int cap) {
        int p = setup.problem().dim();
        double[] e = setup.problem().thetaStar();
        for (int k = 0; k < p; k++) {
            e[k] = -e[k];
        }
        double[] g = new double[p];
        double[] loss = new double[cap + 1];
        int i = 0;
        while (true) {
            Dense.times(setup.hessian(), e, g, p);
            loss[i] = 0.5 * Dense.dot(e, g);
            if (loss[i] <= eps || i == cap) {
                break;
            }
            for (int k = 0; k < p; k++) {
                e[k] -= setup.alpha() * g[k];
            }
            i++;
        }
        int[] active = new int[i];
        Arrays.fill(active, scheme.units());
        return new LagcTrajectory(
                scheme, active, Arrays.copyOf(loss, i + 1), loss[i] <= eps, new double[0]);
    }

    private static LagcTrajectory lazy(LagcScheme scheme, Setup setup, double eps, int cap) {
        FashionLsq problem = setup.problem();
        int p = problem.dim();
        double[][] units = problem.unitHessians(scheme.units());
        double[] e0 = problem.thetaStar();
        for (int k = 0; k < p; k++) {
            e0[k] = -e0[k];
        }
        double[] smoothness = problem.smoothness(units);
        LazyTrigger trigger =
                LazyTrigger.grouped(smoothness, setup.alpha(), setup.xi(), setup.memory(), e0);
        double[] g = new double[p];
        double[] loss = new double[cap + 1];
        int[] active = new int[cap];
        int i = 0;
        while (true) {
            double[] e = trigger.theta();
            Dense.times(setup.hessian(), e, g, p);
            loss[i] = 0.5 * Dense.dot(e, g);
            if (loss[i] <= eps || i == cap) {
                break;
            }
            BitSet selected = trigger.select();
            for (int u = selected.nextSetBit(0); u >= 0; u = selected.nextSetBit(u + 1)) {
                trigger.refresh(u, Dense.times(units[u], e, p));
            }
            active[i] = selected.cardinality();
            trigger.step();
            i++;
        }
        return new LagcTrajectory(
                scheme,
                Arrays.copyOf(active, i),
                Arrays.copyOf(loss, i + 1),
                loss[i] <= eps,
                smoothness);
    }

    /** Σ of the per-iteration communication (7) over all iterations. */
    double totalCommunication() {
        double c = 0;
        for (int k : active) {
            c += scheme.communication(k);
        }
        return c;
    }

    double totalComputation() {
        double c = 0;
        for (int k : active) {
            c += scheme.computation(k);
        }
        return c;
    }

    double meanActive() {
        return Arrays.stream(active).average().orElse(Double.NaN);
    }
}
