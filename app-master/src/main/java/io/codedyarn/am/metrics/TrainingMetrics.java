package io.codedyarn.am.metrics;

import io.codedyarn.coordinator.trace.AdaptEvent;
import io.codedyarn.coordinator.trace.IterationRecord;
import org.apache.hadoop.metrics2.MetricsCollector;
import org.apache.hadoop.metrics2.MetricsInfo;
import org.apache.hadoop.metrics2.MetricsRecordBuilder;
import org.apache.hadoop.metrics2.MetricsSource;
import org.apache.hadoop.metrics2.lib.Interns;
import org.apache.hadoop.metrics2.lib.MetricsRegistry;
import org.apache.hadoop.metrics2.lib.MutableCounterLong;
import org.apache.hadoop.metrics2.lib.MutableQuantiles;
import org.apache.hadoop.metrics2.lib.MutableRate;

/**
 * The ApplicationMaster's Hadoop metrics2 source: what an operator's tools (JMX, any metrics2 sink
 * the cluster configures) see of a training run. It is fed the rows the coordinator already writes
 * to {@code iterations.csv} and {@code events.csv} ({@link MeteredTrace}), on the coordinator's
 * thread, and read on the metrics system's (every metric is thread-safe; the two gauges volatile).
 *
 * <p>What each metric means (also in docs/commands.md, "Metrics"):
 *
 * <ul>
 *   <li>{@code Iterations}: rounds recorded (rows of {@code iterations.csv});
 *   <li>{@code IterationTime} ({@code NumOps}, {@code AvgTime}) and {@code IterationTime<I>s}
 *       (quantiles 50/75/90/95/99 over the last window of I seconds): the wall time of a round in
 *       microseconds, the difference between consecutive rows' {@code seconds} (the first row only
 *       starts the clock: it includes the setup rounds, or a resumed run's earlier time);
 *   <li>{@code RoundsDecodedEarly}: rounds that ended with results from fewer workers than the job
 *       has, i.e. without waiting for the slowest;
 *   <li>{@code StragglersIgnored}: summed over the rounds, the workers whose result for the round
 *       it did not wait for (workers − results used, fresh or stale);
 *   <li>{@code ResultsDiscarded}: results that arrived after their round had ended;
 *   <li>{@code WorkersFailed}, {@code WorkersReplaced}, {@code NodesExcluded}: the {@code failed}
 *       or {@code hung}, {@code replaced} and {@code excluded} events;
 *   <li>{@code Objective}, {@code Gap}: the last round's metric and its relative gap (NaN while
 *       unknown), and {@code Workers}.
 * </ul>
 */
public final class TrainingMetrics implements MetricsSource {
    /**
     * The metrics system's prefix: JMX names it {@code Hadoop:service=CodedYarnAppMaster,name=}
     * {@value #SOURCE}, and metrics2 reads {@code hadoop-metrics2-codedyarnappmaster.properties},
     * else {@code hadoop-metrics2.properties} (keys {@code codedyarnappmaster.sink.*}).
     */
    public static final String SYSTEM = "CodedYarnAppMaster";

    /** The source's name (the MBean's {@code name}) and its records' name. */
    public static final String SOURCE = "Training";

    /** The records' context (sinks filter on it). */
    public static final String CONTEXT = "codedyarn";

    private static final MetricsInfo OBJECTIVE =
            Interns.info("Objective", "the last round's metric: F (lr, lsq) or explained variance");
    private static final MetricsInfo GAP =
            Interns.info("Gap", "the last round's relative gap to the reference; NaN: unknown");
    private static final MetricsInfo WORKERS = Interns.info("Workers", "the job's workers");

    private final MetricsRegistry registry = new MetricsRegistry(SOURCE);
    private final int workers;
    private final MutableCounterLong iterations;
    private final MutableRate iterationTime;
    private final MutableQuantiles iterationTimeQuantiles;
    private final MutableCounterLong roundsDecodedEarly;
    private final MutableCounterLong stragglersIgnored;
    private final MutableCounterLong resultsDiscarded;
    private final MutableCounterLong workersFailed;
    private final MutableCounterLong workersReplaced;
    private final MutableCounterLong nodesExcluded;
    private volatile double objective = Double.NaN;
    private volatile double gap = Double.NaN;
    private double lastSeconds = Double.NaN; // the coordinator's thread only

    /**
     * @param applicationId the records' tag {@code ApplicationId}
     * @param workers the job's workers
     * @param quantileSeconds the window of the iteration-time quantiles
     */
    public TrainingMetrics(String applicationId, int workers, int quantileSeconds) {
        if (workers < 1 || quantileSeconds < 1) {
            throw new IllegalArgumentException(
                    "need workers >= 1 and quantileSeconds >= 1, got "
                            + workers
                            + "/"
                            + quantileSeconds);
        }
        this.workers = workers;
        registry.tag("ApplicationId", "the YARN application", applicationId);
        iterations = registry.newCounter("Iterations", "rounds recorded", 0L);
        iterationTime = registry.newRate("IterationTime", "wall time of a round, microseconds");
        iterationTimeQuantiles =
                registry.newQuantiles(
                        "IterationTime" + quantileSeconds + "s",
                        "wall time of a round, microseconds",
                        "rounds",
                        "micros",
                        quantileSeconds);
        roundsDecodedEarly =
                registry.newCounter(
                        "RoundsDecodedEarly", "rounds that ended before every worker answered", 0L);
        stragglersIgnored =
                registry.newCounter(
                        "StragglersIgnored",
                        "workers whose result a round did not wait for, summed over the rounds",
                        0L);
        resultsDiscarded =
                registry.newCounter(
                        "ResultsDiscarded", "results that arrived after their round ended", 0L);
        workersFailed = registry.newCounter("WorkersFailed", "workers failed or hung", 0L);
        workersReplaced = registry.newCounter("WorkersReplaced", "workers replaced", 0L);
        nodesExcluded = registry.newCounter("NodesExcluded", "nodes excluded", 0L);
    }

    /** A row of {@code iterations.csv} (the coordinator's thread). */
    public void iteration(IterationRecord r) {
        iterations.incr();
        if (!Double.isNaN(lastSeconds) && r.seconds() >= lastSeconds) {
            long micros = Math.round((r.seconds() - lastSeconds) * 1e6);
            iterationTime.add(micros);
            iterationTimeQuantiles.add(micros);
        }
        lastSeconds = r.seconds();
        int answered = r.used() + r.stale();
        if (answered < workers) {
            roundsDecodedEarly.incr();
            stragglersIgnored.incr(workers - answered);
        }
        resultsDiscarded.incr(r.discarded());
        objective = r.objective();
        gap = r.gap();
    }

    /** A row of {@code events.csv} (the coordinator's thread). */
    public void event(AdaptEvent e) {
        switch (e.event()) {
            case "failed", "hung" -> workersFailed.incr();
            case "replaced" -> workersReplaced.incr();
            case "excluded" -> nodesExcluded.incr();
            default -> {
                // slow, replacing, expired, auto-*, ...: decisions on the way, not outcomes
            }
        }
    }

    @Override
    public void getMetrics(MetricsCollector collector, boolean all) {
        MetricsRecordBuilder rb = collector.addRecord(registry.info()).setContext(CONTEXT);
        // every metric in every record, changed or not: a sink's last record (published as the
        // AM unregisters) then holds the run's totals, and a file sink's line reads on its own
        registry.snapshot(rb, true);
        rb.addGauge(OBJECTIVE, objective).addGauge(GAP, gap).addGauge(WORKERS, workers);
    }

    /** Stops the quantiles' rollover timer (Hadoop's shared scheduler keeps no thread of ours). */
    void stop() {
        iterationTimeQuantiles.stop();
    }
}
