package io.codedyarn.am.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.codedyarn.am.config.CodedYarnConfig;
import io.codedyarn.coordinator.trace.AdaptEvent;
import io.codedyarn.coordinator.trace.IterationRecord;
import io.codedyarn.coordinator.trace.MemoryTrace;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;

/**
 * The AM's metrics2 source counts what the coordinator's rows say (checked against sums computed
 * here from the same rows), the run's sink still gets every row, JMX shows the source under {@code
 * Hadoop:service=CodedYarnAppMaster,name=Training} while it is registered, and the quantile window
 * is a checked configuration key.
 */
class TrainingMetricsTest {
    private static final int WORKERS = 4;

    /** Rounds with known times (ms apart), results used, stale and discarded. */
    private static List<IterationRecord> rounds() {
        long[] millis = {7, 3, 9, 1, 5, 8, 2, 6, 4}; // times of rounds 1..9 (round 0 starts it)
        int[][] usedStaleDiscarded = {
            {4, 0, 0}, {3, 0, 1}, {4, 0, 0}, {2, 1, 0}, {3, 0, 2}, {4, 0, 0}, {4, 0, 0}, {3, 1, 0},
            {2, 0, 1}, {4, 0, 0}
        };
        List<IterationRecord> out = new ArrayList<>();
        double seconds = 2.5; // round 0 ends after the setup rounds
        for (int i = 0; i < usedStaleDiscarded.length; i++) {
            if (i > 0) {
                seconds += millis[i - 1] / 1000.0;
            }
            int[] u = usedStaleDiscarded[i];
            out.add(
                    new IterationRecord(
                            i,
                            seconds,
                            1.0 / (i + 1),
                            0.1 / (i + 1),
                            u[0],
                            u[1],
                            u[2],
                            "",
                            i,
                            false));
        }
        return out;
    }

    @Test
    void theSourceCountsTheRowsItsSinkGetsAndJmxShowsIt() throws Exception {
        TrainingMetrics source = new TrainingMetrics("application_7_0001", WORKERS, 1);
        MemoryTrace files = new MemoryTrace();
        MeteredTrace trace = new MeteredTrace(files, source);
        List<IterationRecord> rows = rounds();
        rows.forEach(trace::iteration);
        for (String e : List.of("slow", "failed", "replacing", "replaced", "hung", "excluded")) {
            trace.event(new AdaptEvent(3, 1.0, 2, "node-2", e, "why"));
        }
        assertThat(files.iterations()).isEqualTo(rows);
        assertThat(files.events()).hasSize(6);

        // the expected values, from the rows
        long early = rows.stream().filter(r -> r.used() + r.stale() < WORKERS).count();
        long ignored = rows.stream().mapToLong(r -> WORKERS - r.used() - r.stale()).sum();
        long discarded = rows.stream().mapToLong(IterationRecord::discarded).sum();
        double[] micros = new double[rows.size() - 1];
        for (int i = 1; i < rows.size(); i++) {
            micros[i - 1] = Math.round((rows.get(i).seconds() - rows.get(i - 1).seconds()) * 1e6);
        }

        RecordingCollector first = new RecordingCollector();
        source.getMetrics(first, true);
        assertThat(first.recordName).isEqualTo("Training");
        assertThat(first.context).isEqualTo("codedyarn");
        assertThat(first.tags).containsEntry("ApplicationId", "application_7_0001");
        Map<String, Number> m = first.metrics;
        assertThat(m.get("Iterations")).isEqualTo((long) rows.size());
        assertThat(m.get("RoundsDecodedEarly")).isEqualTo(early).isEqualTo(4L);
        assertThat(m.get("StragglersIgnored")).isEqualTo(ignored).isEqualTo(5L);
        assertThat(m.get("ResultsDiscarded")).isEqualTo(discarded).isEqualTo(4L);
        assertThat(m.get("WorkersFailed")).isEqualTo(2L); // failed and hung
        assertThat(m.get("WorkersReplaced")).isEqualTo(1L);
        assertThat(m.get("NodesExcluded")).isEqualTo(1L);
        assertThat(m.get("Workers")).isEqualTo(WORKERS);
        assertThat(m.get("Objective").doubleValue()).isEqualTo(rows.get(9).objective());
        assertThat(m.get("Gap").doubleValue()).isEqualTo(rows.get(9).gap());
        assertThat(m.get("IterationTimeNumOps")).isEqualTo((long) micros.length);
        assertThat(m.get("IterationTimeAvgTime").doubleValue())
                .isCloseTo(Arrays.stream(micros).average().orElseThrow(), within(1e-6));

        // the quantiles of a window are published once it has rolled over (1 s here)
        double[] sorted = micros.clone();
        Arrays.sort(sorted);
        Map<String, Number> q = null;
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (System.nanoTime() < deadline) {
            RecordingCollector c = new RecordingCollector();
            source.getMetrics(c, true);
            if (c.metrics.get("IterationTime1sNumRounds").longValue() == micros.length) {
                q = c.metrics;
                break;
            }
            Thread.sleep(50);
        }
        assertThat(q).as("a window holding the 9 rounds within 10 s").isNotNull();
        // the estimator (Hadoop's CKMS) answers within its rank error: at most one rank either
        // side of the exact one among these 9 samples (1,000 to 9,000 µs)
        assertThat(q.get("IterationTime1s50thPercentileMicros").doubleValue())
                .isBetween(sorted[3], sorted[5]);
        assertThat(q.get("IterationTime1s90thPercentileMicros").doubleValue())
                .isBetween(sorted[6], sorted[8]);
        assertThat(q.get("IterationTime1s99thPercentileMicros").doubleValue())
                .isBetween(sorted[7], sorted[8]);

        try (MetricsPublication p = MetricsPublication.start(source)) {
            MBeanServer jmx = ManagementFactory.getPlatformMBeanServer();
            ObjectName name = new ObjectName("Hadoop:service=CodedYarnAppMaster,name=Training");
            assertThat(jmx.getAttribute(name, "Iterations")).isEqualTo((long) rows.size());
            assertThat(jmx.getAttribute(name, "StragglersIgnored")).isEqualTo(ignored);
            assertThat(jmx.getAttribute(name, "RoundsDecodedEarly")).isEqualTo(early);
            assertThat(jmx.getAttribute(name, "WorkersReplaced")).isEqualTo(1L);
            assertThat(jmx.getAttribute(name, "Objective")).isEqualTo(rows.get(9).objective());
            assertThat(jmx.getAttribute(name, "tag.ApplicationId")).isEqualTo("application_7_0001");
            p.close();
            assertThat(jmx.isRegistered(name)).as("unregistered when the AM is done").isFalse();
        }
    }

    @Test
    void theQuantileWindowIsAPositiveNumberOfSeconds() {
        String key = "coded-yarn.am.metrics.quantile-window-seconds";
        assertThat(CodedYarnConfig.defaults().metricsQuantileSeconds()).isEqualTo(60);
        assertThat(CodedYarnConfig.parse(Map.of(key, "5")::get).metricsQuantileSeconds())
                .isEqualTo(5);
        assertThatThrownBy(() -> CodedYarnConfig.parse(Map.of(key, "0")::get))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(key)
                .hasMessageContaining("must be >= 1");
        assertThatThrownBy(() -> CodedYarnConfig.parse(Map.of(key, "soon")::get))
                .hasMessageContaining(key);
    }
}
