package io.codedyarn.coordinator.advise;

import io.codedyarn.placement.InvalidParametersException;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.scheme.Schemes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The small grid of parameters {@code advise} tries per scheme, for N workers: tolerated stragglers
 * s ≤ 3 (cyclic, fractional when (s+1) | N, hetero with the trace's measured speeds, fastest-k),
 * clusters P | N with at least 2 workers each (clustered, gc-dc, s = 1 per cluster), sag/dsag with
 * w ∈ {N−1, N−2} fresh results and p ∈ {1, 2, 4} subpartitions, bcc with batches of 2, and lag/lagc
 * (2 groups). Choices a scheme refuses (its own validation) are left out.
 */
public final class CandidateGrid {
    /** Every scheme the grid covers, in the order they are tried. */
    public static final List<String> SCHEMES =
            List.of(
                    "uncoded",
                    "cyclic",
                    "fractional",
                    "hetero",
                    "clustered",
                    "gc-dc",
                    "bcc",
                    "fastest-k",
                    "sag",
                    "dsag",
                    "lag",
                    "lagc");

    private CandidateGrid() {}

    /**
     * @param only the schemes to try (empty = {@link #SCHEMES}); a name outside them is refused,
     *     naming {@code --schemes}
     * @param speeds relative speeds per worker (hetero's {@code --speeds})
     */
    public static List<Candidate> of(int n, long seed, double[] speeds, List<String> only) {
        for (String s : only) {
            if (!SCHEMES.contains(s)) {
                throw new InvalidParametersException(
                        "--schemes",
                        "unknown scheme '"
                                + s
                                + "'; advise weighs: "
                                + String.join(", ", SCHEMES)
                                + (Schemes.names().contains(s)
                                        ? " (" + s + " needs parameters advise does not choose)"
                                        : ""));
            }
        }
        Set<String> wanted = Set.copyOf(only.isEmpty() ? SCHEMES : only);
        SchemeParams base = SchemeParams.of(n, 0, seed);
        List<Candidate> out = new ArrayList<>();
        add(out, wanted, "uncoded", base, "-");
        for (int s = 1; s <= Math.min(3, n - 1); s++) {
            SchemeParams p = base.withStragglers(s);
            add(out, wanted, "cyclic", p, "s=" + s, "--stragglers", s);
            if (n % (s + 1) == 0) {
                add(out, wanted, "fractional", p, "s=" + s, "--stragglers", s);
            }
            if (s <= 2) {
                String sp =
                        Arrays.stream(speeds)
                                .mapToObj(x -> String.format(Locale.ROOT, "%s", x))
                                .collect(Collectors.joining(","));
                add(
                        out,
                        wanted,
                        "hetero",
                        p.withSpeeds(speeds),
                        "s=" + s + ", speeds=" + sp,
                        "--stragglers",
                        s,
                        "--speeds",
                        sp);
                add(out, wanted, "fastest-k", p, "s=" + s, "--stragglers", s);
            }
        }
        for (int c = 2; c <= n / 2; c++) {
            if (n % c == 0) {
                SchemeParams p = base.withStragglers(1).withClusters(c);
                for (String scheme : List.of("clustered", "gc-dc")) {
                    add(
                            out,
                            wanted,
                            scheme,
                            p,
                            "P=" + c + ", s=1",
                            "--clusters",
                            c,
                            "--stragglers",
                            1);
                }
            }
        }
        add(out, wanted, "bcc", base.withLoad(2), "r=2", "--load", 2);
        for (int w = n - 1; w >= Math.max(1, n - 2); w--) {
            for (int sub : new int[] {1, 2, 4}) {
                SchemeParams p = base.withStragglers(n - w).withSubpartitions(sub);
                for (String scheme : List.of("sag", "dsag")) {
                    add(
                            out,
                            wanted,
                            scheme,
                            p,
                            "w=" + w + ", p=" + sub,
                            "--stragglers",
                            n - w,
                            "--subpartitions",
                            sub);
                }
            }
        }
        add(out, wanted, "lag", base, "-");
        if (n % 2 == 0) {
            add(
                    out,
                    wanted,
                    "lagc",
                    base.withGroups(2).withLoad(2),
                    "G=2, r=2",
                    "--groups",
                    2,
                    "--load",
                    2);
        }
        return out;
    }

    private static void add(
            List<Candidate> out,
            Set<String> wanted,
            String scheme,
            SchemeParams params,
            String parameters,
            Object... flags) {
        if (!wanted.contains(scheme)) {
            return;
        }
        Candidate c =
                new Candidate(
                        scheme,
                        params,
                        parameters,
                        Arrays.stream(flags).map(String::valueOf).toList());
        try {
            c.plan();
        } catch (IllegalArgumentException e) {
            return; // the scheme refuses this choice (e.g. hetero with these speeds)
        }
        out.add(c);
    }
}
