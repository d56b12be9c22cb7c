package io.codedyarn.placement.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import io.codedyarn.placement.Plan;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.latency.LatencySpec;
import io.codedyarn.placement.scheme.Schemes;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Issue 15 §3: schemes with different partition counts K are charged in one unit of load (n/N rows,
 * {@code LoadUnit}), through the API {@code simulate} uses ({@link Simulation#run}).
 */
class LoadUnitSimulationTest {

    private static Plan plan(String scheme, SchemeParams p) {
        return Schemes.byName(scheme).place(p, Seeds.generator(p.seed()));
    }

    private static double fixedTime(String scheme, SchemeParams p) {
        Simulation sim =
                new Simulation(LatencySpec.parse("fixed"), p.speeds(), f -> null, 5, 2, 1, false);
        return sim.run(plan(scheme, p), CodewordAssigner::fixed).meanIterationTime();
    }

    /**
     * {@code simulate --scheme cyclic,hetero --workers N --stragglers 1 --speeds r --latency
     * fixed}. Closed forms, load in n/N-row shares and speed r_i in shares per second:
     *
     * <ul>
     *   <li>hetero-gc, Theorem 5 (digest hetero-gc §5): every worker holds (s+1)·K·r_i/Σr of K
     *       partitions, i.e. (s+1)·N·r_i/Σr shares, and needs (s+1)·N/Σr seconds whatever the
     *       stragglers;
     *   <li>cyclic: every worker holds s+1 shares; the worst-case adversary makes the s fastest
     *       workers stragglers, so the master waits for the slowest: (s+1)/min r.
     * </ul>
     *
     * Row 1 is the example (K = 5 = N: unchanged by the unit, 2x). In rows 2 and 3 hetero
     * picks K = 9 and K = 5 partitions for N = 5 and 4 workers; charged in its own partitions it
     * took 2.0 and 1.0 s (a tie with cyclic in row 2), in shares 10/9 and 0.8 s.
     */
    @ParameterizedTest
    @CsvSource({"'1,1,2,2,4', 5, 1.0", "'1,1,2,2,3', 9, 1.1111111111111112", "'1,2,3,4', 5, 0.8"})
    void heteroBeatsCyclicByTheoremFive(String speeds, int k, double heteroTime) {
        double[] r = Arrays.stream(speeds.split(",")).mapToDouble(Double::parseDouble).toArray();
        int n = r.length;
        int s = 1;
        SchemeParams p = SchemeParams.of(n, s, 1).withSpeeds(r);
        assertThat(plan("hetero", p).partitions()).isEqualTo(k);

        double sum = Arrays.stream(r).sum();
        double min = Arrays.stream(r).min().orElseThrow();
        double theorem5 = (s + 1.0) * n / sum;
        double cyclicClosedForm = (s + 1.0) / min;
        assertThat(theorem5).isCloseTo(heteroTime, offset(1e-12));

        double hetero = fixedTime("hetero", p);
        double group = fixedTime("hetero-group", p);
        double cyclic = fixedTime("cyclic", p);
        assertThat(hetero).isCloseTo(theorem5, offset(1e-12));
        assertThat(group).isCloseTo(theorem5, offset(1e-12));
        assertThat(cyclic).isCloseTo(cyclicClosedForm, offset(1e-12));
        assertThat(hetero).isLessThan(cyclic);
    }

    @Test
    void finerPartitionsOfTheSameRowsCostTheSame() {
        // uncoded over K = 4 or K = 12 partitions: every worker reads n/4 rows either way, so the
        // same draws give the same times (12 partitions: load 3 · 4/12 = 1 share, exactly).
        SchemeParams p = SchemeParams.of(4, 0, 1);
        Simulation sim =
                new Simulation(
                        LatencySpec.parse("shifted-exp:alpha=0.5,mu=2"),
                        new double[0],
                        f -> null,
                        50,
                        3,
                        7,
                        false);
        SchemeSummary coarse = sim.run(plan("uncoded", p), CodewordAssigner::fixed);
        SchemeSummary fine =
                sim.run(plan("uncoded", p.withPartitions(12)), CodewordAssigner::fixed);
        assertThat(fine.meanIterationTime()).isEqualTo(coarse.meanIterationTime());
        assertThat(fine.computation()).isEqualTo(coarse.computation());
    }
}
