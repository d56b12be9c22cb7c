package io.codedyarn.repro.placement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.codedyarn.repro.placement.Replications.Estimate;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * DSAG's time claims at scale 0.1 with fixed seeds. Every tolerance is a direction-of-claim bound
 * or 4 Monte-Carlo standard errors (the s.e. each number reports).
 */
class DsagReproductionTest {
    private static final long SEED = 7;
    private static final double SCALE = 0.1;
    private static final DsagReproduction REPRO = new DsagReproduction();
    private static List<ReproducedNumber> numbers;

    @BeforeAll
    static void runOnce() {
        numbers = REPRO.run(SEED, SCALE);
    }

    private static ReproducedNumber find(String quantityStart, String parameters) {
        return numbers.stream()
                .filter(n -> n.quantity().startsWith(quantityStart))
                .filter(n -> n.parameters().startsWith(parameters))
                .findFirst()
                .orElseThrow(() -> new AssertionError(quantityStart + " / " + parameters));
    }

    @Test
    void everyNumberIsAFiniteMonteCarloEstimateWithANote() {
        assertThat(REPRO.id()).isEqualTo("dsag");
        assertThat(numbers).hasSize(9);
        for (ReproducedNumber n : numbers) {
            assertThat(n.ours()).as(n.quantity()).isFinite().isPositive();
            assertThat(n.standardError()).as(n.quantity()).isPositive().isLessThan(n.ours() / 10);
            assertThat(n.note()).isNotBlank();
        }
    }

    @Test
    void oneShotModelUnderestimatesForNineOfSeventyTwo() {
        ReproducedNumber ev = find("Fig. 6: event-driven mean", "N=72, w=9");
        ReproducedNumber os = find("Fig. 6: one-shot", "N=72, w=9");
        ReproducedNumber q = find("Fig. 6: event-driven / one-shot", "N=72, w=9");
        assertThat(q.ours()).isCloseTo(ev.ours() / os.ours(), within(1e-12));
        // The paper's claim: clearly > 1, and more than 4 s.e. above 1.05.
        assertThat(q.ours() - 4 * q.standardError()).isGreaterThan(1.05);
        assertThat(ev.ours() - 4 * ev.standardError())
                .isGreaterThan(os.ours() + 4 * os.standardError());
    }

    @Test
    void bothModelsAgreeWhenWaitingForAll() {
        ReproducedNumber ev = find("Fig. 6: event-driven mean", "N=72, w=72");
        ReproducedNumber os = find("Fig. 6: one-shot", "N=72, w=72");
        ReproducedNumber q = find("Fig. 6: event-driven / one-shot", "N=72, w=72");
        // Same random variable (max_i X_i): the ratio is 1 up to Monte-Carlo error.
        assertThat(Math.abs(q.ours() - 1))
                .isLessThan(0.02)
                .isLessThanOrEqualTo(4 * q.standardError());
        // Waiting for all is slower than waiting for 9 in either model.
        assertThat(ev.ours()).isGreaterThan(find("Fig. 6: event-driven mean", "N=72, w=9").ours());
        assertThat(os.ours()).isGreaterThan(find("Fig. 6: one-shot", "N=72, w=9").ours());
    }

    /** DSAG, Fig. 7 caption (§VI): unbalanced "more than twice" the balanced latency. */
    private static final double PAPER_FIG7_AT_LEAST = 2.0;

    @Test
    void loadBalancingAgainstThePapersFig7Bound() {
        ReproducedNumber b = find("Fig. 7: iteration latency with load", "N=w=8");
        ReproducedNumber u = find("Fig. 7: iteration latency without", "N=w=8");
        ReproducedNumber q = find("Fig. 7: unbalanced / balanced", "N=w=8");
        assertThat(q.paper()).isEqualTo(PAPER_FIG7_AT_LEAST);
        assertThat(q.ours()).isCloseTo(u.ours() / b.ours(), within(1e-12));
        double f = DsagLoadBalanceScenario.Params.headline().factor();
        // Upper reference: perfect balancing at constant work, f·(3/f + 3f + 2)/8 (2.375 at f =
        // 2); the max over 8 noisy workers only lowers what is reachable.
        assertThat(q.ours() - 4 * q.standardError()).isLessThan(DsagFig7Sensitivity.idealRatio(f));
        // Lower reference: balancing only the slowdown away, not the speed-up: (3 + 5f)/8. The
        // balancer must also use the sped-up workers' headroom.
        assertThat(q.ours() - 4 * q.standardError()).isGreaterThan((3 + 5 * f) / 8);
        assertThat(b.ours() + 4 * b.standardError()).isLessThan(u.ours() - 4 * u.standardError());
    }

    /**
     * The Fig. 7 caption's "more than twice" is a lower bound of 2 (reading error 0: the claim is
     * the bound itself). At the headline's choices ours stays below it, so the row must say why;
     * the Fig. 6 rows have no paper number (partly).
     */
    @Test
    void fig7RowAgainstThePaper() {
        PaperCheck.check(
                numbers,
                List.of(
                        PaperCheck.Published.belowBound(
                                "Fig. 7: unbalanced / balanced",
                                "N=w=8",
                                PAPER_FIG7_AT_LEAST,
                                0,
                                "Fig. 7 caption")));
        assertThat(find("Fig. 7: unbalanced / balanced", "N=w=8").source())
                .startsWith("Fig. 7 caption");
        assertThat(numbers).allSatisfy(n -> assertThat(n.deviation()).isNotBlank());
    }

    @Test
    void balancerHelpsLittleBeforeTheChangesAndMoreAfterThem() {
        DsagReproduction.Fig7 f = DsagReproduction.fig7(SEED, 6);
        // Iterations 1–40: static ±10 % heterogeneity only; balancing gains a few percent at most.
        Estimate before = f.ratio(0);
        assertThat(before.mean()).isBetween(1 - 4 * before.standardError(), 1.05);
        Estimate slowed = f.ratio(1);
        Estimate end = f.ratio(2);
        assertThat(slowed.mean() - 4 * slowed.standardError()).isGreaterThan(1.2);
        assertThat(end.mean() - 4 * end.standardError())
                .isGreaterThan(slowed.mean() + 4 * slowed.standardError());
        for (int k = 0; k < DsagReproduction.WINDOWS.length; k++) {
            assertThat(f.balanced(k).mean()).isLessThan(f.unbalanced(k).mean());
        }
        assertThat(Replications.of(f.rebalances()).mean()).isGreaterThanOrEqualTo(2);
    }

    @Test
    void closedLoopBeforeTheChangesMatchesTheEventDrivenSimulator() {
        // Per replication: mean of unbalanced iterations 1–40 minus the simulator's mean over
        // 2000 iterations of the same cluster at w = N; the differences average to 0 within 4 s.e.
        int reps = 12;
        double[] d = new double[reps];
        for (int r = 0; r < reps; r++) {
            DsagLoadBalanceScenario s =
                    new DsagLoadBalanceScenario(
                            1000 + r, DsagLoadBalanceScenario.Params.headline());
            double closed =
                    DsagLoadBalanceScenario.mean(
                            s.run().unbalanced(), 0, DsagLoadBalanceScenario.SLOW_AFTER);
            double sim =
                    s.simulatorAtP0()
                            .run(2000, DsagLoadBalanceScenario.N, Replications.stream(r, 9))
                            .meanLatency();
            d[r] = closed - sim;
        }
        Estimate e = Replications.of(d);
        assertThat(Math.abs(e.mean())).isLessThanOrEqualTo(4 * e.standardError());
        assertThat(e.standardError()).isLessThan(0.01);
    }

    @Test
    void seededRunsRepeat() {
        List<ReproducedNumber> again = new DsagReproduction().run(SEED, SCALE);
        assertThat(again).isEqualTo(numbers);
    }

    @Test
    void replicationStatistics() {
        Estimate e = Replications.of(new double[] {1, 2, 3, 4});
        assertThat(e.mean()).isEqualTo(2.5);
        assertThat(e.standardError()).isCloseTo(Math.sqrt(5.0 / 3 / 4), within(1e-15));
        // Proportional pairs: the paired ratio is exact.
        Estimate q = Replications.ratioPaired(new double[] {2, 4, 6}, new double[] {1, 2, 3});
        assertThat(q.mean()).isEqualTo(2.0);
        assertThat(q.standardError()).isCloseTo(0, within(1e-15));
        Estimate r = Replications.ratioIndependent(new Estimate(2, 0.02), new Estimate(1, 0.01));
        assertThat(r.standardError()).isCloseTo(2 * Math.sqrt(2) * 0.01, within(1e-15));
        assertThat(Replications.count(400, 0.1, 20)).isEqualTo(40);
        assertThat(Replications.count(60, 0.05, 6)).isEqualTo(6);
        assertThatThrownBy(() -> Replications.count(10, 0, 1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Replications.of(new double[] {1}))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(Replications.stream(1, 2).nextLong())
                .isEqualTo(Replications.stream(1, 2).nextLong())
                .isNotEqualTo(Replications.stream(1, 3).nextLong());
    }
}
