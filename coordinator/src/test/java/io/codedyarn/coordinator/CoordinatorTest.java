package io.codedyarn.coordinator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.codedyarn.compute.data.DenseRows;
import io.codedyarn.compute.data.RowRange;
import io.codedyarn.compute.model.Intercept;
import io.codedyarn.compute.model.LogisticObjective;
import io.codedyarn.compute.optim.Lbfgs;
import io.codedyarn.compute.optim.Termination;
import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.trace.IterationRecord;
import io.codedyarn.coordinator.trace.RunResult;
import io.codedyarn.placement.SchemeParams;
import java.util.List;
import org.junit.jupiter.api.Test;

class CoordinatorTest {
    private static final DenseRows DATA = Trainer.logistic(240, 6, 7);

    /** The optimum of the same objective on one machine (L-BFGS to a tiny gradient). */
    private static double reference() {
        var rows = Intercept.append(DATA);
        var f = new LogisticObjective(List.of(new RowRange(rows, 0, rows.rows())), 1.0 / 240);
        return new Lbfgs().minimize(f, new double[7], new Termination(500, 1e-12)).value();
    }

    @Test
    void uncodedLbfgsReachesTheSingleMachineOptimum() throws Exception {
        var spec = Trainer.spec(Workload.LR, "uncoded", SchemeParams.of(4, 0, 3), "lbfgs", 60);
        RunResult r = Trainer.run(spec, DATA, Trainer.oneSlow(-1, 1));
        assertThat(r.succeeded()).as(r.diagnostic()).isTrue();
        double ref = reference();
        assertThat((r.objective() - ref) / ref).isCloseTo(0.0, within(1e-9));
        assertThat(r.iterationLog()).isNotEmpty();
        assertThat(r.latencyLog()).allMatch(l -> l.use().equals("used"));
    }

    @Test
    void cyclicCodeDecodesTheUncodedObjectiveEveryIterationDespiteAStraggler() throws Exception {
        var uncoded = Trainer.spec(Workload.LR, "uncoded", SchemeParams.of(5, 0, 3), "gd", 25);
        var cyclic = Trainer.spec(Workload.LR, "cyclic", SchemeParams.of(5, 2, 3), "gd", 25);
        RunResult a = Trainer.run(uncoded, DATA, Trainer.oneSlow(-1, 1));
        RunResult b = Trainer.run(cyclic, DATA, Trainer.oneSlow(1, 50));
        assertThat(b.succeeded()).as(b.diagnostic()).isTrue();
        assertThat(b.iterationLog()).hasSameSizeAs(a.iterationLog());
        for (int t = 0; t < a.iterationLog().size(); t++) {
            double fa = a.iterationLog().get(t).objective();
            double fb = b.iterationLog().get(t).objective();
            assertThat(fb).as("iteration %d", t).isCloseTo(fa, within(1e-9 * Math.abs(fa)));
        }
        // the straggler (worker 1) is never waited for: every round ends without it
        assertThat(b.iterationLog())
                .allMatch(it -> !(" " + it.workersUsed() + " ").contains(" 1 "));
        // uncoded with the same straggler waits for it every round
        RunResult c = Trainer.run(uncoded, DATA, Trainer.oneSlow(1, 50));
        assertThat(c.objective()).isCloseTo(a.objective(), within(1e-12));
        assertThat(b.wallSeconds()).isLessThan(c.wallSeconds() / 3);
    }

    @Test
    void aWorkerFailureIsToleratedByTheCodeAndFatalWithoutIt() throws Exception {
        var cyclic = Trainer.spec(Workload.LR, "cyclic", SchemeParams.of(5, 1, 3), "lbfgs", 40);
        RunResult ok = Trainer.run(cyclic, DATA, Trainer.oneSlow(-1, 1), c -> c.failAt(2, 20));
        assertThat(ok.succeeded()).as(ok.diagnostic()).isTrue();
        double ref = reference();
        assertThat((ok.objective() - ref) / ref).isCloseTo(0.0, within(1e-9));
        assertThat(ok.latencyLog()).anyMatch(l -> l.worker() == 2 && l.use().equals("lost"));

        var uncoded = Trainer.spec(Workload.LR, "uncoded", SchemeParams.of(5, 0, 3), "lbfgs", 40);
        RunResult bad = Trainer.run(uncoded, DATA, Trainer.oneSlow(-1, 1), c -> c.failAt(2, 20));
        assertThat(bad.succeeded()).isFalse();
        assertThat(bad.diagnostic()).contains("worker 2 failed").contains("cannot decode");
        // a failed run keeps its work: the best iterate so far and its objective (L-BFGS's
        // iterates only improve, so the best is the lowest objective of the log)
        assertThat(bad.iterations()).isPositive();
        assertThat(bad.model()).isNotNull();
        double best =
                bad.iterationLog().stream()
                        .mapToDouble(IterationRecord::objective)
                        .min()
                        .orElseThrow();
        assertThat(bad.objective()).isEqualTo(best);
    }

    @Test
    void sameSeedSameRun() throws Exception {
        var spec = Trainer.spec(Workload.LR, "gc-dc", gcdc(), "nesterov", 15);
        RunResult a = Trainer.run(spec, DATA, Trainer.oneSlow(3, 7));
        RunResult b = Trainer.run(spec, DATA, Trainer.oneSlow(3, 7));
        assertThat(a.succeeded()).as(a.diagnostic()).isTrue();
        assertThat(b.model()).containsExactly(a.model());
        assertThat(b.iterationLog()).isEqualTo(a.iterationLog());
    }

    private static SchemeParams gcdc() {
        return SchemeParams.of(6, 1, 5).withClusters(2).withMemberships(2);
    }
}
