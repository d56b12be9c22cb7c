/**
 * The lazy family: LAG, LAGC, G-LAG and G-GD (Zhang and Simeone, LAGC §III–IV, Algorithm 1). {@link
 * LazyFamily} runs the rounds, {@link GroupGate} waits for the groups a round needs, {@link
 * LazyTrigger} is the parameter server's lazy selection rule (13)/(17) with the update (14)/(18),
 * {@link StepNormHistory} holds the last D squared steps and {@link LazySettings} the typed
 * parameters. Uses {@code round}; no other family.
 */
package io.codedyarn.coordinator.lazy;
