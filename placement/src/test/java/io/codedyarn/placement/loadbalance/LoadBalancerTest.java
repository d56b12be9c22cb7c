package io.codedyarn.placement.loadbalance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.codedyarn.placement.Seeds;
import java.util.Arrays;
import java.util.Optional;
import java.util.Set;
import java.util.random.RandomGenerator;
import org.apache.commons.math3.distribution.GammaDistribution;
import org.junit.jupiter.api.Test;

/** Algorithm 1 on DSAG Fig. 7's kind of scenario (N = 8, three workers slowed 2×) and its parts. */
class LoadBalancerTest {
    private static final int N = 8;
    private static final Set<Integer> SLOW = Set.of(1, 4, 6);

    private static int[] filled(int v) {
        int[] a = new int[N];
        Arrays.fill(a, v);
        return a;
    }

    /** e_Y = 0.01, e_Z = 0.1 at p (0.2 for the slowed workers), coefficient of variation ≈ 0.22. */
    private static LatencyStats slowdown(int[] p, double slowFactor) {
        double[] cm = new double[N];
        double[] cv = new double[N];
        double[] zm = new double[N];
        double[] zv = new double[N];
        for (int i = 0; i < N; i++) {
            double f = SLOW.contains(i) ? slowFactor : 1;
            cm[i] = 0.01;
            cv[i] = 1e-5;
            zm[i] = 0.1 * f;
            zv[i] = zm[i] * zm[i] * 0.05;
        }
        return new LatencyStats(cm, cv, zm, zv, p);
    }

    @Test
    void waitingForAllGivesSlowWorkersLessWorkAndCutsLatency() {
        int[] p0 = filled(20);
        int[] rows = filled(1000);
        LatencyStats stats = slowdown(p0, 2.0);
        LoadBalancer lb = new LoadBalancer(p0, LoadBalancer.Config.defaults());
        LoadBalancer.Result r = lb.optimizeDetailed(stats, p0, N, rows, Seeds.generator(42));
        assertThat(r.accepted()).isTrue();
        assertThat(r.loss0()).isCloseTo(0.21 / 0.11, within(1e-12));
        assertThat(r.loss()).isLessThan(1.1);
        int[] q = r.p();
        int minSlow = Integer.MAX_VALUE;
        int maxFast = 0;
        for (int i = 0; i < N; i++) {
            assertThat(q[i]).isBetween(1, rows[i]);
            if (SLOW.contains(i)) {
                minSlow = Math.min(minSlow, q[i]);
            } else {
                maxFast = Math.max(maxFast, q[i]);
            }
        }
        assertThat(minSlow).as("slow workers get higher p (less work)").isGreaterThan(maxFast);
        assertThat(maxFast).as("fast workers get more work").isLessThan(20);
        // w = N: every worker delivers every iteration (u = 1), so h(p') = mean(1/p') exactly, and
        // the constraint with its 1 % tolerance must hold.
        double h = lb.contribution(stats, q, N, rows, 20, 100, Seeds.generator(1));
        double exact = 0;
        for (int qi : q) {
            exact += 1.0 / (N * qi);
        }
        assertThat(h).isCloseTo(exact, within(1e-12));
        assertThat(h).isGreaterThanOrEqualTo(0.99 * r.minContribution());
        assertThat(r.minContribution()).isCloseTo(1.0 / 20, within(1e-15));
        // The simulated iteration latency drops clearly (0.249 → 0.175 with this seed).
        RandomGenerator rng = Seeds.generator(2);
        double before = stats.simulator().run(20_000, N, rng).meanLatency();
        double after = stats.at(q).simulator().run(20_000, N, rng).meanLatency();
        assertThat(after).isLessThan(0.8 * before);
        assertThat(lb.optimize(stats, p0, N, rows, Seeds.generator(42))).contains(q);
    }

    @Test
    void waitingForSomeKeepsTheContributionWithinTolerance() {
        int[] p0 = filled(20);
        int[] rows = filled(1000);
        LatencyStats stats = slowdown(p0, 2.0);
        LoadBalancer lb = new LoadBalancer(p0, LoadBalancer.Config.defaults());
        int w = 6;
        int[] q = lb.optimize(stats, p0, w, rows, Seeds.generator(43)).orElseThrow();
        double hMin = LoadBalancer.minContribution(p0, w, rows);
        assertThat(hMin).isCloseTo(6.0 / (8 * 20), within(1e-15));
        // A precise estimate (200 × 200 iterations, standard error ≈ 0.1 %) of h(p'): within the
        // 1 % tolerance plus 1 % for the optimizer's own 3 × 50-iteration noise.
        double h = lb.contribution(stats, q, w, rows, 200, 200, Seeds.generator(3));
        assertThat(h).isGreaterThanOrEqualTo(0.98 * hMin);
        for (int i = 0; i < N; i++) {
            for (int j = 0; j < N; j++) {
                if (SLOW.contains(i) && !SLOW.contains(j)) {
                    assertThat(q[i]).isGreaterThan(q[j]);
                }
            }
        }
        assertThat(LoadBalancer.loss(stats, q)).isLessThan(0.9 * LoadBalancer.loss(stats, p0));
    }

    @Test
    void balancedWorkersAreLeftAlone() {
        int[] p0 = filled(20);
        int[] rows = filled(1000);
        LatencyStats stats = slowdown(p0, 1.0);
        LoadBalancer lb = new LoadBalancer(p0, LoadBalancer.Config.defaults());
        assertThat(lb.optimize(stats, p0, N, rows, Seeds.generator(44))).isEmpty();
        assertThat(lb.optimize(stats, p0, 4, rows, Seeds.generator(45))).isEmpty();
    }

    @Test
    void staysWithinOneAndTheRowCountAndHonoursTheThreshold() {
        int[] p0 = filled(20);
        int[] rows = filled(24); // slow workers would want ~33 > n_i
        LatencyStats stats = slowdown(p0, 2.0);
        LoadBalancer lb = new LoadBalancer(p0, LoadBalancer.Config.defaults());
        LoadBalancer.Result r = lb.optimizeDetailed(stats, p0, N, rows, Seeds.generator(46));
        for (int i = 0; i < N; i++) {
            assertThat(r.p()[i]).isBetween(1, rows[i]);
        }
        // A threshold nothing can meet rejects any change.
        LoadBalancer picky =
                new LoadBalancer(p0, LoadBalancer.Config.defaults().withMinImprovement(0.01));
        assertThat(picky.optimize(stats, p0, N, filled(1000), Seeds.generator(47))).isEmpty();
        assertThatThrownBy(() -> lb.optimize(stats, filled(10), N, rows, Seeds.generator(1)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void stepIsOnePercentRoundedHalfEvenButAtLeastOne() {
        assertThat(LoadBalancer.delta(1)).isEqualTo(1);
        assertThat(LoadBalancer.delta(99)).isEqualTo(1);
        assertThat(LoadBalancer.delta(150)).isEqualTo(2);
        assertThat(LoadBalancer.delta(250)).isEqualTo(2); // 2.5 → 2 (Julia's round)
        assertThat(LoadBalancer.delta(349)).isEqualTo(3);
    }

    @Test
    void analyticFloorKeepsParticipationAwayFromZero() {
        double[] cm = {0.01, 0.01};
        double[] cv = {1e-6, 1e-6};
        double[] zm = {1.0, 3.0};
        double[] zv = {0.1, 0.3};
        LatencyStats stats = new LatencyStats(cm, cv, zm, zv, new int[] {1, 1});
        int[] rows = {10, 10};
        ContributionEstimator without = new ContributionEstimator(stats, rows, false);
        without.contribution(new int[] {1, 1}, 1, 3, 50, Seeds.generator(5));
        assertThat(without.participation(0)).isEqualTo(1.0);
        assertThat(without.participation(1)).isZero();

        ContributionEstimator with = new ContributionEstimator(stats, rows, true);
        double h = with.contribution(new int[] {1, 1}, 1, 3, 50, Seeds.generator(5));
        // Bound: F_Z1(c_Z)·(1 − F_Z0(c_Z))·F_Y1(c_Y)·(1 − F_Y0(c_Y)), c_Z = 2, c_Y = 0.01.
        GammaDistribution z0 = new GammaDistribution(10, 0.1);
        GammaDistribution z1 = new GammaDistribution(30, 0.1);
        GammaDistribution y = new GammaDistribution(100, 1e-4);
        double bound =
                z1.cumulativeProbability(2)
                        * (1 - z0.cumulativeProbability(2))
                        * y.cumulativeProbability(0.01)
                        * (1 - y.cumulativeProbability(0.01));
        assertThat(bound).isGreaterThan(0);
        assertThat(with.participation(1)).isCloseTo(bound, within(1e-6 * bound));
        assertThat(with.participation(0)).isEqualTo(1.0);
        assertThat(h).isCloseTo((1.0 + bound) / 2, within(1e-12));
    }

    @Test
    void optimizeIsAPureFunctionOfItsInputs() {
        int[] p0 = filled(20);
        int[] rows = filled(1000);
        LatencyStats stats = slowdown(p0, 2.0);
        LoadBalancer lb = new LoadBalancer(p0, LoadBalancer.Config.defaults());
        Optional<int[]> a = lb.optimize(stats, p0, 5, rows, Seeds.generator(48));
        Optional<int[]> b = lb.optimize(stats, p0, 5, rows, Seeds.generator(48));
        assertThat(a).isPresent();
        assertThat(a.get()).containsExactly(b.orElseThrow());
        assertThat(p0).containsOnly(20);
    }
}
