package io.codedyarn.repro.placement;

import io.codedyarn.placement.bcc.BccThresholds;
import io.codedyarn.placement.bcc.HcmmAllocation;
import io.codedyarn.placement.scheme.BccHetero;
import io.codedyarn.repro.placement.BccExperiments.Estimate;
import io.codedyarn.repro.placement.BccExperiments.HeteroResult;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * BCC's Fig. 5 (§IV-C): generalized BCC against load balancing on m = 500, n = 100, a = 20, μ = 1
 * (95 workers) and 20 (5): the HCMM allocation, E[T̂(s)], the LB time, {@code bcc-hetero} (the
 * paper's scheme, every draw kept) and {@code bcc-hetero-redraw} (conditioned on coverage) against
 * the paper's 29.28 %, and the spread over the choices the paper leaves open ({@link
 * CoverageTimes}).
 */
final class BccFigureFive {
    private BccFigureFive() {}

    private static final int TAG_HETERO = 3;
    private static final int TAG_COLLECT = 4;
    private static final int TAG_LB = 5;
    private static final int TAG_SPREAD = 20;

    /** Placements per choice of the spread rows (2 latency draws each; about 1 s each). */
    static final int SPREAD_PLACEMENTS = 10_000;

    static void rows(List<ReproducedNumber> out, long seed, double scale) {
        double[] mu = BccReproduction.fig5Mu();
        int m = BccReproduction.FIG5_M;
        double a = BccReproduction.FIG5_SHIFT;
        String setting = "m = 500, n = 100, a = 20, μ = 1 (×95), 20 (×5)";
        long s = (long) Math.floor(m * Math.log(m));
        HcmmAllocation alloc = HcmmAllocation.solve(mu, a, s);
        int[] loads = alloc.loads(m, s);
        out.add(
                ReproducedNumber.exact(
                                "Fig. 5: HCMM τ* for s = ⌊m ln m⌋ = " + s,
                                setting,
                                alloc.tau(),
                                "s",
                                String.format(
                                        Locale.ROOT,
                                        "τ* = s / Σ μ_i/(1 + μ_i λ_i); loads r* = τ*/λ_i = %.3f / %.3f,"
                                                + " rounded to %d / %d",
                                        alloc.realLoads()[0],
                                        alloc.realLoads()[99],
                                        loads[0],
                                        loads[99]))
                        .withDigest(744.44));
        int collectDraws = BccReproduction.scaled(40_000, scale, 4_000);
        Estimate collect =
                BccExperiments.collectionTime(loads, a, mu, s, collectDraws, seed, TAG_COLLECT);
        out.add(
                ReproducedNumber.measured(
                                "Fig. 5: E[T̂(s)], time to receive s gradients (P2)",
                                setting + ", s = " + s,
                                collect.mean(),
                                collect.standardError(),
                                "s",
                                collectDraws
                                        + " latency draws with the rounded HCMM loads, eq. (18)")
                        .withDigest(750.9));

        double[] lb = BccReproduction.lbLoads(mu, m);
        double lbTime = BccReproduction.lbExpectedTime(lb, a, mu);
        out.add(
                ReproducedNumber.exact(
                                "Fig. 5: load balancing E[T_LB]",
                                setting,
                                lbTime,
                                "s",
                                String.format(
                                        Locale.ROOT,
                                        "r_i = μ_i m/Σμ real-valued (%.3f / %.3f), wait for all: E[max"
                                                + " T_i] by quadrature ≈ 1025.64 + 2.564·H_5",
                                        lb[99],
                                        lb[0]))
                        .withDigest(1031.50));
        int lbDraws = BccReproduction.scaled(40_000, scale, 4_000);
        Estimate lbSim =
                BccExperiments.loadBalancing(
                        lb, a, mu, lbDraws, BccExperiments.seedOf(seed, TAG_LB, 0));
        out.add(
                ReproducedNumber.measured(
                                "Fig. 5: load balancing, simulated",
                                setting,
                                lbSim.mean(),
                                lbSim.standardError(),
                                "s",
                                lbDraws + " draws of max_i T_i from the shifted-exp latency model")
                        .withDigest(1031.50));

        int placements = BccReproduction.scaled(BccReproduction.FIG5_PLACEMENTS, scale, 300);
        int draws = BccReproduction.FIG5_DRAWS;
        HeteroResult kept =
                BccExperiments.hetero(
                        BccHetero.paperExperiment(), m, a, mu, placements, draws, seed, TAG_HETERO);
        out.add(
                ReproducedNumber.measured(
                                "Fig. 5: generalized BCC, P(placement leaves an example uncovered)",
                                setting,
                                kept.failure(),
                                kept.failureSe(),
                                "",
                                String.format(
                                        Locale.ROOT,
                                        "fraction of bcc-hetero's placements; E[#uncovered] = %.3f, Poisson"
                                                + " approximation 1 − e^{−E} = %.3f",
                                        BccThresholds.expectedUncovered(m, loads),
                                        -Math.expm1(-BccThresholds.expectedUncovered(m, loads))))
                        .withDigest(0.47));
        String protocol =
                String.format(
                        Locale.ROOT,
                        "(loads %d / %d, random examples without replacement) + TimeSimulator, %d"
                                + " placements (fresh seed each) × %d latency draws",
                        loads[0],
                        loads[99],
                        placements,
                        draws);
        String openChoices =
                "the paper states neither how it rounds r_i* nor what an uncovered placement (47 %)"
                        + " costs; this row keeps every draw (the scheme as written) and charges an"
                        + " uncovered one max_i T_i, when the master has every result; only"
                        + " conditioning on coverage (bcc-hetero-redraw row) gives 29.28 %; the"
                        + " spread rows show every choice";
        out.add(
                ReproducedNumber.measured(
                                "Fig. 5: generalized BCC E[T], every placement kept (bcc-hetero)",
                                setting,
                                kept.time().mean(),
                                kept.time().standardError(),
                                "s",
                                "bcc-hetero " + protocol)
                        .withDigest(765.0));
        out.add(
                ReproducedNumber.measured(
                                "Fig. 5: generalized BCC vs LB, reduction of E[T], every"
                                        + " placement kept (bcc-hetero)",
                                setting,
                                100 * (1 - kept.time().mean() / lbTime),
                                100 * kept.time().standardError() / lbTime,
                                "%",
                                "1 − E[T_gBCC] / E[T_LB] with the exact E[T_LB]")
                        .withPaper(29.28, 0.005)
                        .withDigest(25.8)
                        .from(FIG5_SOURCE)
                        .deviating(openChoices));
        HeteroResult redrawn =
                BccExperiments.hetero(
                        BccHetero.redrawing(), m, a, mu, placements, draws, seed, TAG_HETERO);
        out.add(
                ReproducedNumber.measured(
                                "Fig. 5: generalized BCC E[T ∣ covered] (bcc-hetero-redraw)",
                                setting,
                                redrawn.time().mean(),
                                redrawn.time().standardError(),
                                "s",
                                "bcc-hetero-redraw "
                                        + protocol
                                        + "; placements that leave an example uncovered are redrawn")
                        .withDigest(729.4));
        out.add(
                ReproducedNumber.measured(
                                "Fig. 5: generalized BCC vs LB, reduction of E[T ∣ covered]"
                                        + " (bcc-hetero-redraw)",
                                setting,
                                100 * (1 - redrawn.time().mean() / lbTime),
                                100 * redrawn.time().standardError() / lbTime,
                                "%",
                                "1 − E[T_gBCC ∣ covered] / E[T_LB] with the exact E[T_LB]")
                        .withPaper(29.28, 0.005)
                        .withDigest(29.29)
                        .from(FIG5_SOURCE)
                        .deviating(
                                "conditions on coverage (redraws the 47 % of placements that"
                                        + " leave an example uncovered; the proof's \"only"
                                        + " consider the case where the coverage can be"
                                        + " achieved\") and rounds r_i* to nearest: the"
                                        + " combination of the open choices that reproduces"
                                        + " 29.28 %, not a choice the paper states"));
        figureFiveSpread(out, alloc, lbTime, seed, scale, setting);
    }

    /** Where the paper prints 29.28 %. */
    static final String FIG5_SOURCE = "§IV-C (Numerical Results, Fig. 5) and §I";

    /**
     * The spread of Fig. 5's reduction over the paper's open choices: nearest / floor / ceil
     * rounding of r_i* × keeping uncovered placements (charged max_i T_i) / conditioning on
     * coverage, by {@link CoverageTimes} (independent of the scheme and simulator).
     */
    private static void figureFiveSpread(
            List<ReproducedNumber> out,
            HcmmAllocation alloc,
            double lbTime,
            long seed,
            double scale,
            String setting) {
        int m = BccReproduction.FIG5_M;
        double[] mu = BccReproduction.fig5Mu();
        int placements = BccReproduction.scaled(SPREAD_PLACEMENTS, scale, 500);
        int tag = TAG_SPREAD;
        for (String rounding : List.of("nearest", "floor", "ceil")) {
            int[] loads = roundLoads(alloc.realLoads(), rounding);
            for (CoverageTimes.Policy policy : CoverageTimes.Policy.values()) {
                CoverageTimes.Result res =
                        CoverageTimes.simulate(
                                m,
                                loads,
                                BccReproduction.FIG5_SHIFT,
                                mu,
                                policy,
                                placements,
                                BccReproduction.FIG5_DRAWS,
                                seed,
                                tag++);
                out.add(
                        ReproducedNumber.measured(
                                "Fig. 5 spread: reduction of E[T], "
                                        + rounding
                                        + " rounding, "
                                        + (policy == CoverageTimes.Policy.KEEP
                                                ? "uncovered placements kept"
                                                : "conditioned on coverage"),
                                setting,
                                100 * (1 - res.time().mean() / lbTime),
                                100 * res.time().standardError() / lbTime,
                                "%",
                                String.format(
                                        Locale.ROOT,
                                        "loads %d / %d; direct coverage-time simulation, %d"
                                                + " placements × %d draws; E[T] = %.1f s;"
                                                + " P(uncovered) = %.3f",
                                        loads[0],
                                        loads[99],
                                        placements,
                                        BccReproduction.FIG5_DRAWS,
                                        res.time().mean(),
                                        res.uncovered())));
            }
        }
    }

    /** r_i* rounded as named (nearest: {@link HcmmAllocation#loads}'s rounding). */
    static int[] roundLoads(double[] real, String rounding) {
        return Arrays.stream(real)
                .mapToInt(
                        x ->
                                (int)
                                        switch (rounding) {
                                            case "nearest" -> Math.round(x);
                                            case "floor" -> Math.floor(x);
                                            case "ceil" -> Math.ceil(x);
                                            default -> throw new IllegalArgumentException(rounding);
                                        })
                .toArray();
    }
}
