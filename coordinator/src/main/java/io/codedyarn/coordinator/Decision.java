package io.codedyarn.coordinator;

/**
 * One run-time adaptation decision (issue 15): after {@code iteration}, at coordinator second
 * {@code seconds}, what changed for {@code worker} (−1: no single worker, e.g. the load balancer
 * kept the partitioning) and why.
 */
public record Decision(long iteration, double seconds, int worker, String what, String why) {}
