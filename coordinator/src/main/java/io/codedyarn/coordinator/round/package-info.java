/**
 * One round, shared by every method family: the {@link RoundEngine} sends tasks through the worker
 * port, keeps the {@link TaskLedger} of what is outstanding, applies the liveness deadlines and
 * hands {@link Arrival}s to the round's {@link Aggregator} until it has enough; {@link RunState}
 * holds the model, the iteration count and the run's records; {@link DecodeGate} is the decode gate
 * of every exact and approximate code (it decodes the first decodable set of arrivals, with GC-DC's
 * re-clustering of GC-DC §V in {@link GcDcDecisions}, {@link Assigners} and {@link MeasuredRates});
 * a {@link Family} is the contract each method family implements (begin a round, step) and {@link
 * TrainSpec} the job the round trains. Knows no family and no adaptation (the ArchitectureTest
 * enforces it); uses {@code cluster}, {@code trace}, {@code liveness}, {@code checkpoint},
 * placement and compute.
 */
package io.codedyarn.coordinator.round;
