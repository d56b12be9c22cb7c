/**
 * The asynchronous gradient family: SAG and DSAG (Severinson et al., IEEE TCOM 2023, §IV-B, §V-A)
 * and SGD. {@link AsyncFamily} runs the rounds and {@link AsyncGate} waits for w fresh results plus
 * a grace window; {@link GradientCache} is the cache 𝒴 with running sum H and coverage ξ, {@link
 * DsagAggregator}, {@link SagAggregator} and {@link SgdAggregator} the aggregation policies (the
 * §VII baselines), and {@link DsagBalancing} with {@link BalanceSchedule} the load balancing of
 * §VI. Sample indices are 1-based and inclusive, as in the paper. Uses {@code round} and {@code
 * optim}; no other family.
 */
package io.codedyarn.coordinator.async;
