package io.codedyarn.coordinator.async;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.codedyarn.compute.data.DenseRows;
import io.codedyarn.compute.data.RowRange;
import io.codedyarn.compute.kernel.Kernels;
import io.codedyarn.compute.model.GramSchmidt;
import io.codedyarn.compute.model.Intercept;
import io.codedyarn.compute.model.LogisticObjective;
import io.codedyarn.compute.model.Pca;
import io.codedyarn.compute.model.Smoothness;
import io.codedyarn.compute.optim.Lbfgs;
import io.codedyarn.compute.optim.Termination;
import io.codedyarn.placement.Ranges;
import io.codedyarn.placement.Seeds;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

class DsagStepTest {
    /**
     * A SAG step and the GD step it should equal differ only in how the partial sums are added: the
     * cache keeps H with Neumaier compensation, the GD objective adds in list order, so the two
     * gradients differ by a few ulps of Σ|terms|; per step and over the run that stays far below
     * this (relative to the iterate's largest entry).
     */
    private static final double SAME_STEP = 1e-12;

    private static final int WORKERS = 4;
    private static final int SUBPARTITIONS = 3;

    private static DenseRows data(RandomGenerator rng, int n, int d, boolean labelled) {
        double[] x = new double[n * d];
        double[] b = new double[n];
        for (int i = 0; i < n; i++) {
            double z = 0.3;
            for (int j = 0; j < d; j++) {
                x[i * d + j] = rng.nextGaussian() * (1 + 0.5 * j);
                z += x[i * d + j] * (j % 2 == 0 ? 0.7 : -0.4);
            }
            b[i] = rng.nextDouble() < 1 / (1 + Math.exp(-z)) ? 1 : -1;
        }
        DenseRows rows = new DenseRows(n, d, x, labelled ? b : null);
        return labelled ? (DenseRows) Intercept.append(rows) : rows;
    }

    /**
     * Subpartition s (0-based) of worker w (0-based) as a 1-based inclusive global interval, DSAG
     * §1.2: worker w holds rows p_start(n, N, w+1) .. p_stop, its subpartition s the rows
     * p_start(n_w, p, s+1) .. p_stop(n_w, p, s+1) of those.
     */
    private static long[] interval(long n, int w, int s) {
        long first = Ranges.pStart(n, WORKERS, w + 1);
        long nw = Ranges.pStop(n, WORKERS, w + 1) - first + 1;
        return new long[] {
            first - 1 + Ranges.pStart(nw, SUBPARTITIONS, s + 1),
            first - 1 + Ranges.pStop(nw, SUBPARTITIONS, s + 1)
        };
    }

    private static RowRange rows(DenseRows x, long[] interval) {
        return x.range((int) interval[0] - 1, (int) (interval[1] - interval[0] + 1));
    }

    private static double maxAbs(double[] a) {
        double m = 0;
        for (double x : a) {
            m = Math.max(m, Math.abs(x));
        }
        return m;
    }

    private static void assertSameStep(double[] a, double[] b, int step) {
        double scale = maxAbs(b);
        for (int m = 0; m < a.length; m++) {
            assertThat(a[m])
                    .as("step %d, entry %d", step, m)
                    .isCloseTo(b[m], within(SAME_STEP * scale));
        }
    }

    /** Every subpartition of every worker offered fresh (computed at V^(t)) in iteration t. */
    private static SagAggregator freshRound(
            SagAggregator sag,
            long t,
            DenseRows x,
            double[] v,
            BiFunction<RowRange, double[], double[]> kernel) {
        sag.beginIteration(t);
        for (int w = 0; w < WORKERS; w++) {
            for (int s = 0; s < SUBPARTITIONS; s++) {
                long[] iv = interval(x.rows(), w, s);
                OfferResult r = sag.offer(iv[0], iv[1], t, kernel.apply(rows(x, iv), v));
                assertThat(r).isNotEqualTo(OfferResult.DISCARDED_STALE);
            }
        }
        assertThat(sag.coverage()).isEqualTo(1.0);
        return sag;
    }

    @Test
    void workedExampleOfTheClassComment() {
        GradientCache cache = new GradientCache(4, 2);
        cache.insert(1, 2, 1, new double[] {2.0, -8.0});
        double[] v = {1.0};
        DsagStep.logistic(v, cache, 0.5, 0.25);
        assertThat(v[0]).isEqualTo(2.875);
    }

    @Test
    void sagWithAllSubpartitionsFreshIsGradientDescentForLogisticRegression() {
        DenseRows x = data(Seeds.generator(21), 250, 4, true);
        int d = x.cols();
        LogisticObjective f = new LogisticObjective(List.of(x.all()));
        double eta = 1 / Smoothness.logistic(List.of(x.all()), f.lambda(), Seeds.generator(1));
        double[] vSag = new double[d];
        double[] vGd = new double[d];
        SagAggregator sag = new SagAggregator(x.rows(), 1 + d, 1);
        for (int t = 1; t <= 40; t++) {
            freshRound(sag, t, x, vSag, Kernels::logistic);
            // The step reads the cache exactly as the aggregator's estimate does.
            assertThat(DsagStep.estimate(sag.cache())).containsExactly(sag.estimate());
            DsagStep.logistic(vSag, sag.cache(), eta, f.lambda());
            double[] fg = f.evaluate(vGd); // [F, ∇F] = [Σℓ/n + λ‖v‖²/2, Σ∇ℓ/n + λv]
            for (int j = 0; j < d; j++) {
                vGd[j] -= eta * fg[1 + j];
            }
            assertSameStep(vSag, vGd, t);
        }
        assertThat(maxAbs(vGd)).isGreaterThan(0.1); // the iterates did move
    }

    @Test
    void sagWithAllSubpartitionsFreshIsGradientDescentForPca() {
        DenseRows x = data(Seeds.generator(22), 200, 12, false);
        int d = x.cols(), k = 3;
        double eta = 0.9; // DSAG's PCA step; 1.0 would be the power method
        double[] vSag = new double[d * k];
        RandomGenerator rng = Seeds.generator(5);
        for (int m = 0; m < vSag.length; m++) {
            vSag[m] = rng.nextGaussian();
        }
        GramSchmidt.orthonormalize(vSag, d, k);
        double[] vGd = vSag.clone();
        SagAggregator sag = new SagAggregator(x.rows(), 1 + d * k, 1);
        BiFunction<RowRange, double[], double[]> pca = (r, v) -> Kernels.pca(r, v, k);
        for (int t = 1; t <= 40; t++) {
            freshRound(sag, t, x, vSag, pca);
            DsagStep.pca(vSag, sag.cache(), eta, d, k);
            double[] h = new double[d * k]; // full gradient sum −XᵀXV, partitions in order
            double[] part = Kernels.pca(x.all(), vGd, k);
            System.arraycopy(part, 1, h, 0, h.length);
            Pca.update(vGd, h, eta, 1.0, d, k);
            assertSameStep(vSag, vGd, t);
        }
    }

    /** A worker of the simulation: the subpartition it works on, since when, and its result. */
    private static final class Worker {
        int subpartition = -1;
        long startedAt;
        int delay;
        double[] payload;
        boolean busy;
    }

    @Test
    void dsagWithStaleResultsConvergesToTheOptimum() {
        DenseRows x = data(Seeds.generator(23), 300, 5, true);
        int d = x.cols();
        double lambda = 0.05;
        LogisticObjective f = new LogisticObjective(List.of(x.all()), lambda);
        double fStar = new Lbfgs().minimize(f, new double[d], new Termination(1000, 1e-12)).value();
        double eta = 0.5 / Smoothness.logistic(List.of(x.all()), lambda, Seeds.generator(2));

        // Each iteration every idle worker receives V^(t) and starts its next subpartition
        // (cyclic, eq. (5)); a job takes 0 (fresh), 1 or 2 (stale) iterations, drawn from a
        // seeded generator; results arrive in worker order and DSAG offers all of them.
        RandomGenerator delays = Seeds.generator(24);
        DsagAggregator dsag = new DsagAggregator(x.rows(), 1 + d, 1);
        List<Worker> workers = new ArrayList<>();
        for (int w = 0; w < WORKERS; w++) {
            workers.add(new Worker());
        }
        double[] v = new double[d];
        int staleKept = 0, staleDropped = 0;
        for (long t = 1; t <= 4000; t++) {
            dsag.beginIteration(t);
            for (int w = 0; w < WORKERS; w++) {
                Worker wk = workers.get(w);
                if (!wk.busy) {
                    wk.subpartition = (wk.subpartition + 1) % SUBPARTITIONS;
                    wk.startedAt = t;
                    wk.payload =
                            Kernels.logistic(rows(x, interval(x.rows(), w, wk.subpartition)), v);
                    double u = delays.nextDouble();
                    wk.delay = u < 0.5 ? 0 : u < 0.8 ? 1 : 2;
                    wk.busy = true;
                }
            }
            for (int w = 0; w < WORKERS; w++) {
                Worker wk = workers.get(w);
                if (wk.delay-- > 0) {
                    continue;
                }
                long[] iv = interval(x.rows(), w, wk.subpartition);
                OfferResult r = dsag.offer(iv[0], iv[1], wk.startedAt, wk.payload);
                if (wk.startedAt < t) {
                    if (r == OfferResult.DISCARDED_STALE) {
                        staleDropped++;
                    } else {
                        staleKept++;
                    }
                }
                wk.busy = false;
            }
            if (dsag.coverage() > 0) {
                DsagStep.logistic(v, dsag.cache(), eta, lambda);
            }
        }
        double fDsag = f.evaluate(v)[0];
        System.out.printf(
                "DSAG: F = %.15f, F* = %.15f, relative gap %.2e; stale results kept %d, dropped"
                        + " %d%n",
                fDsag, fStar, (fDsag - fStar) / fStar, staleKept, staleDropped);
        assertThat(staleKept).isGreaterThan(500); // the run really used stale results
        assertThat(dsag.coverage()).isEqualTo(1.0);
        assertThat(fDsag).isCloseTo(fStar, within(1e-6 * fStar));
        assertThat(fDsag).isGreaterThanOrEqualTo(fStar - 1e-12);
    }
}
