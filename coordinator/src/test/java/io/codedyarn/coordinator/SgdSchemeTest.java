package io.codedyarn.coordinator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.trace.RunResult;
import io.codedyarn.placement.SchemeParams;
import org.junit.jupiter.api.Test;

/**
 * The sgd scheme: DSAG §VII's "ignoring-stragglers SGD" on subpartitions (this round's fresh
 * results only, rescaled by n/n_processed, no cache).
 */
class SgdSchemeTest {

    /**
     * With p = 1 and w = N every round covers every sample freshly: SGD's estimate is the full
     * gradient, as SAG's is, so the two take identical steps.
     */
    @Test
    void waitingForAllWholeBlocksItIsSag() throws Exception {
        var params = SchemeParams.of(4, 0, 1).withPartitions(4).withSubpartitions(1);
        RunResult sgd =
                Trainer.run(
                        Trainer.spec(Workload.LR, "sgd", params, null, 40),
                        Trainer.LR_DATA,
                        Trainer.oneSlow(3, 4));
        RunResult sag =
                Trainer.run(
                        Trainer.spec(Workload.LR, "sag", params, null, 40),
                        Trainer.LR_DATA,
                        Trainer.oneSlow(3, 4));
        assertThat(sgd.succeeded()).as(sgd.diagnostic()).isTrue();
        for (int t = 0; t < 40; t++) {
            assertThat(sgd.iterationLog().get(t).objective())
                    .isCloseTo(sag.iterationLog().get(t).objective(), within(1e-12));
        }
    }

    /**
     * p = 3 and w = 3 of 4 with one slow worker: SGD forgets everything between rounds and its
     * estimate never covers the straggler, so it plateaus above DSAG, which caches stale results
     * (DSAG §VII: "SGD ... convergence effectively stops").
     */
    @Test
    void onSubpartitionsItPlateausAboveDsag() throws Exception {
        var params = SchemeParams.of(4, 1, 1).withPartitions(4).withSubpartitions(3);
        var exact = Trainer.spec(Workload.LR, "uncoded", SchemeParams.of(4, 0, 1), "lbfgs", 80);
        double ref = Trainer.run(exact, Trainer.LR_DATA, Trainer.oneSlow(-1, 1)).objective();
        double[] gap = new double[2];
        String[] schemes = {"sgd", "dsag"};
        for (int m = 0; m < 2; m++) {
            RunResult r =
                    Trainer.run(
                            Trainer.spec(Workload.LR, schemes[m], params, null, 400),
                            Trainer.LR_DATA,
                            Trainer.oneSlow(3, 4));
            assertThat(r.succeeded()).as(r.diagnostic()).isTrue();
            gap[m] = (r.objective() - ref) / ref;
            if (m == 0) {
                assertThat(r.latencyLog()).noneMatch(l -> l.use().equals("stale"));
            }
        }
        assertThat(gap[0]).isGreaterThan(10 * gap[1]);
        assertThat(gap[1]).isLessThan(1e-3);
    }
}
