package io.codedyarn.repro.placement;

import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.latency.GilbertElliot;
import io.codedyarn.placement.latency.LatencyModel;
import io.codedyarn.placement.latency.TimeVaryingRates;
import java.util.List;
import java.util.function.LongFunction;

/**
 * One GC-DC experiment of §VI: K workers, P clusters, r = s+1, n memberships, a latency model, τ
 * (0: the homogeneous slow/fast variant), and what the paper prints about it.
 *
 * @param paperImperfect the paper's reduction of GC-DC vs GC-SC, imperfect SSI, % (NaN: none)
 * @param paperPerfect the same, perfect SSI
 * @param source where the paper prints them ("" when it does not)
 * @param paperRuns runs the paper averages over, with one fixed A_cluster (0: not stated)
 */
record GcDcSetting(
        String name,
        String figure,
        int workers,
        int clusters,
        int stragglers,
        int memberships,
        LongFunction<LatencyModel> model,
        double tau,
        double paperImperfect,
        double paperPerfect,
        String source,
        int paperRuns,
        double digestImperfect,
        double digestPerfect,
        String digestNote) {

    /** The paper's four settings with a GC-DC figure, and K = 12 (Fig. 3). */
    static List<GcDcSetting> all() {
        return List.of(
                new GcDcSetting(
                        "homogeneous GE, K=20, P=5, r=3, n=3",
                        "Fig. 4",
                        20,
                        5,
                        2,
                        3,
                        seed ->
                                GilbertElliot.homogeneous(
                                        20, 0.05, 0.01, 0.1, 10, Seeds.generator(seed)),
                        0,
                        34,
                        45,
                        "§VI-A, text of Figs. 4(a)/(b): \"approximately 34%\", \"around 45%\"",
                        0,
                        35.2,
                        46.6,
                        ""),
                new GcDcSetting(
                        "homogeneous GE, K=12, P=4, r=2, n=2",
                        "Fig. 3",
                        12,
                        4,
                        1,
                        2,
                        seed ->
                                GilbertElliot.homogeneous(
                                        12, 0.05, 0.01, 0.1, 10, Seeds.generator(seed)),
                        0,
                        Double.NaN,
                        Double.NaN,
                        "",
                        0,
                        10.9,
                        13.7,
                        ""),
                new GcDcSetting(
                        "heterogeneous GE τ=0.5, K=20, P=5, r=3, n=3",
                        "Fig. 5",
                        20,
                        5,
                        2,
                        3,
                        seed ->
                                GilbertElliot.heterogeneous(
                                        20, 0.05, 0.01, 5, 10, Seeds.generator(seed)),
                        0.5,
                        Double.NaN,
                        Double.NaN,
                        "",
                        30,
                        Double.NaN,
                        Double.NaN,
                        "; digest (fixed A_cluster, 4 seeds): −22 to −30 % imperfect, −26 to −33 %"
                                + " perfect"),
                timeVarying(1, 16, 20, "−13 to −14 % imperfect, −14 to −15 % perfect"),
                timeVarying(
                        0.1,
                        Double.NaN,
                        Double.NaN,
                        "−24 to −30 % imperfect, −26 to −31 % perfect; the paper: \"larger\" than"
                                + " Fig. 6"));
    }

    /**
     * Fig. 6 with eq. (22) read literally: one a_t per iteration for all workers (the text says
     * each worker resamples on its own; {@link TimeVaryingRates#shared}).
     */
    static GcDcSetting fig6SharedSwitch() {
        GcDcSetting six = timeVarying(1, 16, 20, "");
        return new GcDcSetting(
                "time-varying τ=1, one a_t for all workers (eq. 22 literally), K=20, P=5, r=3,"
                        + " n=3",
                six.figure(),
                20,
                5,
                2,
                3,
                seed -> TimeVaryingRates.shared(20, 0.05, 0.01, 1, 5, Seeds.generator(seed)),
                1,
                16,
                20,
                six.source(),
                30,
                Double.NaN,
                Double.NaN,
                "");
    }

    /** Figs. 6 (τ = 1) and 7 (τ = 0.1): eq. (22), p = 0.05, 10 initial stragglers. */
    private static GcDcSetting timeVarying(
            double tau, double imperfect, double perfect, String digest) {
        boolean six = tau == 1;
        return new GcDcSetting(
                "time-varying τ=" + (six ? "1" : "0.1") + ", K=20, P=5, r=3, n=3",
                six ? "Fig. 6" : "Fig. 7",
                20,
                5,
                2,
                3,
                seed -> new TimeVaryingRates(20, 0.05, 0.01, tau, 5, Seeds.generator(seed)),
                tau,
                imperfect,
                perfect,
                six ? "§VI-B2, text of Fig. 6: \"approximately 16%\", \"around 20%\"" : "",
                30,
                Double.NaN,
                Double.NaN,
                "; digest (fixed A_cluster, 4 seeds): " + digest);
    }
}
