package io.codedyarn.repro;

import io.codedyarn.repro.placement.ReproducedNumber;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The rows of {@link LagcFashion} in docs/reproduction.md. The paper prints no numbers for Figs.
 * 8–9 (its claims are judged in the section's claims table), so the paper column is empty; the
 * digest column holds closed forms where the model has them: the mean iteration time of the exact
 * schemes (digest §5.4, (21)–(22), (28)) and the lazy-selection bounds (26)/(30).
 */
final class LagcFashionRows {
    static final String PARETO = "Pareto";
    static final String EXP = "exponential";

    private LagcFashionRows() {}

    static List<ReproducedNumber> rows(LagcFashion.Outcome o) {
        List<ReproducedNumber> out = new ArrayList<>();
        String setting =
                String.format(
                        Locale.ROOT,
                        "%d × 784, ε = %.0e·L(θ⁰), %d runs",
                        LagcFashion.PARTITIONS * o.size().rowsPerPartition(),
                        o.size().epsilon(),
                        o.realizations());
        String note = "trajectory once, fresh i.i.d. times per run";
        for (String model : List.of(PARETO, EXP)) {
            double[] gd = time(o, "GD", model);
            double gdMean = Stats.mean(gd);
            out.add(
                    ReproducedNumber.measured(
                            "GD: T_ε",
                            model + ", " + setting,
                            gdMean,
                            Stats.standardError(gd),
                            "",
                            note + heavyTail(model)));
            for (String label : o.trajectories().keySet()) {
                if (label.equals("GD")) {
                    continue;
                }
                double[] t = time(o, label, model);
                double ratio = Stats.mean(t) / gdMean;
                double se =
                        ratio
                                * Math.hypot(
                                        Stats.standardError(t) / Stats.mean(t),
                                        Stats.standardError(gd) / gdMean);
                out.add(
                        ReproducedNumber.measured(
                                label + ": T_ε / T_ε(GD)",
                                model + ", " + setting,
                                ratio,
                                se,
                                "",
                                note + "; s.e. by the delta method"));
            }
            for (String label : List.of("GD", "GC", "G-GD")) {
                double[] t = time(o, label, model);
                int iterations = o.trajectories().get(label).iterations();
                // digest §5.4's closed form of the mean iteration time: these schemes' iterations
                // are all alike (E[max of 20] at load 1, E[T_17:20] at load 4, E[max of 5
                // groups' fastest of 4] at load 4)
                double closed =
                        LagcTraining.MODEL_PER_ITERATION.get(label)[model.equals(PARETO) ? 0 : 1];
                out.add(
                        ReproducedNumber.measured(
                                        label + ": mean iteration time",
                                        model + ", " + setting,
                                        Stats.mean(t) / iterations,
                                        Stats.standardError(t) / iterations,
                                        "s",
                                        "T_ε / I_ε; digest: closed form (21)/(22)/(28)"
                                                + (label.equals("GD") ? heavyTail(model) : ""))
                                .withDigest(closed));
            }
        }
        LagcTrajectory gd = o.trajectories().get("GD");
        for (LagcTrajectory t : o.trajectories().values()) {
            String label = t.scheme().label();
            out.add(
                    ReproducedNumber.exact(
                            label + ": I_ε",
                            setting,
                            t.reached() ? t.iterations() : Double.NaN,
                            "iterations",
                            "deterministic trajectory"));
            if (!label.equals("GD")) {
                out.add(
                        ReproducedNumber.exact(
                                label + ": C_ε / C_ε(GD)",
                                setting,
                                t.totalCommunication() / gd.totalCommunication(),
                                "",
                                "(7): downloads + used uploads"));
                out.add(
                        ReproducedNumber.exact(
                                label + ": P_ε / P_ε(GD)",
                                setting,
                                t.totalComputation() / gd.totalComputation(),
                                "",
                                "(8): stragglers' work included"));
            }
            if (t.scheme().lazy()) {
                out.add(
                        ReproducedNumber.exact(
                                        label + ": mean units selected per iteration",
                                        setting,
                                        t.meanActive(),
                                        "units",
                                        "digest: the bound M̄ / Ḡ of (26)/(30) for these L_u")
                                .withDigest(o.bounds().get(label)));
            }
        }
        return out;
    }

    /**
     * The max of 20 Pareto times with β = 1.1 has infinite variance: its sample mean converges
     * slowly from below and the s.e. understates the spread (the paper's 100 realizations share
     * this).
     */
    static String heavyTail(String model) {
        return model.equals(PARETO)
                ? "; β = 1.1: GD's iteration time has infinite variance, the s.e. understates the"
                        + " spread and the mean sits below the closed form"
                : "";
    }

    /**
     * The setup's departures from the paper (every row of the section): the size, ε and the data
     * set, each with its reason.
     */
    static List<String> deviations(LagcFashion.Size size) {
        List<String> out = new ArrayList<>();
        if (size.rowsPerPartition() != 3000) {
            out.add(
                    String.format(
                            Locale.ROOT,
                            "%d images per partition, not 3,000 (the committed subset: the default"
                                    + " build needs no Debian package)",
                            size.rowsPerPartition()));
        }
        out.add(
                String.format(
                        Locale.ROOT,
                        "ε = %.0e·L(θ⁰), not 1e−8 absolute (unreachable on raw pixels: GD's loss"
                                + " falls like ~1/i)",
                        size.epsilon()));
        out.add(
                "Fashion-MNIST for MNIST: MNIST is not available to the build (no Debian package,"
                        + " and the build downloads nothing), while Fashion-MNIST has MNIST's shape"
                        + " (60,000 training images of 28 × 28 grey pixels), an MIT licence,"
                        + " Debian's dataset-fashion-mnist and a committed 2,000-image subset; the"
                        + " paper's model sees the data only through the partitions' Hessians,"
                        + " which both data sets scale to the same L_s");
        return out;
    }

    static double[] time(LagcFashion.Outcome o, String label, String model) {
        LagcRealizations r = o.times().get(label);
        return model.equals(PARETO) ? r.timePareto() : r.timeExp();
    }
}
