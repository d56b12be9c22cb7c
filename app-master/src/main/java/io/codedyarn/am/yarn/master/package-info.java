/**
 * The ApplicationMaster: what runs inside the AM's container. {@link AppMaster} is the main and its
 * one Hadoop adapter around the Hadoop-free coordinator; {@link WorkerContainers} asks for one
 * container per worker on the node holding its partitions ({@link LocalityPlanner}), launches
 * {@link WorkerLaunch} contexts and keeps standbys and spares, a facade over {@link
 * ContainerRequests} (with the locality fallback), {@link Standbys} and {@link SparePool}; {@link
 * ReplaceableWorkers} is the coordinator's worker port over it and replaces workers ({@link
 * DataReplacer}, {@link ReplacementChooser}); {@link AttemptRecovery} resumes from an earlier
 * attempt's checkpoint; {@link StatusPage} serves the tracking URL; {@link ProgressPublisher}
 * writes the progress file. Callbacks from YARN's threads ({@link ContainerCallbacks}, through
 * {@link AmClients}) are posted to one {@link SerialExecutor}, and timers go through the {@link
 * Scheduler} port so tests move time by hand (the Flink {@code flink-yarn} pattern of {@code
 * shared/notes/style.md}). Uses the shared root {@code am.yarn}, {@code am.net}, the coordinator,
 * {@code am.config}, {@code am.output}, {@code am.report}, hdfs-tools, placement,
 * container-worker's {@code worker.yarn} and {@code worker.net}, the Hadoop YARN and HDFS client
 * APIs and the JDK's HTTP server; never the client, {@code am.yarn.client}.
 */
package io.codedyarn.am.yarn.master;
