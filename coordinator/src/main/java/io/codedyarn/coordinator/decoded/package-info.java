/**
 * The decode-gated family: uncoded, fastest-k, cyclic and fractional codes, GC-SC, GC-DC,
 * heterogeneity-aware codes and BCC. {@link DecodedFamily} asks the round's {@code DecodeGate} for
 * [Σℓ, Σ∇ℓ] at the optimiser's point (exact for exact codes, fastest-k's rescaled estimate
 * otherwise) and steps with L-BFGS, gradient descent or Nesterov, or PCA's power update V ← G(V −
 * η(H + V)) (DSAG §1.3). Uses {@code round} and {@code optim}; no other family.
 */
package io.codedyarn.coordinator.decoded;
