/**
 * The YARN adapters, client and ApplicationMaster. Client side: {@link YarnSubmitter} stages the
 * job and submits the AM, {@link YarnTrainer} submits, follows and reads the summary back, with a
 * progress line ({@link FollowProgress}, {@link ProgressLine}) and a Ctrl-C prompt ({@link CtrlC},
 * {@link InterruptPrompt}). AM side: {@link AppMaster} is the main and its one Hadoop adapter
 * around the Hadoop-free coordinator; {@link WorkerContainers} asks for one container per worker on
 * the node holding its partitions ({@link LocalityPlanner}), launches {@link WorkerLaunch} contexts
 * and replaces workers ({@link ReplaceableWorkers}, {@link DataReplacer}, {@link
 * ReplacementChooser}); {@link AttemptRecovery} resumes from an earlier attempt's checkpoint;
 * {@link StatusPage} serves the tracking URL; {@link ProgressPublisher} writes {@link
 * ProgressFile}. Callbacks from YARN's threads are posted to one {@link SerialExecutor}, and timers
 * go through the {@link Scheduler} port so tests move time by hand (the Flink {@code flink-yarn}
 * pattern of {@code shared/notes/style.md}). Uses {@code am.net}, the coordinator, {@code
 * am.config}, {@code am.output}, {@code am.report}, hdfs-tools, placement, container-worker's
 * {@code worker.yarn} (the class it launches), the Hadoop YARN and HDFS client APIs, the JDK's HTTP
 * server and {@code sun.misc.Signal}.
 */
package io.codedyarn.am.yarn;
