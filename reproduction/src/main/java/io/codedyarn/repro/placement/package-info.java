/**
 * The analytical and time-only reproductions of the papers' headline numbers ({@code coded-yarn
 * reproduce}, {@code docs/reproduction.md}): one {@link Reproduction} per paper, listed in {@link
 * Reproductions}, each returning {@link ReproducedNumber} rows that {@link ReproductionReport}
 * renders as Markdown. BCC thresholds and Fig. 5 ({@link BccReproduction}, {@link BccFigureFive};
 * BCC §III-IV), GC-DC's iteration times ({@link GcDcReproduction}; GC-DC §VI), Hetero-GC's
 * completion times ({@link HeteroGcReproduction}, {@link HeteroGcDelays}; §VI-A, Figs. 2-3), LAGC's
 * Figs. 6-7 complexity table ({@link LagcReproduction}; LAGC §V) and DSAG's latency prediction and
 * load balancing ({@link DsagReproduction}, {@link DsagLoadBalanceScenario}, {@link
 * DsagFig7Sensitivity}; DSAG §IV and §VI, Figs. 6-7). Seeded and deterministic for any thread count
 * ({@link Replications}, {@link RunStats}). Uses only the placement module (schemes, latency
 * models, simulators, {@code placement.bcc}, {@code repro.lagc}, {@code placement.loadbalance}); no
 * Hadoop, no coordinator. The package lives in the reproduction module, not in placement. Each
 * row's {@link Verdict} is derived from its paper claim and deviations ({@link
 * ReproducedNumber#verdict}); {@link Omissions} lists the papers' figures and tables that are not
 * reproduced, with their reasons.
 */
package io.codedyarn.repro.placement;
