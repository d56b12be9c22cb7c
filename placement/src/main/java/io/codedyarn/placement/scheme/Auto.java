package io.codedyarn.placement.scheme;

import io.codedyarn.placement.Codeword;
import io.codedyarn.placement.InvalidParametersException;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.Scheme;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.coding.KOfNPromise;
import java.util.random.RandomGenerator;

/**
 * {@code --scheme auto}: the run starts uncoded over K = n partitions (worker i holds partition i
 * and the coordinator waits for all n), and the coordinator picks the exact code and its redundancy
 * from what it measures, switching while the job runs. Every exact code yields the same gradient,
 * so the optimizer's iterates are those of the fixed plan. K = n because every candidate the
 * coordinator may switch to (cyclic, fractional, clustered, GC-DC, heterogeneity-aware, BCC) is
 * built over the same n partitions.
 *
 * <p>With {@code --stragglers s} (s ≥ 1) each worker also stores the partitions cyclic repetition
 * with s would give it, {i, …, i + s mod n}, from the start (pre-placed, not computed): a switch to
 * uncoded or cyclic with s' ≤ s then reads nothing, at the cost of (s + 1)× the start-up reads and
 * memory; s is then also the most stragglers a code it switches to tolerates.
 */
public final class Auto implements Scheme {
    public static final String NAME = "auto";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "starts uncoded; the ApplicationMaster picks and switches the exact code from what"
                + " it measures (exact)";
    }

    @Override
    public Plan place(SchemeParams p, RandomGenerator rng) {
        return placed(p, null);
    }

    /**
     * The start of a run that begins with {@code start} rather than uncoded ({@code train --scheme
     * auto --trace FILE}): each worker stores its partitions of {@code start}'s plan (and its own
     * partition, which the uncoded plan names), instead of cyclic(s)'s, so the ApplicationMaster
     * switches to it before the first round without reading anything. The plan itself stays the
     * uncoded one with a {@code start} parameter: the switch is auto's own, the same as any later
     * one.
     */
    public static Plan starting(SchemeParams p, AutoCode start) {
        return placed(p, start);
    }

    private static Plan placed(SchemeParams p, AutoCode start) {
        int n = p.workers();
        InvalidParametersException.require(n >= 1, "--workers", "must be >= 1, got %d", n);
        InvalidParametersException.require(
                p.partitions() <= 0 || p.partitions() == n,
                "--partitions",
                "auto places one partition per worker (%d); leave --partitions out, got %d",
                n,
                p.partitions());
        int s = p.stragglers();
        InvalidParametersException.require(
                s >= 0 && s < n, "--stragglers", "must be in [0, --workers), got %d", s);
        Plan first = start == null ? null : start.place(n, p.seed());
        Plan.Builder b = Plan.builder(NAME, n, n).stragglers(0).seed(p.seed());
        for (int i = 0; i < n; i++) {
            // stores cyclic(s)'s support {i, ..., i + s mod n} (and its part of the start's plan),
            // computes partition i alone
            java.util.TreeSet<Integer> held = new java.util.TreeSet<>();
            held.add(i);
            if (first == null) {
                for (int k = 1; k <= s; k++) {
                    held.add((i + k) % n);
                }
            } else { // the start's partitions instead: their union with cyclic(s)'s ran out of
                // memory where the start's alone fit (lab, 2,000,000 rows, 768 MB workers)
                for (int j : first.stored(i)) {
                    held.add(j);
                }
            }
            b.stored(i, held.stream().mapToInt(Integer::intValue).toArray());
            b.assign(i, b.addCodeword(Codeword.sumOf(i)));
        }
        b.promise(KOfNPromise.firstN(n, n));
        b.decoder(Blocks.all(n));
        b.parameter("workers", n)
                .parameter("partitions", n)
                .parameter("start", start == null ? "uncoded" : start.label())
                .parameter("preplaced", s);
        return b.build();
    }
}
