/**
 * Coordinator-side state of the iterative methods (pure Java: no Hadoop, no I/O, no clocks; time
 * enters only as arguments).
 *
 * <ul>
 *   <li>DSAG (Severinson et al., IEEE TCOM 2023): {@link
 *       io.codedyarn.placement.method.GradientCache} (the cache 𝒴 of §IV/V-A with running sum H
 *       and coverage ξ), the aggregation policies {@link
 *       io.codedyarn.placement.method.DsagAggregator} and {@link
 *       io.codedyarn.placement.method.SagAggregator} and SGD's memoryless {@link
 *       io.codedyarn.placement.method.SgdAggregator} (the §VII baselines), and {@link
 *       io.codedyarn.placement.method.RoundGate} (wait for w fresh results plus a 2 % grace
 *       window).
 *   <li>LAG / LAGC / G-LAG / G-GD (Zhang and Simeone, "LAGC"): {@link
 *       io.codedyarn.placement.method.LazyTrigger}, the parameter server's lazy selection rule
 *       (13)/(17) and the update (14)/(18), with {@link
 *       io.codedyarn.placement.method.StepNormHistory} holding the last D squared steps.
 *   <li>Every decode-gated scheme: {@link io.codedyarn.placement.method.DecodeRound}, the gate that
 *       ends a round at the first decodable prefix of arrivals, shared by the coordinator and the
 *       time simulator.
 *   <li>SSP (Ho et al., NIPS 2013; the Hetero-GC paper's asynchronous baseline): {@link
 *       io.codedyarn.placement.method.StalenessClocks}, the staleness bound on the workers' clocks.
 * </ul>
 *
 * <p>Sample indices in this package are 1-based and inclusive, as in the DSAG paper and {@link
 * io.codedyarn.placement.Ranges}; unit indices (workers, groups) are 0-based.
 */
package io.codedyarn.placement.method;
