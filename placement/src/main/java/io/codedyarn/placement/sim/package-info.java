/**
 * Time-only simulation of a plan, no learning (what {@code simulate} runs, and what {@code advise}
 * replays traces through): {@link TimeSimulator} for the decode-gated and lazy schemes (results in
 * time order, stop at the first decodable prefix, the coordinator's own {@code DecodeRound} gate),
 * {@link AsyncRoundSimulator} for SAG/DSAG rounds with w fresh results (DSAG §IV-B, the reference's
 * event-driven semantics), {@link WorstCaseStragglers} for the adversarial setting of the Hetero-GC
 * optimality theorem, and {@link Simulation}, R seeded runs with common random numbers summarised
 * as {@link SchemeSummary} ({@code simulate --json}). Dynamic schemes get their per-iteration
 * codeword assignment through {@link CodewordAssigner} from a {@link StragglerState}. Pure Java on
 * the placement root, {@code placement.latency}, {@code placement.method}, {@code placement.scheme}
 * and {@code placement.coding}; no Hadoop, no I/O.
 */
package io.codedyarn.placement.sim;
