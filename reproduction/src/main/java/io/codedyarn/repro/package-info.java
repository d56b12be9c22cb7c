/**
 * The training reproductions: the papers' learning experiments run through the real coordinator on
 * the simulated cluster ({@code coordinator.simulated.SimulatedTrain}, the worker kernels and
 * hdfs-tools' generators), listed in {@link TrainingReproductions} beside {@code repro.placement}'s
 * analytical ones. LAGC Figs. 8-9 ({@link LagcTraining}, and in the paper's own model {@link
 * LagcFashion} on the Fashion-MNIST subset; LAGC §V-D, §VI), DSAG's eX3 comparison and its
 * load-balancing run ({@link DsagTraining}, {@link DsagLbTraining}, {@link IdealMdsBound}; DSAG
 * §VII, Fig. 8), Hetero-GC Figs. 4-5 against SSP ({@link HeteroGcTraining}, {@link SspReplay};
 * §VI-A) and a 1,000-worker learning curve ({@link LargeCluster}); {@link ReproduceMain} and {@link
 * LagcFashionMain} run one section with only a JDK. Uses the coordinator (root, {@code simulated},
 * {@code adapt}, {@code advise}), compute ({@code compute.*}), {@code repro.placement} and the
 * placement module, and {@code hdfs.generate}'s row generators; no Hadoop types. Despite its {@code
 * am} prefix it is not application-master code.
 */
package io.codedyarn.repro;
