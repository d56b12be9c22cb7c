package io.codedyarn.placement.loadbalance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.codedyarn.placement.Seeds;
import java.util.Arrays;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/** The digest §8 sanity checks, the grace window, and event-driven vs one-shot (DSAG Fig. 6). */
class EventDrivenSimulatorTest {

    private static double[] filled(int n, double v) {
        double[] a = new double[n];
        Arrays.fill(a, v);
        return a;
    }

    @Test
    void waitingForAllTakesTheMaximumAndEveryoneParticipates() {
        double[] comp = {0.1, 0.2, 0.3, 0.4, 0.5};
        double[] tiny = filled(5, 1e-12);
        EventDrivenSimulator sim =
                new EventDrivenSimulator(filled(5, 0.01), tiny, comp, tiny)
                        .run(200, 5, Seeds.generator(1));
        for (int t = 0; t < 200; t++) {
            assertThat(sim.latency(t)).isCloseTo(0.51, within(1e-4));
        }
        for (int i = 0; i < 5; i++) {
            assertThat(sim.participation(i)).isEqualTo(1.0);
            assertThat(sim.stale(i)).isZero();
        }
        assertThat(sim.totalTime()).isCloseTo(200 * 0.51, within(1e-2));
    }

    @Test
    void waitingForOneOnlyTheFastestParticipates() {
        double[] comp = {1.0, 2.5, 4.0, 7.0};
        double[] tiny = filled(4, 1e-10);
        EventDrivenSimulator sim =
                new EventDrivenSimulator(filled(4, 0), filled(4, 0), comp, tiny)
                        .run(500, 1, Seeds.generator(2));
        assertThat(sim.participation(0)).isEqualTo(1.0);
        for (int i = 1; i < 4; i++) {
            assertThat(sim.participation(i)).as("u_%d", i).isLessThanOrEqualTo(0.01);
            assertThat(sim.stale(i)).as("stale results of %d", i).isGreaterThan(50);
        }
        assertThat(sim.meanLatency()).isCloseTo(1.0, within(1e-3));
    }

    @Test
    void graceWindowCountsAWorkerWithinTwoPercent() {
        double[] zero = {0, 0};
        EventDrivenSimulator near =
                new EventDrivenSimulator(zero, zero, new double[] {1.0, 1.015}, zero)
                        .run(50, 1, Seeds.generator(3));
        assertThat(near.participation(0)).isEqualTo(1.0);
        assertThat(near.participation(1)).isEqualTo(1.0);
        assertThat(near.latency(7)).isCloseTo(1.015, within(1e-12));

        EventDrivenSimulator far =
                new EventDrivenSimulator(zero, zero, new double[] {1.0, 1.03}, zero)
                        .run(50, 1, Seeds.generator(3));
        assertThat(far.participation(0)).isEqualTo(1.0);
        assertThat(far.participation(1)).isZero();
        assertThat(far.stale(1)).isGreaterThan(40);
        assertThat(far.latency(7)).isCloseTo(1.0, within(1e-12));

        // Grace 0 turns the window off: the near worker is then always late.
        near.run(50, 1, 0.0, Seeds.generator(3));
        assertThat(near.participation(1)).isZero();
    }

    /** N = 72 heterogeneous workers, as in DSAG Fig. 6. */
    private static EventDrivenSimulator heterogeneous(RandomGenerator rng) {
        int n = 72;
        double[] cm = new double[n];
        double[] cv = new double[n];
        double[] zm = new double[n];
        double[] zv = new double[n];
        for (int i = 0; i < n; i++) {
            cm[i] = 0.002 * (1 + rng.nextDouble());
            cv[i] = cm[i] * cm[i] * 0.1;
            zm[i] = 0.05 * (1 + 0.4 * rng.nextDouble());
            zv[i] = zm[i] * zm[i] * 0.05;
        }
        return new EventDrivenSimulator(cm, cv, zm, zv);
    }

    @Test
    void eventDrivenExceedsOneShotForSmallWAndAgreesForAll() {
        EventDrivenSimulator sim = heterogeneous(Seeds.generator(4));
        RandomGenerator rng = Seeds.generator(5);
        double oneShot9 = sim.oneShotOrderStatistic(9, 20_000, rng);
        double event9 = sim.run(5_000, 9, rng).meanLatency();
        // Workers still busy from earlier iterations make the iterative latency larger.
        assertThat(event9).isGreaterThan(1.05 * oneShot9);

        double oneShot72 = sim.oneShotOrderStatistic(72, 20_000, rng);
        double event72 = sim.run(20_000, 72, rng).meanLatency();
        // Same quantity for w = N (everyone idle at each start); both have a standard error of
        // about 0.1 % here.
        assertThat(event72).isCloseTo(oneShot72, within(0.01 * oneShot72));
        assertThat(oneShot9).isLessThan(oneShot72);
    }

    @Test
    void runsAreReproducibleAndReuseBuffers() {
        EventDrivenSimulator sim = heterogeneous(Seeds.generator(6));
        double[] a = sim.run(100, 50, Seeds.generator(7)).latencies();
        int[] fresh = new int[72];
        for (int i = 0; i < 72; i++) {
            fresh[i] = sim.fresh(i);
        }
        sim.run(10, 3, Seeds.generator(8));
        assertThat(sim.latencies()).hasSize(10);
        double[] b = sim.run(100, 50, Seeds.generator(7)).latencies();
        assertThat(b).containsExactly(a);
        int total = 0;
        for (int i = 0; i < 72; i++) {
            assertThat(sim.fresh(i)).isEqualTo(fresh[i]);
            total += sim.fresh(i);
        }
        assertThat(total).isGreaterThanOrEqualTo(100 * 50);
        double sum = 0;
        for (double x : b) {
            sum += x;
        }
        assertThat(sim.totalTime()).isCloseTo(sum, within(1e-9));
    }

    @Test
    void thousandWorkersRun() {
        int n = 1000;
        RandomGenerator rng = Seeds.generator(9);
        double[] zm = new double[n];
        for (int i = 0; i < n; i++) {
            zm[i] = 1 + rng.nextDouble();
        }
        EventDrivenSimulator sim =
                new EventDrivenSimulator(filled(n, 0.1), filled(n, 0.001), zm, zm);
        sim.run(100, 500, rng);
        double u = 0;
        for (int i = 0; i < n; i++) {
            u += sim.participation(i);
        }
        // At least w fresh results per iteration, at most N.
        assertThat(u).isBetween(500.0, 1000.0);
    }

    @Test
    void rejectsBadArguments() {
        EventDrivenSimulator sim = heterogeneous(Seeds.generator(10));
        RandomGenerator rng = Seeds.generator(11);
        assertThatThrownBy(() -> sim.run(10, 73, rng)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> sim.run(0, 1, rng)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> sim.run(1, 1, -0.5, rng))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> sim.setComputation(0, -1, 0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> sim.latency(5_000)).isInstanceOf(IndexOutOfBoundsException.class);
    }
}
