/**
 * The YARN client: what runs in the user's {@code coded-yarn train} (or {@code yarn jar}) process.
 * {@link YarnSubmitter} stages the job jar and {@code job.json} ({@link JobStaging}) and submits
 * the ApplicationMaster, reaching the ResourceManager within a bounded wait ({@link RmConnection});
 * {@link YarnTrainer} submits, follows the run and reads its outputs and summary back, with a
 * progress line ({@link FollowProgress}, {@link ProgressLine}, reading the AM's {@code
 * am.yarn.ProgressFile}) and a Ctrl-C prompt ({@link CtrlC}, {@link InterruptPrompt}). Uses the
 * shared root {@code am.yarn}, {@code am.yarn.master} only for the AM's main class that the launch
 * command names ({@code AppMaster}), {@code am.config}, {@code am.output}, the coordinator's
 * records, hdfs-tools' {@code hdfs.progress}, the Hadoop YARN client API and {@code
 * sun.misc.Signal}; the AM side never uses this package.
 */
package io.codedyarn.am.yarn.client;
