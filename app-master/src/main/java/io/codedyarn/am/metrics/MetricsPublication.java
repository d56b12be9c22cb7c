package io.codedyarn.am.metrics;

import org.apache.hadoop.metrics2.MetricsSystem;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The AM process's metrics2 system with {@link TrainingMetrics} registered: JMX shows the source at
 * once ({@code Hadoop:service=CodedYarnAppMaster,name=Training}), and the sinks the cluster's
 * {@code hadoop-metrics2.properties} names (on the AM's class path through {@code HADOOP_CONF_DIR})
 * get a record every period. Metrics are observability: a metrics system that cannot start is
 * logged once and the run goes on without it.
 */
public final class MetricsPublication implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(MetricsPublication.class);

    private final MetricsSystem system;
    private final TrainingMetrics source;

    private MetricsPublication(MetricsSystem system, TrainingMetrics source) {
        this.system = system;
        this.source = source;
    }

    /** Starts the process's metrics system (once per process) and registers {@code source}. */
    public static MetricsPublication start(TrainingMetrics source) {
        try {
            MetricsSystem ms = DefaultMetricsSystem.initialize(TrainingMetrics.SYSTEM);
            ms.register(
                    TrainingMetrics.SOURCE,
                    "coded-yarn training: rounds, stragglers, adaptation, objective",
                    source);
            return new MetricsPublication(ms, source);
        } catch (RuntimeException e) {
            LOG.warn("no Hadoop metrics for this run: {}", e.toString());
            return new MetricsPublication(null, source);
        }
    }

    /**
     * Publishes the last values to every sink (the run's totals, whatever the period) and stops the
     * metrics system.
     */
    @Override
    public void close() {
        source.stop();
        if (system == null) {
            return;
        }
        try {
            system.publishMetricsNow();
        } finally {
            DefaultMetricsSystem.shutdown();
        }
    }
}
