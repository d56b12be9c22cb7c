/**
 * End-to-end decodability checks of a plan ({@code plan --verify} and the scheme contract tests):
 * {@link PlanVerifier} encodes random partial gradients with the plan's codewords, decodes every
 * promised responder set (exhaustively when there are few, else sampled plus the promise's
 * adversarial sets) and compares with the exact sum, and also tries sets outside the promise, where
 * the decoder may refuse but must never return a wrong gradient; {@link VerifyReport} is what it
 * found. Pure Java on the placement root and {@code placement.coding}; no Hadoop, no I/O,
 * randomness only from the caller's seed.
 */
package io.codedyarn.placement.verify;
