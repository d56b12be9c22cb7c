/**
 * The gradient-code constructions and decoders behind the schemes: cyclic-repetition codes with a
 * closed-form decoder built from an auxiliary matrix ({@link CyclicCode}, whose matrix {@link
 * CyclicDraw} draws, {@link CyclicDecoder}; Tandon et al. 2017 with the construction of hetero-gc
 * Lemma 2), heterogeneity-aware loads, supports and coefficients ({@link HeteroAllocation}, {@link
 * AuxiliaryCode}, {@link AuxiliaryDraw}, {@link AuxiliaryDecoder}; Wang et al., ICDCS 2019, §IV,
 * digest {@code hetero-gc.md} §3) and its group search ({@link ChainGroups}, §V Algorithm 2, digest
 * §4), GC-DC's membership matrix and greedy dynamic clustering ({@link ClusterMembership}, eq.
 * (13), and {@link DynamicClustering}, Algorithm 1; Buyukates et al. 2022, §IV-V), the in-group
 * codes of the LAGC layouts ({@link GroupCode}, {@link CyclicGroupCode}, {@link TrivialGroupCode};
 * LAGC §IV), block-wise decoding ({@link BlockDecoder}), the generic SVD least-squares decoder kept
 * as the reference ({@link LeastSquaresDecoder}, Tandon eq. (2)), an LRU decoding cache ({@link
 * CachingDecoder}), the responder-set promises ({@link KOfNPromise}, {@link EachOfPromise}), the
 * deterministic completion time of a plan ({@link CompletionTime}, hetero-gc eq. (3)) and the small
 * dense linear algebra they share ({@link Dense}, {@link ExactDot}, {@link Tolerances}). Pure Java
 * on the placement root and Commons Math (SVD, QR, special functions); no Hadoop, no I/O,
 * randomness only from the caller's generator.
 */
package io.codedyarn.placement.coding;
