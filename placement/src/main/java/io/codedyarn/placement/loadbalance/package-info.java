/**
 * DSAG's load-balancing machinery (DSAG §IV and §VI; digest {@code shared/notes/dsag.md} §3, §5):
 * {@link io.codedyarn.placement.loadbalance.LatencyProfiler} turns per-result timings into
 * per-worker gamma moments, {@link io.codedyarn.placement.loadbalance.EventDrivenSimulator}
 * predicts iteration latency and participation for a wait-for-w coordinator, and {@link
 * io.codedyarn.placement.loadbalance.LoadBalancer} (Algorithm 1) picks new subpartition counts.
 * Pure Java: time is passed in, randomness comes from the caller's RandomGenerator.
 */
package io.codedyarn.placement.loadbalance;
