package io.codedyarn.repro;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * The paper's §VI claims about Figs. 8 (Pareto) and 9 (exponential) (digest lagc.md §5.3), judged
 * on one {@link LagcFashion.Outcome}: each is a comparison of mean T_ε, C_ε, P_ε or the rates
 * C_ε/T_ε, P_ε/T_ε between schemes.
 */
final class LagcFashionClaims {
    /** One claim: where the paper makes it, its text, whether it holds here, and the numbers. */
    record Claim(String figure, String text, boolean holds, String numbers) {}

    private LagcFashionClaims() {}

    static List<Claim> judge(LagcFashion.Outcome o) {
        List<Claim> out = new ArrayList<>();
        Metrics p = new Metrics(o, LagcFashionRows.PARETO);
        Metrics e = new Metrics(o, LagcFashionRows.EXP);
        String f8 = "Fig. 8 (Pareto)";
        String f9 = "Fig. 9 (exponential)";
        out.add(
                new Claim(
                        f8,
                        "GC, G-GD, LAGC and G-LAG reach ε much faster than GD and LAG",
                        p.max(Metrics::time, "GC", "G-GD", "LAGC", "G-LAG")
                                < p.min(Metrics::time, "GD", "LAG"),
                        p.list(Metrics::time)));
        out.add(
                new Claim(
                        f8,
                        "G-LAG has the steepest descent (least T_ε)",
                        p.argmin(Metrics::time).equals("G-LAG"),
                        p.list(Metrics::time)));
        out.add(
                new Claim(
                        f8,
                        "LAG has the lowest communication and computation per unit time",
                        p.argmin(Metrics::commRate).equals("LAG")
                                && p.argmin(Metrics::compRate).equals("LAG"),
                        "C/T " + p.list(Metrics::commRate) + "; P/T " + p.list(Metrics::compRate)));
        out.add(
                new Claim(
                        f8,
                        "G-LAG: small total communication (below GD, GC, G-GD) but a large"
                                + " computation rate (above GD and LAG)",
                        p.value(Metrics::comm, "G-LAG") < p.min(Metrics::comm, "GD", "GC", "G-GD")
                                && p.value(Metrics::compRate, "G-LAG")
                                        > p.max(Metrics::compRate, "GD", "LAG"),
                        "C " + p.list(Metrics::comm) + "; P/T " + p.list(Metrics::compRate)));
        out.add(
                new Claim(
                        f9,
                        "coding is not advantageous over GD in any metric (GC's T_ε, C_ε and"
                                + " P_ε all at least GD's)",
                        e.value(Metrics::time, "GC") >= e.value(Metrics::time, "GD")
                                && e.value(Metrics::comm, "GC") >= e.value(Metrics::comm, "GD")
                                && e.value(Metrics::comp, "GC") >= e.value(Metrics::comp, "GD"),
                        "T " + e.list(Metrics::time) + "; C " + e.list(Metrics::comm)));
        out.add(
                new Claim(
                        f9,
                        "G-GD is much more time-efficient than GD",
                        e.value(Metrics::time, "G-GD") < e.value(Metrics::time, "GD"),
                        e.list(Metrics::time)));
        out.add(
                new Claim(
                        f9,
                        "LAG, LAGC and G-LAG accumulate communication at similar rates (here:"
                                + " within a factor 1.5 of each other)",
                        e.max(Metrics::commRate, "LAG", "LAGC", "G-LAG")
                                <= 1.5 * e.min(Metrics::commRate, "LAG", "LAGC", "G-LAG"),
                        e.list(Metrics::commRate)));
        out.add(
                new Claim(
                        f9,
                        "G-LAG has the smallest total communication",
                        e.argmin(Metrics::comm).equals("G-LAG"),
                        e.list(Metrics::comm)));
        out.add(
                new Claim(
                        f9,
                        "G-LAG, GC and LAGC have higher computation loads (rates P_ε/T_ε) than the"
                                + " other schemes",
                        e.min(Metrics::compRate, "G-LAG", "GC", "LAGC")
                                > e.max(Metrics::compRate, "GD", "LAG", "G-GD"),
                        e.list(Metrics::compRate)));
        return out;
    }

    /** Mean T_ε, C_ε, P_ε and rates per scheme under one model. */
    record Metrics(LagcFashion.Outcome o, String model) {
        double time(String label) {
            return Stats.mean(LagcFashionRows.time(o, label, model));
        }

        double comm(String label) {
            return o.trajectories().get(label).totalCommunication();
        }

        double comp(String label) {
            return o.trajectories().get(label).totalComputation();
        }

        double commRate(String label) {
            return comm(label) / time(label);
        }

        double compRate(String label) {
            return comp(label) / time(label);
        }

        double value(Quantity q, String label) {
            return q.of(this, label);
        }

        double max(Quantity q, String... labels) {
            double m = Double.NEGATIVE_INFINITY;
            for (String l : labels) {
                m = Math.max(m, q.of(this, l));
            }
            return m;
        }

        double min(Quantity q, String... labels) {
            double m = Double.POSITIVE_INFINITY;
            for (String l : labels) {
                m = Math.min(m, q.of(this, l));
            }
            return m;
        }

        String argmin(Quantity q) {
            return o.trajectories().keySet().stream()
                    .min(Comparator.comparingDouble((ToDoubleFunction<String>) l -> q.of(this, l)))
                    .orElseThrow();
        }

        String list(Quantity q) {
            StringBuilder sb = new StringBuilder();
            for (String l : o.trajectories().keySet()) {
                sb.append(sb.length() == 0 ? "" : ", ")
                        .append(l)
                        .append(' ')
                        .append(String.format(Locale.ROOT, "%.4g", q.of(this, l)));
            }
            return sb.toString();
        }
    }

    /** A per-scheme quantity of {@link Metrics}. */
    @FunctionalInterface
    interface Quantity {
        double of(Metrics m, String label);
    }
}
