package io.codedyarn.placement.method;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.codedyarn.placement.Seeds;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * SSP's rule against the closed recurrence of Ho et al.'s bound (a worker starts clock c once it
 * finished clock c − 1 and every worker finished clock c − s − 1):
 *
 * <pre>
 *   start_i(c) = max(finish_i(c − 1), max_j finish_j(c − s − 1)),  finish_i(c) = start_i(c) + d_i(c)
 * </pre>
 *
 * with finish(−k) = 0. The event-driven loop below drives {@link StalenessClocks} as the
 * coordinator does (apply each arrival, then start every idle worker the rule allows); both must
 * give the same start times.
 */
class StalenessClocksTest {

    /** The recurrence: start times [worker][clock]. */
    private static double[][] recurrence(double[][] d, int s) {
        int n = d.length;
        int clocks = d[0].length;
        double[][] start = new double[n][clocks];
        double[][] finish = new double[n][clocks];
        for (int c = 0; c < clocks; c++) {
            double gate = 0;
            if (c - s - 1 >= 0) {
                for (int j = 0; j < n; j++) {
                    gate = Math.max(gate, finish[j][c - s - 1]);
                }
            }
            for (int i = 0; i < n; i++) {
                start[i][c] = Math.max(c == 0 ? 0 : finish[i][c - 1], gate);
                finish[i][c] = start[i][c] + d[i][c];
            }
        }
        return start;
    }

    /** Event-driven, through the class under test. */
    private static double[][] eventDriven(double[][] d, int s) {
        int n = d.length;
        int clocks = d[0].length;
        StalenessClocks rule = new StalenessClocks(n, s);
        double[][] start = new double[n][clocks];
        double[] busyUntil = new double[n];
        boolean[] busy = new boolean[n];
        int[] started = new int[n];
        double now = 0;
        while (true) {
            for (int i = 0; i < n; i++) {
                if (!busy[i] && started[i] < clocks && rule.mayStart(i)) {
                    start[i][started[i]] = now;
                    busyUntil[i] = now + d[i][started[i]];
                    started[i]++;
                    busy[i] = true;
                }
            }
            int next = -1;
            for (int i = 0; i < n; i++) {
                if (busy[i] && (next < 0 || busyUntil[i] < busyUntil[next])) {
                    next = i;
                }
            }
            if (next < 0) {
                return start;
            }
            now = busyUntil[next];
            busy[next] = false;
            rule.finish(next);
        }
    }

    @Test
    void startTimesMatchTheRecurrenceForEveryBound() {
        RandomGenerator rng = Seeds.generator(7);
        for (int s = 0; s <= 4; s++) {
            double[][] d = new double[5][30];
            for (int i = 0; i < 5; i++) {
                for (int c = 0; c < 30; c++) {
                    d[i][c] = (1 + i) * (0.5 + rng.nextDouble()); // worker 4 ~5x slower than 0
                }
            }
            double[][] want = recurrence(d, s);
            double[][] got = eventDriven(d, s);
            for (int i = 0; i < 5; i++) {
                for (int c = 0; c < 30; c++) {
                    assertThat(got[i][c])
                            .as("s=%d worker %d clock %d", s, i, c)
                            .isCloseTo(want[i][c], within(1e-9));
                }
            }
        }
    }

    @Test
    void theFastWorkerIsBlockedAtTheBoundAndCounted() {
        StalenessClocks c = new StalenessClocks(2, 1);
        c.finish(0);
        assertThat(c.mayStart(0)).isTrue(); // 1 − 0 ≤ 1
        assertThat(c.blocked()).isZero();
        c.finish(0);
        assertThat(c.mayStart(0)).isFalse(); // 2 − 0 > 1
        assertThat(c.blocked()).isEqualTo(1);
        c.finish(1);
        assertThat(c.mayStart(0)).isTrue();
        assertThat(c.slowest()).isEqualTo(1);
        assertThat(c.finished()).isEqualTo(3);
        assertThat(c.clocks()).containsExactly(2, 1);
    }
}
