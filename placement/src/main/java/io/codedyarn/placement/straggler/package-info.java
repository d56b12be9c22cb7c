/**
 * Straggler detection: {@link StragglerDetector}, a robust fast/slow classification of workers from
 * their recent latencies per unit of load (each worker's windowed median against the median and the
 * scaled MAD across workers, the rule of HDFS's slow-node {@code OutlierDetector}). It feeds
 * GC-DC's imperfect straggler-state information (GC-DC §VI) and the coordinator's slow-worker
 * judgement ({@code coordinator.adapt.SlowWorkers}). Not to be confused with {@code
 * placement.slowdown}, which INJECTS slowness. Uses only the JDK; no Hadoop, no I/O, no clocks.
 */
package io.codedyarn.placement.straggler;
