/**
 * The analytical model of LAGC (Zhang and Simeone, "LAGC: Lazily Aggregated Gradient Coding", §V;
 * digest lagc.md §3): expected order statistics of the worker computing times ({@link
 * io.codedyarn.repro.lagc.OrderStatistics}, (21)/(22)), the group variable and the expected maximum
 * over groups ({@link io.codedyarn.repro.lagc.GroupOrderStatistics}, (28)), the lazy selection
 * bounds M̄ and Ḡ ({@link io.codedyarn.repro.lagc.LazySelectionBounds}, (26)/(30)), and the per-Ī_ε
 * complexity table of GD, GC, LAG, G-GD, LAGC and G-LAG ({@link
 * io.codedyarn.repro.lagc.LagcComplexityTable}, (23)–(41)) with the Fig. 6/7 setting.
 *
 * <p>Pure Java plus Commons Math special functions; no I/O, no randomness except the generator a
 * caller passes to the {@code sample} methods.
 */
package io.codedyarn.repro.lagc;
