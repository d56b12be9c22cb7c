/**
 * Hang detection for workers that stay connected but answer nothing (keys {@code
 * coded-yarn.liveness.*}, {@link LivenessSettings}): {@link TaskDeadlines} gives each task a
 * deadline of {@code max(floor, factor × max(q_w, q_all) × load)} after the worker began it, from
 * high quantiles of the worker's own and the pooled service times per unit of load, with a start
 * floor for a worker's first task (see {@code docs/reliability.md}). Pure and single-threaded, time
 * passed in; uses only the JDK, no Hadoop.
 */
package io.codedyarn.coordinator.liveness;
