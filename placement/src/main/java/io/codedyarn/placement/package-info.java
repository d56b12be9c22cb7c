/**
 * The placement module's core vocabulary: a {@link Scheme} turns {@link SchemeParams} (the plan
 * flags) and a seeded generator ({@link Seeds}) into an immutable, self-validating {@link Plan}
 * (which partitions each worker stores, its {@link Codeword}s, the {@link Decoder} and the {@link
 * ResponderPromise} of the sets it decodes, and the family's typed {@link FamilySettings}), and
 * declares how a coordinator trains on it ({@link Training}); {@link Decoding} is the coefficients
 * of one decoded responder set. Also the DSAG paper's 1-based {@link Ranges} ({@code
 * p_start}/{@code p_stop}, DSAG §III), the {@code name:key=value} grammar shared by {@code
 * --latency} and {@code --straggle} ({@link SpecParts}) and {@link InvalidParametersException}. The
 * root of the module's package tree, so it uses only the JDK: no other coded-yarn package, no
 * Hadoop, no I/O, no clocks.
 */
package io.codedyarn.placement;
