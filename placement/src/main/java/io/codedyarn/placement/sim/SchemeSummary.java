package io.codedyarn.placement.sim;

/**
 * A scheme's simulated figures over all runs and iterations (field names are the stable JSON names
 * of {@code simulate --json}).
 *
 * @param scheme the scheme's name
 * @param meanIterationTime mean time per iteration
 * @param stdIterationTime standard deviation of the time per iteration
 * @param meanWorkersWaited mean number of results waited for (recovery threshold)
 * @param communication mean vectors moved per iteration (uploads + downloads)
 * @param computation mean partitions' worth of gradients computed per iteration, over K
 * @param undecodable iterations that never became decodable (counted in no mean)
 */
public record SchemeSummary(
        String scheme,
        double meanIterationTime,
        double stdIterationTime,
        double meanWorkersWaited,
        double communication,
        double computation,
        long undecodable) {}
