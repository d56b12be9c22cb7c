package io.codedyarn.repro.placement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class BccLinkModelTest {

    /**
     * The fit against values computed independently (numpy, from Tables I and II as the paper
     * prints them: K, r, communication and computation seconds over 100 iterations): c = Σ K·comm /
     * Σ K², β = Σ (r·H_K)·comp / Σ (r·H_K)², per iteration.
     */
    @Test
    void fitMatchesTheTablesLeastSquares() {
        BccLinkModel m = BccLinkModel.fitted(10);
        assertThat(m.secondsPerMessage()).isCloseTo(0.0032488417786970, within(1e-15));
        assertThat(m.computePerUnit()).isCloseTo(0.000635355929310206, within(1e-15));
        assertThat(m.dilation()).isEqualTo(10);
        // BCC, scenario one: K = 11, r = 10 -> 100·11·c = 3.574 s (Table I: 3.043)
        assertThat(100 * m.communication(11)).isCloseTo(3.5737, within(1e-4));
        // r·β·H_11 over 100 iterations = 1.9187 s (Table I: 1.162)
        assertThat(100 * m.computation(11, 10)).isCloseTo(1.9187, within(1e-4));
    }

    /**
     * The slots are a permutation: latency − compute = D·c·(1..n) in some order, every iteration.
     */
    @Test
    void drawGivesEveryWorkerADistinctSlotOnTheLink() {
        BccLinkModel m = BccLinkModel.fitted(10);
        BccLinkModel.Draw d = m.draw(20, 4, 50, 7);
        for (int t = 0; t < 50; t++) {
            double[] slots = new double[20];
            for (int w = 0; w < 20; w++) {
                slots[w] = (d.latency()[t][w] - d.compute()[t][w]) / (10 * m.secondsPerMessage());
            }
            Arrays.sort(slots);
            for (int k = 0; k < 20; k++) {
                assertThat(slots[k]).isCloseTo(k + 1, within(1e-9));
            }
        }
        assertThat(m.draw(20, 4, 50, 7).latency()).isDeepEqualTo(d.latency());
        assertThat(m.draw(20, 4, 50, 8).latency()[0]).isNotEqualTo(d.latency()[0]);
    }

    /** Compute times are D·r·Exp(mean β): their mean over many draws. */
    @Test
    void computeHasTheFittedMean() {
        BccLinkModel m = new BccLinkModel(0.001, 0.002, 5);
        BccLinkModel.Draw d = m.draw(50, 4, 400, 3);
        double sum = 0;
        for (double[] row : d.compute()) {
            for (double x : row) {
                assertThat(x).isGreaterThanOrEqualTo(0);
                sum += x;
            }
        }
        double mean = sum / (50 * 400);
        // 20,000 exponentials of mean 0.04: s.e. 0.04/√20000 = 2.8e-4
        assertThat(mean).isCloseTo(5 * 4 * 0.002, within(1.2e-3));
    }

    @Test
    void traceIsWhatStraggleTraceReads() {
        BccLinkModel.Draw d = new BccLinkModel(0.001, 0, 1).draw(2, 1, 2, 1);
        String csv = d.traceCsv();
        assertThat(csv.lines().toList()).hasSize(5);
        assertThat(csv).startsWith("iteration,worker,latency\n0,0,");
        // no compute: worker slots 1 and 2 ms
        assertThat(csv.lines().skip(1).limit(2).map(l -> l.split(",")[2]).sorted())
                .containsExactly("0.001000", "0.002000");
    }

    /** The master takes arrivals in latency order until the rule holds. */
    @Test
    void roundStopsAtTheFirstArrivalThatCompletesTheRule() {
        double[] latency = {0.5, 0.1, 0.3, 0.2};
        double[] compute = {0.4, 0.05, 0.25, 0.01};
        // cover {0,1} with worker 0 and 2 holding batch 0, 1 and 3 batch 1
        int[] batch = {0, 1, 0, 1};
        BccLinkModel.Round r =
                BccLinkModel.round(
                        latency,
                        compute,
                        got -> {
                            boolean[] c = new boolean[2];
                            for (int w = 0; w < got.length; w++) {
                                c[batch[w]] |= got[w];
                            }
                            return c[0] && c[1];
                        });
        // order 1 (0.1), 3 (0.2), 2 (0.3): batch 0 first covered by worker 2
        assertThat(r.received()).isEqualTo(3);
        assertThat(r.seconds()).isEqualTo(0.3);
        assertThat(r.compute()).isEqualTo(0.25);
        assertThatThrownBy(() -> BccLinkModel.round(latency, compute, got -> false))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void badParametersAreRefused() {
        assertThatThrownBy(() -> new BccLinkModel(0, 1, 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("c > 0");
        assertThatThrownBy(() -> BccLinkModel.fitted(1).draw(0, 1, 1, 1))
                .isInstanceOf(IllegalArgumentException.class);
    }

    /**
     * At the paper's scenario one the model waits for 50 messages (uncoded), 41 (cyclic) and BCC's
     * coverage: between N = 5 and n messages, near 5·H_5 = 11.4 for a random placement.
     */
    @Test
    void meanIterationsFollowTheThresholds() {
        // without compute an iteration that waits for K messages takes exactly K·c
        BccLinkModel link = new BccLinkModel(0.001, 0, 1);
        double[] k = link.meanIterations(50, 10, 2000, 1);
        assertThat(k[0]).isCloseTo(0.050, within(1e-12));
        assertThat(k[1]).isCloseTo(0.041, within(1e-12));
        // one placement's E[K] lies in 10.4–12.7 for 80 % of placements (the BCC digest)
        assertThat(k[2] / 0.001).isBetween(9.0, 14.0);
        // the fitted compute term only adds time
        BccLinkModel m = BccLinkModel.fitted(1);
        double c = m.secondsPerMessage();
        double[] t = m.meanIterations(50, 10, 2000, 1);
        assertThat(t[0]).isBetween(50 * c, 50 * c + 0.01);
        assertThat(t[1]).isBetween(41 * c, 41 * c + 0.03);
        assertThat(t[2]).isBetween(k[2] / 0.001 * c, k[2] / 0.001 * c + 0.03);
        assertThatThrownBy(() -> m.meanIterations(50, 7, 1, 1))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
