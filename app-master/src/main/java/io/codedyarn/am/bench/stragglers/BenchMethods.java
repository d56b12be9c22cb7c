package io.codedyarn.am.bench.stragglers;

import io.codedyarn.placement.InvalidParametersException;
import io.codedyarn.placement.SchemeParams;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The rows of {@code bench stragglers}, in table order: the methods with adaptation on,
 * cyclic GC with exclusion off, and the L-BFGS baselines. To add a row, add one line to {@link
 * #all}.
 *
 * <p>Sizes for N workers: s = max(1, round(N/4)) stragglers for the coded schemes (cyclic, hetero,
 * fastest-k's N − s), BCC and G-LAG with the same load s + 1; clustered and GC-DC with 2 clusters
 * of N/2 tolerating 1 each; SAG/DSAG with 4 subpartitions per worker, SAG waiting for all N, DSAG
 * for w = max(1, round(N/4)).
 */
public final class BenchMethods {
    /** The baseline of {@code ratioToUncoded}. */
    public static final String UNCODED_GD = "uncoded-gd";

    /** The baseline of {@code ratioToLbfgs}. */
    public static final String UNCODED_LBFGS = "uncoded-lbfgs";

    static final String LOAD_BALANCE = "coded-yarn.dsag.load-balance";
    static final String EXCLUSION = "coded-yarn.exclusion.enabled";
    static final int SUBPARTITIONS = 4;

    private BenchMethods() {}

    /** Every row for {@code workers} workers. */
    public static List<BenchMethod> all(int workers) {
        InvalidParametersException.require(
                workers >= 4 && workers % 2 == 0,
                "--workers",
                "must be even and >= 4 (two clusters of N/2 for clustered and gc-dc), got %d",
                workers);
        int n = workers;
        int s = Math.max(1, Math.round(n / 4f));
        int w = Math.max(1, Math.round(n / 4f));
        Map<String, String> lbOff = Map.of(LOAD_BALANCE, "false");
        Map<String, String> lbOn = Map.of(LOAD_BALANCE, "true");
        Map<String, String> none = Map.of();
        String hetero = "speeds all 1 (no --speeds auto in this branch yet)";
        List<BenchMethod> m = new ArrayList<>();
        m.add(
                new BenchMethod(
                        UNCODED_GD,
                        "uncoded",
                        "gd",
                        seed -> p(n, 0, 0, 0, 0, 0, seed),
                        0,
                        none,
                        "uncoded GD: waits for all N"));
        m.add(
                new BenchMethod(
                        "fastest-k",
                        "fastest-k",
                        "gd",
                        seed -> p(n, s, 0, 0, 0, 0, seed),
                        0,
                        none,
                        "k = N - s fastest, rescaled (approximate gradient)"));
        m.add(
                new BenchMethod(
                        "sag",
                        "sag",
                        null,
                        seed -> p(n, 0, 0, 0, 0, SUBPARTITIONS, seed),
                        n,
                        lbOff,
                        "SAG: w = N, load balancing off"));
        m.add(
                new BenchMethod(
                        "sag-lb",
                        "sag",
                        null,
                        seed -> p(n, 0, 0, 0, 0, SUBPARTITIONS, seed),
                        n,
                        lbOn,
                        "SAG-LB: w = N, load balancing on"));
        m.add(
                new BenchMethod(
                        "dsag",
                        "dsag",
                        null,
                        seed -> p(n, 0, 0, 0, 0, SUBPARTITIONS, seed),
                        w,
                        lbOff,
                        "DSAG: w = N/4, load balancing off"));
        m.add(
                new BenchMethod(
                        "dsag-lb",
                        "dsag",
                        null,
                        seed -> p(n, 0, 0, 0, 0, SUBPARTITIONS, seed),
                        w,
                        lbOn,
                        "DSAG-LB: w = N/4, load balancing on"));
        m.add(
                new BenchMethod(
                        "cyclic",
                        "cyclic",
                        "gd",
                        seed -> p(n, s, 0, 0, 0, 0, seed),
                        0,
                        none,
                        "cyclic GC"));
        m.add(
                new BenchMethod(
                        "clustered",
                        "clustered",
                        "gd",
                        seed -> p(n, 1, 2, 0, 0, 0, seed),
                        0,
                        none,
                        "static clustering (GC-SC), 2 clusters"));
        m.add(
                new BenchMethod(
                        "gc-dc",
                        "gc-dc",
                        "gd",
                        seed -> p(n, 1, 2, 0, 0, 0, seed),
                        0,
                        none,
                        "GC-DC, 2 clusters, dynamic clustering"));
        m.add(
                new BenchMethod(
                        "hetero",
                        "hetero",
                        "gd",
                        seed -> p(n, s, 0, 0, 0, 0, seed),
                        0,
                        none,
                        "hetero-GC, " + hetero));
        m.add(
                new BenchMethod(
                        "bcc",
                        "bcc",
                        "gd",
                        seed -> p(n, 0, 0, s + 1, 0, 0, seed),
                        0,
                        none,
                        "BCC, batch size s + 1"));
        m.add(
                new BenchMethod(
                        "g-lag",
                        "g-lag",
                        null,
                        seed -> p(n, s, 0, s + 1, 0, 0, seed),
                        0,
                        none,
                        "G-LAG, groups of s + 1"));
        m.add(
                new BenchMethod(
                        "cyclic-no-exclusion",
                        "cyclic",
                        "gd",
                        seed -> p(n, s, 0, 0, 0, 0, seed),
                        0,
                        Map.of(EXCLUSION, "false"),
                        "cyclic GC, exclusion and replacement off"));
        m.add(
                new BenchMethod(
                        UNCODED_LBFGS,
                        "uncoded",
                        "lbfgs",
                        seed -> p(n, 0, 0, 0, 0, 0, seed),
                        0,
                        none,
                        "uncoded L-BFGS: the strongest baseline"));
        m.add(
                new BenchMethod(
                        "cyclic-lbfgs",
                        "cyclic",
                        "lbfgs",
                        seed -> p(n, s, 0, 0, 0, 0, seed),
                        0,
                        none,
                        "cyclic GC, L-BFGS"));
        m.add(
                new BenchMethod(
                        "gc-dc-lbfgs",
                        "gc-dc",
                        "lbfgs",
                        seed -> p(n, 1, 2, 0, 0, 0, seed),
                        0,
                        none,
                        "GC-DC, L-BFGS"));
        m.add(
                new BenchMethod(
                        "hetero-lbfgs",
                        "hetero",
                        "lbfgs",
                        seed -> p(n, s, 0, 0, 0, 0, seed),
                        0,
                        none,
                        "hetero-GC, L-BFGS, " + hetero));
        m.add(
                new BenchMethod(
                        "bcc-lbfgs",
                        "bcc",
                        "lbfgs",
                        seed -> p(n, 0, 0, s + 1, 0, 0, seed),
                        0,
                        none,
                        "BCC, L-BFGS"));
        return List.copyOf(m);
    }

    /**
     * The rows named in {@code names} (table order kept), or all of them for an empty list.
     *
     * @throws InvalidParametersException naming {@code --methods} for an unknown name
     */
    public static List<BenchMethod> select(List<BenchMethod> all, List<String> names) {
        if (names == null || names.isEmpty()) {
            return all;
        }
        Map<String, BenchMethod> byName = new LinkedHashMap<>();
        all.forEach(m -> byName.put(m.name(), m));
        for (String name : names) {
            InvalidParametersException.require(
                    byName.containsKey(name.trim()),
                    "--methods",
                    "unknown method '%s'; known: %s",
                    name,
                    String.join(", ", byName.keySet()));
        }
        List<String> wanted = names.stream().map(String::trim).toList();
        return all.stream().filter(m -> wanted.contains(m.name())).toList();
    }

    private static SchemeParams p(
            int n, int s, int clusters, int load, int groups, int subpartitions, long seed) {
        return new SchemeParams(
                n, s, clusters, 0, 0, null, load, groups, subpartitions, 0, 0, seed);
    }
}
