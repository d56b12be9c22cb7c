/**
 * {@code coded-yarn train} below the command line: {@link Trainers} runs a {@link TrainRequest} on
 * the cluster kind it names, the simulated one ({@code coordinator.simulated}), the embedded one
 * ({@code am.embedded}) or a real YARN cluster ({@link ClusterTrain}: {@code data prepare} onto the
 * cluster's HDFS, then {@code am.yarn.client}'s {@code YarnTrainer}); {@link BuiltInData} is the
 * seeded dataset used without {@code --data}, and {@link DatasetRows} reads a whole dataset into
 * memory for in-process runs and reference optima. Uses the coordinator, {@code am.yarn.client},
 * {@code am.embedded}, {@code am.output}, {@code am.config}, hdfs-tools ({@code hdfs.dataset},
 * {@code hdfs.generate}, {@code hdfs.prepare}), container-worker's {@code worker.hdfs}, Jackson and
 * the Hadoop client API.
 */
package io.codedyarn.am.train;
