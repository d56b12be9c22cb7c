/**
 * The training coordinator: a Hadoop-free state machine run by one thread ({@link Coordinator},
 * {@link RoundLoop}, {@link RoundEngine}) that reaches workers only through a {@link WorkerPort},
 * hears from cluster adapters only through {@link CoordinatorEvent}s on an {@link EventSource}, and
 * reads time only from an injected {@link Clock}, so the same code trains on YARN, on the embedded
 * cluster and on the {@link SimulatedCluster} (in-process workers, time from a latency model; see
 * {@code docs/round-loop.md}). Each round is assign, gate, estimate and step for one method {@link
 * Family}: the decode-gated family ({@link DecodedFamily}, {@link DecodeGate}; every coded and
 * uncoded scheme), SAG/DSAG ({@link AsyncFamily}, {@link AsyncGate}, DSAG §IV-B and §V-A, with the
 * load balancing of §VI in {@link DsagBalancing}), the lazy family of LAG, LAGC, G-LAG and G-GD
 * ({@link LazyFamily}, {@link GroupGate}; LAGC §III-IV, Algorithm 1) and SSP ({@link SspFamily},
 * {@link SspGate}; Ho et al. 2013, Hetero-GC Fig. 4); between rounds the {@link Adapter} and {@link
 * Replanner} exclude nodes, replace workers and re-plan from measured speeds, GC-DC re-clusters
 * with Algorithm 1 ({@link Assigners}, {@link MeasuredRates}; GC-DC §V, §VI-B), and {@link
 * Checkpoints} saves and restores the whole state. It also defines the job's description ({@link
 * TrainSpec}, {@link JobJson}) and the records a run produces ({@link IterationRecord}, {@link
 * LatencyRecord}, {@link TraceSink}, {@link LiveFeed}, {@link RunResult}). Uses placement, compute
 * ({@code worker.*}), its own {@code adapt}, {@code liveness}, {@code optim} and {@code checkpoint}
 * subpackages, Jackson (job JSON) and SLF4J; no Hadoop and no gRPC (the ArchitectureTest enforces
 * both).
 */
package io.codedyarn.coordinator;
