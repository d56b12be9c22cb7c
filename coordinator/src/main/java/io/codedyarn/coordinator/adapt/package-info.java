/**
 * The rules and settings of the coordinator's adaptation between rounds, without the wiring (that
 * is the root package's {@code Adapter}): {@link SlowWorkers} judges persistent slowness from
 * measured latencies per unit of load with {@code placement.straggler}'s detector, {@link
 * NodeExclusion} keeps workers off slow or failing NodeManagers with expiry and a cap (the rules of
 * Spark's HealthTracker and Tez's node blacklisting), {@link AdaptSettings} and {@link
 * SpeedSettings} are the typed {@code coded-yarn.exclusion.*} and {@code coded-yarn.speeds.*} keys,
 * and {@link AdaptEvent} is one row of a run's {@code events.csv}. Pure and single-threaded, time
 * passed in as seconds; uses only {@code placement.straggler} and the JDK, no Hadoop (see {@code
 * docs/reliability.md}).
 */
package io.codedyarn.coordinator.adapt;
