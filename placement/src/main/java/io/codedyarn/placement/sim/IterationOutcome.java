package io.codedyarn.placement.sim;

/**
 * One simulated iteration.
 *
 * @param time when the results that were enough had all arrived (∞ when never decodable)
 * @param waited results received until then (the recovery threshold of this iteration)
 * @param uploads vectors sent to the coordinator and used or waited for
 * @param downloads iterates sent to workers
 * @param computation partitions' worth of gradients computed, divided by K
 */
public record IterationOutcome(
        double time, int waited, int uploads, int downloads, double computation) {}
