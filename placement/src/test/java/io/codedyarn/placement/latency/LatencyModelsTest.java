package io.codedyarn.placement.latency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codedyarn.placement.InvalidParametersException;
import io.codedyarn.placement.Seeds;
import java.io.StringReader;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.math3.distribution.ExponentialDistribution;
import org.apache.commons.math3.distribution.GammaDistribution;
import org.apache.commons.math3.distribution.ParetoDistribution;
import org.apache.commons.math3.distribution.RealDistribution;
import org.apache.commons.math3.stat.inference.KolmogorovSmirnovTest;
import org.junit.jupiter.api.Test;

/**
 * The models against Commons Math's distributions (Kolmogorov–Smirnov, p &gt; 1e-3 so a correct
 * sampler fails once in a thousand seeds; the seeds are fixed), the digests' parameters and
 * invariants, and bad input.
 */
class LatencyModelsTest {
    private static final int N = 20_000;

    private static double[] draw(LatencyModel m, int worker, double load) {
        double[] loads = new double[m.workers()];
        Arrays.fill(loads, load);
        double[] out = new double[m.workers()];
        double[] xs = new double[N];
        for (int t = 0; t < N; t++) {
            m.sample(t, loads, out);
            xs[t] = out[worker];
        }
        return xs;
    }

    private static void assertDistributed(double[] xs, RealDistribution d) {
        double p = new KolmogorovSmirnovTest().kolmogorovSmirnovTest(d, xs);
        assertThat(p).as("KS p-value").isGreaterThan(1e-3);
    }

    @Test
    void shiftedExponentialMatchesEq21() {
        // X = r(α + E/μ): subtract the shift r·α, divide by r: Exp with mean 1/μ.
        double alpha = 0.01;
        double mu = 10;
        double r = 3;
        LatencyModel m =
                LatencySpec.parse("shifted-exp:alpha=0.01,mu=10")
                        .build(4, new double[0], Seeds.generator(1), f -> null);
        double[] xs = draw(m, 2, r);
        double[] e = Arrays.stream(xs).map(x -> (x - r * alpha) / r).toArray();
        assertThat(Arrays.stream(xs).min().getAsDouble()).isGreaterThanOrEqualTo(r * alpha);
        assertDistributed(e, new ExponentialDistribution(null, 1 / mu));
    }

    @Test
    void exponentialAndParetoHaveMeanEtaTimesLoad() {
        LatencyModel ex =
                LatencySpec.parse("exp:eta=0.05")
                        .build(3, new double[0], Seeds.generator(2), f -> null);
        assertDistributed(draw(ex, 0, 4), new ExponentialDistribution(null, 0.2));
        LatencyModel pa =
                LatencySpec.parse("pareto:eta=0.05,beta=1.1")
                        .build(3, new double[0], Seeds.generator(3), f -> null);
        // LAGC: scale x_m = η·r·(β−1)/β = 0.05·(0.1/1.1) for load 1.
        assertDistributed(draw(pa, 1, 1), new ParetoDistribution(null, 0.05 * 0.1 / 1.1, 1.1));
    }

    @Test
    void gammaFitByMomentsAndSampler() {
        assertThat(GammaLatency.shape(2, 1)).isEqualTo(4.0); // DSAG digest §8
        assertThat(GammaLatency.scale(2, 1)).isEqualTo(0.5);
        LatencyModel g =
                new GammaLatency(
                        List.of(new GammaLatency.WorkerMoments(0, 0, 2, 1)), Seeds.generator(4));
        assertDistributed(draw(g, 0, 1), new GammaDistribution(null, 4, 0.5));
        // Shape < 1 takes the boost path.
        LatencyModel small =
                new GammaLatency(
                        List.of(new GammaLatency.WorkerMoments(0, 0, 1, 4)), Seeds.generator(5));
        assertDistributed(draw(small, 0, 1), new GammaDistribution(null, 0.25, 4));
    }

    @Test
    void gilbertElliotSwitchesWithProbabilityP() {
        GilbertElliot ge = GilbertElliot.homogeneous(40, 0.05, 0.01, 0.1, 10, Seeds.generator(6));
        boolean[] prev = ge.slow();
        assertThat(count(prev)).isEqualTo(20); // exactly half start slow
        double[] loads = new double[40];
        Arrays.fill(loads, 2);
        double[] out = new double[40];
        ge.sample(0, loads, out);
        assertThat(ge.slow()).isEqualTo(prev); // no switch before the first iteration
        long flips = 0;
        long slowSeen = 0;
        int iters = 5_000;
        for (int t = 1; t <= iters; t++) {
            ge.sample(t, loads, out);
            boolean[] now = ge.slow();
            for (int i = 0; i < 40; i++) {
                flips += now[i] != prev[i] ? 1 : 0;
                slowSeen += now[i] ? 1 : 0;
            }
            prev = now;
        }
        double rate = (double) flips / (40.0 * iters);
        // Binomial standard error sqrt(p(1-p)/200000) ≈ 4.9e-4; allow 5 sigma.
        assertThat(rate).isCloseTo(0.05, org.assertj.core.data.Offset.offset(2.5e-3));
        // Stationary split 50/50; iterations are correlated (sojourn 20), so a looser 0.03.
        assertThat((double) slowSeen / (40.0 * iters))
                .isCloseTo(0.5, org.assertj.core.data.Offset.offset(0.03));
    }

    @Test
    void commonRandomNumbersAcrossLoads() {
        // Same seed, different loads: exponential-family times are proportional to the load.
        LatencySpec spec = LatencySpec.parse("ge:p=0.05,alpha=0.01,mu_slow=0.1,mu_fast=10+burst");
        LatencyModel a = spec.build(10, new double[0], Seeds.generator(7), f -> null);
        LatencyModel b = spec.build(10, new double[0], Seeds.generator(7), f -> null);
        double[] la = new double[10];
        double[] lb = new double[10];
        Arrays.fill(la, 1);
        Arrays.fill(lb, 3);
        double[] oa = new double[10];
        double[] ob = new double[10];
        for (int t = 0; t < 100; t++) {
            a.sample(t, la, oa);
            b.sample(t, lb, ob);
            for (int i = 0; i < 10; i++) {
                assertThat(ob[i])
                        .isCloseTo(3 * oa[i], org.assertj.core.data.Offset.offset(1e-12 * ob[i]));
            }
        }
    }

    @Test
    void rampSlowsWorkerIByFactorTimesIOverN() {
        LatencyModel m =
                LatencySpec.parse("fixed+ramp:factor=0.4,release_at=5,released=1")
                        .build(4, new double[] {1, 1, 2, 1}, Seeds.generator(8), f -> null);
        double[] out = new double[4];
        m.sample(0, new double[] {1, 1, 1, 1}, out);
        assertThat(out).containsExactly(1.1, 1.2, 0.5 * 1.3, 1.4);
        m.sample(5, new double[] {1, 1, 1, 1}, out);
        assertThat(out[3]).isEqualTo(1.0);
    }

    @Test
    void traceReplayCyclesAndScalesByLoad() throws Exception {
        String csv = "iteration,worker,latency,load\n0,0,1.0,1\n0,1,2.0,1\n1,0,3.0,1\n1,1,4.0,2\n";
        TraceReplay tr = TraceReplay.read(new StringReader(csv), "t.csv", 2);
        double[] out = new double[2];
        tr.sample(3, new double[] {2, 2}, out);
        assertThat(out).containsExactly(6.0, 4.0);
    }

    @Test
    void traceGapsReplayTheWorkersNeighbouringRow() throws Exception {
        // worker 1 idle in iterations 0 and 2 (an asynchronous run's busy worker), iteration 1
        // absent
        String csv = "iteration,worker,latency\n0,0,1\n2,0,3\n3,0,4\n3,1,8\n";
        TraceReplay tr = TraceReplay.read(new StringReader(csv), "t.csv", 2);
        assertThat(tr.iterations()).isEqualTo(4);
        assertThat(tr.gaps()).isEqualTo(4);
        double[] out = new double[2];
        double[][] want = {{1, 8}, {1, 8}, {3, 8}, {4, 8}};
        for (int t = 0; t < 4; t++) {
            tr.sample(t, new double[] {1, 1}, out);
            assertThat(out).as("iteration %d", t).containsExactly(want[t]);
        }
    }

    @Test
    void badTracesNameFileAndLine() {
        assertThatThrownBy(
                        () ->
                                TraceReplay.read(
                                        new StringReader("iteration,worker,latency\n0,0,abc\n"),
                                        "t.csv",
                                        1))
                .hasMessage("t.csv:2: latency is not a number: 'abc'");
        assertThatThrownBy(
                        () ->
                                TraceReplay.read(
                                        new StringReader("iteration,worker,latency\n0,0,1\n"),
                                        "t.csv",
                                        2))
                .hasMessage("t.csv: no latency for worker 1 in any iteration");
        assertThatThrownBy(() -> TraceReplay.read(new StringReader("a,b\n"), "t.csv", 2))
                .hasMessageStartingWith("t.csv:1: header must name");
        assertThatThrownBy(
                        () ->
                                TraceReplay.read(
                                        new StringReader("iteration,worker,latency\n0,5,1\n"),
                                        "t.csv",
                                        2))
                .hasMessageContaining("t.csv:2: iteration must be >= 0 and worker in [0, 2)");
    }

    @Test
    void badSpecsAreOneLineOnTheLatencyFlag() {
        for (String bad :
                List.of(
                        "",
                        "nope",
                        "exp:eta",
                        "exp:mu=3",
                        "burst",
                        "exp+exp",
                        "exp:eta=x",
                        "pareto:beta=0.5",
                        "trace")) {
            assertThatThrownBy(
                            () ->
                                    LatencySpec.parse(bad)
                                            .build(
                                                    3,
                                                    new double[0],
                                                    Seeds.generator(1),
                                                    f -> {
                                                        throw new java.io.FileNotFoundException(f);
                                                    }))
                    .as(bad)
                    .isInstanceOf(InvalidParametersException.class)
                    .hasMessageStartingWith("--latency: ")
                    .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        }
    }

    private static int count(boolean[] b) {
        int c = 0;
        for (boolean x : b) {
            c += x ? 1 : 0;
        }
        return c;
    }
}
