package io.codedyarn.coordinator.auto;

import io.codedyarn.placement.Plan;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.Training;
import io.codedyarn.placement.scheme.Schemes;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * The exact codes auto may switch to, all over the run's n workers and K = n partitions (a switch
 * keeps the partition files and moves only who holds which): uncoded; cyclic and fractional
 * repetition with s = 1..cap; the heterogeneity-aware code with s = 0..cap, placed for the measured
 * speeds; BCC with redrawing at load 2..cap + 1 (always exact); static clustering and GC-DC with P
 * clusters of ℓ = n/P ≥ 2 workers and s = 1..min(ℓ − 1, cap) per cluster. The cap bounds the
 * redundancy: no worker computes more than cap + 1 partitions a round, nor holds more than 2(cap +
 * 1) (GC-DC's workers hold their whole cluster's partitions to move between codewords). A choice a
 * scheme refuses is left out; so is any whose rounds could decode an estimate.
 */
final class AutoCandidates {
    private AutoCandidates() {}

    /** One candidate: the code in words ({@code cyclic s=2}) and its plan. */
    record Choice(String label, Plan plan) {}

    /**
     * @param speeds relative speeds for the heterogeneity-aware code (1 = an average worker)
     * @param seed seeds the randomised placements (BCC's draws, hetero's rounding)
     */
    static List<Choice> of(int n, int cap, double[] speeds, long seed) {
        List<Choice> out = new ArrayList<>();
        add(out, "uncoded", "uncoded", SchemeParams.of(n, 0, seed), cap);
        for (int s : strides(cap)) {
            add(out, "cyclic s=" + s, "cyclic", SchemeParams.of(n, s, seed), cap);
            if (n % (s + 1) == 0) {
                add(out, "fractional s=" + s, "fractional", SchemeParams.of(n, s, seed), cap);
            }
        }
        add(out, "hetero s=0", "hetero", SchemeParams.of(n, 0, seed).withSpeeds(speeds), cap);
        for (int s : strides(cap)) {
            add(
                    out,
                    "hetero s=" + s,
                    "hetero",
                    SchemeParams.of(n, s, seed).withSpeeds(speeds),
                    cap);
        }
        for (int r = 2; r <= cap + 1; r++) {
            add(
                    out,
                    "bcc-redraw load=" + r,
                    "bcc-redraw",
                    SchemeParams.of(n, 0, seed).withLoad(r),
                    cap);
        }
        for (int p = 1; p <= n / 2; p++) {
            int size = n / p;
            if (n % p != 0) {
                continue;
            }
            for (int s = 1; s <= Math.min(size - 1, cap); s++) {
                SchemeParams c = SchemeParams.of(n, s, seed).withClusters(p);
                if (p > 1) {
                    add(out, "clustered P=" + p + " s=" + s, "clustered", c, cap);
                }
                add(out, "gc-dc P=" + p + " s=" + s, "gc-dc", c, cap);
            }
        }
        return out;
    }

    /** s = 1..cap, thinned geometrically past 8 values so that large clusters stay cheap. */
    static List<Integer> strides(int cap) {
        TreeSet<Integer> s = new TreeSet<>();
        for (int v = 1; v <= Math.min(cap, 8); v++) {
            s.add(v);
        }
        for (double v = 8; v < cap; v *= 1.5) {
            s.add((int) Math.round(v));
        }
        if (cap >= 1) {
            s.add(cap);
        }
        return List.copyOf(s);
    }

    private static void add(
            List<Choice> out, String label, String scheme, SchemeParams p, int cap) {
        for (Choice c : out) {
            if (c.label().equals(label)) {
                return;
            }
        }
        Plan plan;
        try {
            plan =
                    Schemes.byName(scheme)
                            .place(p.withPartitions(p.workers()), Seeds.generator(p.seed()));
        } catch (IllegalArgumentException refused) { // InvalidParametersException included
            return;
        }
        for (int w = 0; w < plan.workers(); w++) {
            if (plan.stored(w).length > 2 * (cap + 1)) {
                return;
            }
        }
        if (plan.partitions() == p.workers()
                && Schemes.byName(scheme).training(plan) instanceof Training.Decoded) {
            out.add(new Choice(label, plan));
        }
    }
}
