/**
 * The ApplicationMaster's Hadoop metrics2 source: {@link TrainingMetrics} (rounds, their time and
 * its quantiles, rounds decoded early, stragglers ignored, failures, replacements, exclusions,
 * objective and gap), fed by {@link MeteredTrace} from the rows the coordinator writes to its
 * trace, and published through the process's metrics system to JMX and the cluster's sinks by
 * {@link MetricsPublication}. Hadoop types stay here and in the AM ({@code am.yarn.master}); the
 * coordinator only sees a {@code TraceSink}.
 */
package io.codedyarn.am.metrics;
