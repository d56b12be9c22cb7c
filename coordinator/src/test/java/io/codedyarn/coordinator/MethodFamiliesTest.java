package io.codedyarn.coordinator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.codedyarn.compute.data.DenseRows;
import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.trace.RunResult;
import io.codedyarn.placement.SchemeParams;
import java.util.stream.Stream;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.EigenDecomposition;
import org.apache.commons.math3.linear.QRDecomposition;
import org.apache.commons.math3.linear.RealMatrix;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every scheme family through the coordinator, against independent references. */
class MethodFamiliesTest {
    private static final DenseRows LR = Trainer.logistic(240, 6, 11);
    private static final DenseRows LSQ = Trainer.leastSquares(240, 6, 13);

    static Stream<Arguments> exactSchemes() {
        return Stream.of(
                Arguments.of("fractional", SchemeParams.of(6, 2, 1)),
                Arguments.of("clustered", SchemeParams.of(6, 1, 1).withClusters(2)),
                Arguments.of("gc-dc", SchemeParams.of(6, 1, 1).withClusters(2).withMemberships(2)),
                Arguments.of("hetero", SchemeParams.of(6, 1, 1).withSpeeds(1, 1, 2, 2, 3, 3)),
                Arguments.of("hetero-group", SchemeParams.of(6, 1, 1).withSpeeds(1, 1, 2, 2, 3, 3)),
                Arguments.of("bcc", SchemeParams.of(6, 0, 1).withPartitions(6).withLoad(2)),
                Arguments.of(
                        "bcc-balanced", SchemeParams.of(6, 0, 1).withPartitions(6).withLoad(2)));
    }

    /**
     * The decoded objective equals the uncoded one at every iteration (same seed, same optimiser:
     * the iterates coincide when the decoded gradient is the full gradient), with a 20× straggler.
     */
    @ParameterizedTest
    @MethodSource("exactSchemes")
    void exactSchemesDecodeTheFullGradientEveryIteration(String scheme, SchemeParams params)
            throws Exception {
        var coded = Trainer.spec(Workload.LR, scheme, params, "nesterov", 20);
        var plain =
                Trainer.spec(
                        Workload.LR,
                        "uncoded",
                        SchemeParams.of(6, 0, 1).withPartitions(coded.plan().partitions()),
                        "nesterov",
                        20);
        RunResult a = Trainer.run(plain, LR, Trainer.oneSlow(-1, 1));
        RunResult b = Trainer.run(coded, LR, Trainer.oneSlow(4, 20));
        assertThat(b.succeeded()).as(b.diagnostic()).isTrue();
        assertThat(b.iterationLog()).hasSameSizeAs(a.iterationLog());
        for (int t = 0; t < a.iterationLog().size(); t++) {
            double fa = a.iterationLog().get(t).objective();
            assertThat(b.iterationLog().get(t).objective())
                    .as("%s iteration %d", scheme, t)
                    .isCloseTo(fa, within(1e-9 * Math.abs(fa)));
        }
    }

    static Stream<Arguments> lazySchemes() {
        return Stream.of(
                Arguments.of("lag", SchemeParams.of(6, 0, 1)),
                Arguments.of("lagc", SchemeParams.of(6, 0, 1).withGroups(2).withLoad(2)),
                Arguments.of("g-lag", SchemeParams.of(6, 0, 1).withGroups(3).withLoad(2)),
                Arguments.of("g-gd", SchemeParams.of(6, 0, 1).withGroups(3).withLoad(2)),
                // coded groups: M_G = 3 > r = 2, any 2 of each group decode (LAGC §2.3)
                Arguments.of("g-gd", SchemeParams.of(6, 0, 1).withGroups(2).withLoad(2)));
    }

    /** Least squares with lazy aggregation reaches the normal-equations optimum (QR). */
    @ParameterizedTest
    @MethodSource("lazySchemes")
    void lazySchemesReachTheLeastSquaresOptimum(String scheme, SchemeParams params)
            throws Exception {
        var spec = Trainer.spec(Workload.LSQ, scheme, params, null, 300);
        RunResult r = Trainer.run(spec, LSQ, Trainer.oneSlow(2, 5));
        assertThat(r.succeeded()).as(r.diagnostic()).isTrue();
        double ref = leastSquaresOptimum();
        assertThat((r.objective() - ref) / ref).as(scheme).isBetween(-1e-9, 1e-6);
        if (!scheme.equals("g-gd")) {
            // lazy: some iterations skip some groups
            assertThat(r.latencyLog().size()).isLessThan(300 * 6);
        }
    }

    /**
     * SAG and DSAG (p = 3 subpartitions, w = 3 of 4, one worker 4× slower) approach the LR optimum;
     * DSAG, which inserts the straggler's stale results, gets closer than SAG, which drops them (so
     * SAG's estimate never covers the straggler's samples: DSAG §IV-B).
     */
    @org.junit.jupiter.api.Test
    void dsagBeatsSagAndApproachesTheOptimum() throws Exception {
        var params = SchemeParams.of(4, 1, 1).withPartitions(4).withSubpartitions(3);
        var exact = Trainer.spec(Workload.LR, "uncoded", SchemeParams.of(4, 0, 1), "lbfgs", 80);
        double ref = Trainer.run(exact, LR, Trainer.oneSlow(-1, 1)).objective();
        double[] gap = new double[2];
        String[] schemes = {"sag", "dsag"};
        for (int m = 0; m < 2; m++) {
            var spec = Trainer.spec(Workload.LR, schemes[m], params, null, 400);
            RunResult r = Trainer.run(spec, LR, Trainer.oneSlow(3, 4));
            assertThat(r.succeeded()).as(r.diagnostic()).isTrue();
            gap[m] = (r.objective() - ref) / ref;
            assertThat(gap[m]).as(schemes[m]).isBetween(-1e-12, 1e-2);
            if (m == 1) {
                assertThat(r.latencyLog()).anyMatch(l -> l.use().equals("stale"));
            } else {
                assertThat(r.latencyLog()).noneMatch(l -> l.use().equals("stale"));
            }
        }
        assertThat(gap[1]).isLessThan(1e-3).isLessThan(gap[0]);
    }

    /** PCA k = 3 by the power method reaches the eigendecomposition's explained variance. */
    @ParameterizedTest
    @MethodSource("pcaSchemes")
    void pcaReachesTheEigendecompositionsExplainedVariance(String scheme, SchemeParams params)
            throws Exception {
        DenseRows data = spread(Trainer.logistic(240, 8, 17));
        var spec = Trainer.spec(Workload.PCA, scheme, params, null, 150);
        RunResult r = Trainer.run(spec, data, Trainer.oneSlow(1, 10));
        assertThat(r.succeeded()).as(r.diagnostic()).isTrue();
        double ev = explainedVariance(data, 3);
        assertThat(r.objective())
                .as(scheme)
                .isCloseTo(ev, within(scheme.equals("dsag") ? 1e-3 : 1e-9));
        // per component ‖Xv_c‖² / ‖X‖²_F, recomputed here from the rows and the returned V (d×k
        // row-major): the sums' H = −XᵀXV gives them without another pass; they add up to EV
        double[] parts = r.explainedVariance();
        assertThat(parts).as(scheme).hasSize(3);
        double total = 0;
        for (int i = 0; i < data.rows(); i++) {
            for (int j = 0; j < data.cols(); j++) {
                total += data.get(i, j) * data.get(i, j);
            }
        }
        double sum = 0;
        for (int c = 0; c < 3; c++) {
            double norm2 = 0;
            for (int i = 0; i < data.rows(); i++) {
                double xv = 0;
                for (int j = 0; j < data.cols(); j++) {
                    xv += data.get(i, j) * r.model()[j * 3 + c];
                }
                norm2 += xv * xv;
            }
            assertThat(parts[c])
                    .as(scheme + " component " + c)
                    .isCloseTo(norm2 / total, within(1e-12));
            sum += parts[c];
        }
        assertThat(sum).isCloseTo(r.objective(), within(1e-12));
        assertThat(parts[0]).isGreaterThan(parts[1]); // the spread data's spectrum has clear gaps
        assertThat(parts[1]).isGreaterThan(parts[2]);
    }

    @ParameterizedTest
    @MethodSource("lrAndLsq")
    void logisticRegressionAndLeastSquaresHaveNoComponents(Workload workload) throws Exception {
        var spec = Trainer.spec(workload, "uncoded", SchemeParams.of(4, 0, 1), null, 5);
        RunResult r = Trainer.run(spec, Trainer.logistic(240, 4, 3), Trainer.oneSlow(1, 10));
        assertThat(r.succeeded()).isTrue();
        assertThat(r.explainedVariance()).isNull();
    }

    static Stream<Workload> lrAndLsq() {
        return Stream.of(Workload.LR, Workload.LSQ);
    }

    static Stream<Arguments> pcaSchemes() {
        return Stream.of(
                Arguments.of("uncoded", SchemeParams.of(4, 0, 1)),
                Arguments.of("cyclic", SchemeParams.of(4, 1, 1)),
                Arguments.of("dsag", SchemeParams.of(4, 1, 1).withSubpartitions(2)));
    }

    /** Columns scaled 1, 0.8, 0.64, ... so the spectrum has clear gaps. */
    private static DenseRows spread(DenseRows d) {
        double[] x = d.values().clone();
        for (int i = 0; i < d.rows(); i++) {
            for (int j = 0; j < d.cols(); j++) {
                x[i * d.cols() + j] *= Math.pow(0.7, j);
            }
        }
        return new DenseRows(d.rows(), d.cols(), x, null);
    }

    private static double explainedVariance(DenseRows d, int k) {
        RealMatrix x = new Array2DRowRealMatrix(d.rows(), d.cols());
        for (int i = 0; i < d.rows(); i++) {
            for (int j = 0; j < d.cols(); j++) {
                x.setEntry(i, j, d.get(i, j));
            }
        }
        RealMatrix g = x.transpose().multiply(x);
        double[] eig = new EigenDecomposition(g).getRealEigenvalues();
        java.util.Arrays.sort(eig);
        double top = 0;
        for (int m = 0; m < k; m++) {
            top += eig[eig.length - 1 - m];
        }
        return top / g.getTrace();
    }

    /** min Σ (x̃θ − y)² with the intercept column, by QR (Commons Math). */
    private static double leastSquaresOptimum() {
        int n = LSQ.rows();
        int d = LSQ.cols();
        RealMatrix x = new Array2DRowRealMatrix(n, d + 1);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < d; j++) {
                x.setEntry(i, j, LSQ.get(i, j));
            }
            x.setEntry(i, d, 1.0);
        }
        var y = new ArrayRealVector(LSQ.labels());
        var theta = new QRDecomposition(x).getSolver().solve(y);
        var r = x.operate(theta).subtract(y);
        return r.dotProduct(r);
    }

    /**
     * DSAG with load balancing: worker 3 is 4× slower; the balancer (profiler + Algorithm 1) gives
     * it smaller subpartitions (larger p_3), so its later tasks carry less load than its first
     * ones, and the run still approaches the optimum.
     */
    @org.junit.jupiter.api.Test
    void dsagLoadBalancingShrinksTheSlowWorkersTasks() throws Exception {
        var params = SchemeParams.of(4, 1, 1).withPartitions(4).withSubpartitions(4);
        var spec = Trainer.spec(Workload.LR, "dsag", params, null, 300);
        Trainer.LOAD_BALANCE.set(true);
        RunResult r;
        try {
            r = Trainer.run(spec, LR, Trainer.noisy(3, 4, 5));
        } finally {
            Trainer.LOAD_BALANCE.set(false);
        }
        assertThat(r.succeeded()).as(r.diagnostic()).isTrue();
        var slow = r.latencyLog().stream().filter(l -> l.worker() == 3).toList();
        var fast = r.latencyLog().stream().filter(l -> l.worker() == 0).toList();
        double first = slow.get(0).load();
        double last = slow.get(slow.size() - 1).load();
        assertThat(last).isLessThan(first * 0.75);
        assertThat(last).isLessThan(fast.get(fast.size() - 1).load());
        var exact = Trainer.spec(Workload.LR, "uncoded", SchemeParams.of(4, 0, 1), "lbfgs", 80);
        double ref = Trainer.run(exact, LR, Trainer.oneSlow(-1, 1)).objective();
        assertThat((r.objective() - ref) / ref).isBetween(-1e-12, 1e-3);
    }
}
