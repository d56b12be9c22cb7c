/**
 * The analysis side of Batched Coupon's Collector (Li, Kalan, Avestimehr, Soltanolkotabi,
 * "Near-Optimal Straggler Mitigation for Distributed Gradient Methods"; digest {@code
 * shared/notes/bcc.md}): exact and expected recovery thresholds ({@link BccThresholds}, §III and
 * eq. (13)), the coverage gate that keeps one result per batch label and decodes once every label
 * is covered ({@link Coverage}, §III-A), and the HCMM load allocation of generalized BCC for
 * heterogeneous workers ({@link HcmmAllocation}, §IV Remark 6, problem P2 eq. (19), digest §5). The
 * schemes {@code bcc}, {@code bcc-balanced} and {@code bcc-hetero} that use them are in {@code
 * placement.scheme}. Pure Java on the placement root, {@code placement.coding} and Commons Math; no
 * Hadoop, no I/O.
 */
package io.codedyarn.placement.bcc;
