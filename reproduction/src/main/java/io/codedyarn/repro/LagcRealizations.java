package io.codedyarn.repro;

import io.codedyarn.placement.Seeds;
import java.util.random.RandomGenerator;

/**
 * R realizations of fresh i.i.d. times along one {@link LagcTrajectory}, for both latency models at
 * once (one governing uniform per iteration, {@link IterationTimes}): per realization the time to ε
 * T_ε = Σ_{i ≤ I_ε} t_i (10), and the loss L(t) = L(θ^{I(t)}) (6), (9) at the given times.
 *
 * @param timePareto T_ε per realization (Pareto); likewise {@code timeExp}
 * @param lossPareto [realization][grid point] L(t) at {@code gridPareto[j]}; likewise exp
 */
record LagcRealizations(
        double[] timePareto, double[] timeExp, double[][] lossPareto, double[][] lossExp) {

    static LagcRealizations simulate(
            LagcTrajectory t,
            int index,
            int realizations,
            long seed,
            double[] gridP,
            double[] gridE) {
        IterationTimes times = new IterationTimes(t.scheme());
        double[] tp = new double[realizations];
        double[] te = new double[realizations];
        double[][] lp = new double[realizations][gridP.length];
        double[][] le = new double[realizations][gridE.length];
        for (int r = 0; r < realizations; r++) {
            RandomGenerator rng = Seeds.generator(stream(seed, index, r));
            double sp = 0, se = 0;
            int jp = 0, je = 0;
            for (int i = 0; i < t.iterations(); i++) {
                double u = times.governing(t.active()[i], rng);
                double np = sp + times.pareto(u), ne = se + times.exponential(u);
                // grid points before iteration i+1 completes see θ^i
                for (; jp < gridP.length && gridP[jp] < np; jp++) {
                    lp[r][jp] = t.loss()[i];
                }
                for (; je < gridE.length && gridE[je] < ne; je++) {
                    le[r][je] = t.loss()[i];
                }
                sp = np;
                se = ne;
            }
            double last = t.loss()[t.iterations()];
            for (; jp < gridP.length; jp++) {
                lp[r][jp] = last; // the curve has ended at ε (the paper's curves stop there)
            }
            for (; je < gridE.length; je++) {
                le[r][je] = last;
            }
            tp[r] = sp;
            te[r] = se;
        }
        return new LagcRealizations(tp, te, lp, le);
    }

    /** A separate stream per (seed, scheme, realization). */
    static long stream(long seed, int index, int realization) {
        return seed * 0x9E3779B97F4A7C15L + 1_000_003L * index + realization;
    }

    /** Column j of a [realization][grid] table. */
    static double[] column(double[][] table, int j) {
        double[] c = new double[table.length];
        for (int r = 0; r < table.length; r++) {
            c[r] = table[r][j];
        }
        return c;
    }
}
