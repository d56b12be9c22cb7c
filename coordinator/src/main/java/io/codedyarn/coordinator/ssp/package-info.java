/**
 * Stale-synchronous parallel training (Ho et al., NIPS 2013; the Hetero-GC paper's asynchronous
 * baseline, Fig. 4): {@link SspFamily} applies each worker's result as it arrives and {@link
 * SspGate} holds a worker that runs more than the staleness bound ahead of the slowest (placement's
 * {@code StalenessClocks}). Uses {@code round}; no other family.
 */
package io.codedyarn.coordinator.ssp;
