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
        String speeds = ", --speeds auto (measured, re-planned while it runs)";
        // name, scheme, optimizer (null: the scheme's own update), plan flags, what it is
        List<BenchMethod> m = new ArrayList<>();
        m.add(row(UNCODED_GD, "uncoded", "gd", plan(n, 0), "uncoded GD: waits for all N"));
        m.add(row("fastest-k", "fastest-k", "gd", plan(n, s), "k = N - s fastest, rescaled"));
        m.add(row("sag", "sag", null, sub(n), "SAG: w = N, no balancing").with(n, lbOff));
        m.add(row("sag-lb", "sag", null, sub(n), "SAG-LB: w = N, balancing").with(n, lbOn));
        m.add(row("dsag", "dsag", null, sub(n), "DSAG: w = N/4, no balancing").with(w, lbOff));
        m.add(row("dsag-lb", "dsag", null, sub(n), "DSAG-LB: w = N/4, balancing").with(w, lbOn));
        m.add(row("cyclic", "cyclic", "gd", plan(n, s), "cyclic GC"));
        m.add(row("clustered", "clustered", "gd", two(n), "static clustering (GC-SC)"));
        m.add(row("gc-dc", "gc-dc", "gd", two(n), "GC-DC: dynamic clustering"));
        m.add(row("hetero", "hetero", "gd", plan(n, s), "hetero-GC" + speeds));
        m.add(row("bcc", "bcc", "gd", load(n, 0, s + 1), "BCC, batch size s + 1"));
        m.add(row("g-lag", "g-lag", null, load(n, s, s + 1), "G-LAG, groups of s + 1"));
        m.add(
                row("cyclic-no-exclusion", "cyclic", "gd", plan(n, s), "cyclic GC, no exclusion")
                        .with(0, Map.of(EXCLUSION, "false")));
        m.add(row(UNCODED_LBFGS, "uncoded", "lbfgs", plan(n, 0), "uncoded L-BFGS"));
        m.add(row("cyclic-lbfgs", "cyclic", "lbfgs", plan(n, s), "cyclic GC, L-BFGS"));
        m.add(row("gc-dc-lbfgs", "gc-dc", "lbfgs", two(n), "GC-DC, L-BFGS"));
        m.add(row("hetero-lbfgs", "hetero", "lbfgs", plan(n, s), "hetero-GC, L-BFGS" + speeds));
        m.add(row("bcc-lbfgs", "bcc", "lbfgs", load(n, 0, s + 1), "BCC, L-BFGS"));
        m.add(
                row(
                        "auto-lbfgs",
                        "auto",
                        "lbfgs",
                        plan(n, s),
                        "--scheme auto --stragglers s, L-BFGS: starts uncoded with cyclic(s)'s"
                                + " partitions pre-placed, picks and switches the code"));
        m.add(
                row(
                        AUTO_TRACED,
                        "auto",
                        "lbfgs",
                        plan(n, s),
                        "auto-lbfgs with --trace: starts with the code the same scenario and"
                                + " seed's uncoded-lbfgs run's latency-trace.csv predicts"));
        return List.copyOf(m);
    }

    /**
     * The rows named in {@code names} (table order kept), or all of them for an empty list.
     *
     * @throws InvalidParametersException naming {@code --methods} for an unknown name
     */
    /** The auto row that starts from an earlier run's trace: uncoded-lbfgs's, same scenario. */
    public static final String AUTO_TRACED = "auto-traced-lbfgs";

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

    private static BenchMethod row(
            String name, String scheme, String optimizer, BenchMethod.Params params, String note) {
        return new BenchMethod(name, scheme, optimizer, params, 0, Map.of(), note);
    }

    /** N workers, s stragglers. */
    private static BenchMethod.Params plan(int n, int s) {
        return seed -> p(n, s, 0, 0, 0, seed);
    }

    /** SAG/DSAG: {@link #SUBPARTITIONS} per worker. */
    private static BenchMethod.Params sub(int n) {
        return seed -> p(n, 0, 0, 0, SUBPARTITIONS, seed);
    }

    /** Clustered and GC-DC: 2 clusters of N/2, 1 straggler each. */
    private static BenchMethod.Params two(int n) {
        return seed -> p(n, 1, 2, 0, 0, seed);
    }

    /** BCC's batch size, G-LAG's load. */
    private static BenchMethod.Params load(int n, int s, int load) {
        return seed -> p(n, s, 0, load, 0, seed);
    }

    private static SchemeParams p(int n, int s, int clusters, int load, int subparts, long seed) {
        return new SchemeParams(n, s, clusters, 0, 0, null, load, 0, subparts, 0, 0, seed);
    }
}
