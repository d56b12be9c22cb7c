/**
 * DSAG's per-worker data layout (Severinson et al., IEEE TCOM 2023; digest {@code dsag.md} §1.2 and
 * §5.3): a worker's block and subpartitions as 1-based inclusive {@link SampleRange}s, and {@link
 * SubpartitionAlignment}, Algorithm 2 of §VI-C, which picks the next subpartition after a change of
 * the subpartition count so that the first results evict as few cached entries as possible. Indices
 * are the paper's, 1-based. Pure Java on the placement root only; no Hadoop, no I/O.
 */
package io.codedyarn.placement.dsag;
