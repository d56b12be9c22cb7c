/**
 * Every placement scheme, one {@code Scheme} implementation per family, registered by its
 * command-line name in {@link Schemes}: uncoded GD and fastest-k ({@link Uncoded}, {@link Blocks}),
 * cyclic and fractional repetition ({@link CyclicRepetition}, {@link FractionalRepetition}; Tandon
 * et al. 2017), GC-SC and GC-DC ({@link StaticClustering}, {@link GcDc}, {@link ClusterPlans};
 * Buyukates et al. 2022, §II and §IV-V), heterogeneity-aware schemes 1 and 2 ({@link HeteroAware},
 * {@link HeteroGroup}, {@link HeteroCommon}; Wang et al., ICDCS 2019, §IV-V), BCC and generalized
 * BCC ({@link Bcc}, {@link BccHetero}; BCC §III-A and §IV), the LAGC layouts of LAG, LAGC, G-LAG
 * and G-GD ({@link LagFamily}, {@link PlanGroups}; LAGC §II-IV), the SAG/DSAG layout ({@link Sag};
 * DSAG §V) and the SSP baseline ({@link Ssp}; Ho et al. 2013, Hetero-GC Fig. 4). Each is a pure
 * function of its parameters and a seeded generator. Uses the placement root, {@code
 * placement.coding} and {@code placement.bcc}; no Hadoop, no I/O.
 */
package io.codedyarn.placement.scheme;
