/**
 * The coordinator's adaptation between two rounds. {@link Adapter} acts on the workers' changes:
 * {@link SlowWorkers} judges persistent slowness from measured latencies per unit of load with
 * {@code placement.straggler}'s detector, {@link NodeExclusion} keeps workers off slow or failing
 * NodeManagers with expiry and a cap (the rules of Spark's HealthTracker and Tez's node
 * blacklisting), and replacements are asked of the port; {@link Replanner} re-plans the placement
 * from measured speeds (heterogeneity-aware codes, GC-DC §VI-B). {@link AdaptSettings} and {@link
 * SpeedSettings} are the typed {@code coded-yarn.exclusion.*} and {@code coded-yarn.speeds.*} keys.
 * Single-threaded, time passed in as seconds; uses {@code round}, {@code trace} and placement, no
 * Hadoop (see {@code docs/reliability.md}).
 */
package io.codedyarn.coordinator.adapt;
