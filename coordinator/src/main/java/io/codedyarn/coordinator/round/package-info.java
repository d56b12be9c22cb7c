/**
 * One round, shared by every method family: the {@link RoundEngine} sends tasks through the worker
 * port and turns events into {@link Arrival}s, with its {@link TaskLedger} (tasks outstanding),
 * {@link WorkerRoster} (who is alive, where), {@link StartPhase}, {@link SilentWorkers} (liveness
 * deadlines) and {@link WorkerLifecycle}; the loop's {@link RoundDriver} hands the arrivals to the
 * round's {@link Aggregator}, whose {@link Verdict} (not yet, enough, stalled) it acts on; {@link
 * RunState} holds the model, the iteration count and the run's records; {@link DecodeGate} is the
 * decode gate of every exact and approximate code (it decodes the first decodable set of arrivals,
 * with GC-DC's re-clustering of GC-DC §V in {@link CodewordAssignment}, {@link GcDcDecisions},
 * {@link Assigners} and {@link MeasuredRates}); a {@link Family} is the contract each method family
 * implements (begin a round, step) and {@link TrainSpec} the job the round trains. Knows no family
 * and no adaptation (the ArchitectureTest enforces it); uses {@code cluster}, {@code trace}, {@code
 * liveness}, {@code checkpoint}, {@code stats}, placement and compute.
 */
package io.codedyarn.coordinator.round;
