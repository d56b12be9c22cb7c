package io.codedyarn.compute.task;

/**
 * A worker's answer to a {@link Task}: one vector per unit, in the task's unit order, and the
 * worker's own measured compute time (nanoseconds, kernel time only).
 */
public record TaskResult(int worker, long round, double[][] values, long computeNanos) {}
