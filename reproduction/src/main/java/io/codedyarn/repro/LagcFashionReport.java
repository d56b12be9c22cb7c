package io.codedyarn.repro;

import java.util.List;
import java.util.Locale;

/**
 * The Markdown of {@link LagcFashion}: the setup, per latency model the ε-table and L(t)/L(θ⁰) on a
 * time grid (Figs. 8–9 as numbers), and the §VI claims as holding or not.
 */
final class LagcFashionReport {
    private LagcFashionReport() {}

    static String markdown(LagcFashion.Outcome o) {
        StringBuilder sb = new StringBuilder();
        LagcFashion.Size s = o.size();
        sb.append(
                String.format(
                        Locale.ROOT,
                        "Setup: Fashion-MNIST training images (%s), S = 20 partitions of %d"
                                + " consecutive images, pixels / 255, partition s scaled to L_s ="
                                + " (1.3^(s−1)+1)², y = Xθ* (θ* ~ N(0, I), seeded), loss Σ‖X_sθ −"
                                + " y_s‖², θ⁰ = 0, α = 1/L with L = λ_max = %.1f, L(θ⁰) = %.1f, ε ="
                                + " %.0e·L(θ⁰), ξ = 1, D = 10, M = 20, η = 0.05, β = 1.1, %d"
                                + " realizations of fresh i.i.d. times per scheme. Each scheme's"
                                + " iterates are computed once (they do not depend on the times"
                                + " in the paper's model), on the Hessians H_s = 2X_sᵀX_s, with the"
                                + " production LazyTrigger for LAG, LAGC and G-LAG.%n%n",
                        s.file(),
                        s.rowsPerPartition(),
                        o.smoothness(),
                        o.loss0(),
                        s.epsilon(),
                        o.realizations()));
        if (s.rowsPerPartition() < 3000) {
            sb.append(
                    "The paper's size, 60,000 × 784: `reproduce lagc-fashion-full` or"
                            + " `.ci/lagc-full`, recorded in docs/reproduction-lagc-full.md.\n\n");
        }
        for (String model : List.of(LagcFashionRows.PARETO, LagcFashionRows.EXP)) {
            table(sb, o, model);
        }
        sb.append("Claims of §VI (digest §5.3), judged on the means above:\n\n");
        sb.append("| figure | claim | holds | numbers |\n|---|---|---|---|\n");
        for (LagcFashionClaims.Claim c : LagcFashionClaims.judge(o)) {
            sb.append(
                    String.format(
                            "| %s | %s | %s | %s |%n",
                            c.figure(), c.text(), c.holds() ? "yes" : "**no**", c.numbers()));
        }
        sb.append(
                "\nUnder Pareto times GD's T_ε (and so its rates C_ε/T_ε, P_ε/T_ε) rests on a few"
                        + " huge draws: the slowest of 20 workers at β = 1.1 has infinite variance,"
                        + " so its mean over the realizations converges slowly and its s.e."
                        + " understates the spread; the claims that compare with GD's Pareto rates"
                        + " inherit that (the paper's 100 realizations share it).\n");
        sb.append(
                String.format(
                        Locale.ROOT,
                        "%nWall time of all %d runs: %.1f s on this machine.%n",
                        o.realizations() * o.trajectories().size(),
                        o.seconds()));
        return sb.toString();
    }

    /** The s.e., 0 when every realization gave the same value (rounding noise otherwise). */
    static double spread(double[] x) {
        double se = Stats.standardError(x);
        return se <= 1e-12 * Math.abs(Stats.mean(x)) ? 0 : se;
    }

    private static void table(StringBuilder sb, LagcFashion.Outcome o, String model) {
        boolean pareto = model.equals(LagcFashionRows.PARETO);
        double[] grid = pareto ? o.gridPareto() : o.gridExp();
        sb.append(String.format("%s (Fig. %s):%n%n", model, pareto ? "8" : "9"));
        sb.append("| scheme | I_ε | T_ε | C_ε | P_ε | C_ε/T_ε | P_ε/T_ε | units/iter (bound) |");
        for (double t : grid) {
            sb.append(String.format(Locale.ROOT, " L(%.4g)/L⁰ |", t));
        }
        sb.append("\n|---|---|---|---|---|---|---|---|");
        sb.append("---|".repeat(grid.length)).append('\n');
        for (LagcTrajectory t : o.trajectories().values()) {
            String label = t.scheme().label();
            LagcRealizations r = o.times().get(label);
            double[] time = pareto ? r.timePareto() : r.timeExp();
            double mean = Stats.mean(time);
            Double bound = o.bounds().get(label);
            sb.append(
                    String.format(
                            Locale.ROOT,
                            "| %s | %s | %.4g ± %.2g | %.0f | %.1f | %.4g | %.4g | %.3f%s |",
                            label,
                            t.reached() ? Integer.toString(t.iterations()) : "> " + t.iterations(),
                            mean,
                            spread(time),
                            t.totalCommunication(),
                            t.totalComputation(),
                            t.totalCommunication() / mean,
                            t.totalComputation() / mean,
                            t.meanActive(),
                            bound == null ? "" : String.format(Locale.ROOT, " (≤ %.3f)", bound)));
            double[][] loss = pareto ? r.lossPareto() : r.lossExp();
            for (int j = 0; j < grid.length; j++) {
                double[] c = LagcRealizations.column(loss, j);
                sb.append(
                        String.format(
                                Locale.ROOT,
                                " %.3g ± %.1g |",
                                Stats.mean(c) / o.loss0(),
                                spread(c) / o.loss0()));
            }
            sb.append('\n');
        }
        sb.append('\n');
    }
}
