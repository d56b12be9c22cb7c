/**
 * The simulator as a planner ({@code coded-yarn advise}, issue 15 §3): from a run's recorded {@code
 * latency-trace.csv} ({@link RecordedTrace}), {@link CandidateGrid} lists a small grid of schemes
 * and parameters, {@link TraceTimes} predicts each one's seconds per iteration by replaying the
 * trace through {@code placement.sim}'s simulators, and {@link Advisor} ranks the {@link
 * Candidate}s by predicted time to a target ({@link Prediction}); {@link TraceAgreement} checks
 * whether the simulator predicts a run from its own trace. Uses the placement module ({@code
 * placement.latency}, {@code placement.scheme}, {@code placement.sim}) and the coordinator root
 * ({@code TrainSpec}, {@code JobJson}, {@code Assigners}); reads local files with {@code
 * java.nio.file}, but no Hadoop (app-master's {@code am.advise} adds the CLI's Hadoop-side parts).
 */
package io.codedyarn.coordinator.advise;
