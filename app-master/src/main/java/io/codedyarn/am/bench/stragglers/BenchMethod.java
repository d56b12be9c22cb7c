package io.codedyarn.am.bench.stragglers;

import io.codedyarn.placement.SchemeParams;
import java.util.Map;

/**
 * One row of {@code bench stragglers}: a scheme with its plan flags, its optimizer and the
 * coded-yarn keys that differ from the defaults (as {@code -D key=value} before {@code train}).
 *
 * @param name the row's name, also what {@code --methods} selects
 * @param scheme the {@code --scheme}
 * @param optimizer the {@code --optimizer}; null for the scheme's own update (SAG, DSAG, G-LAG)
 * @param params the plan flags for seed s (workers, stragglers, clusters, ...)
 * @param waitFor {@code --wait} (SAG/DSAG's w); 0 = n − s
 * @param conf coded-yarn keys set for this row only
 * @param note what the row stands for, printed under the table
 */
public record BenchMethod(
        String name,
        String scheme,
        String optimizer,
        Params params,
        int waitFor,
        Map<String, String> conf,
        String note) {

    /** The plan flags of a run with seed {@code seed}. */
    @FunctionalInterface
    public interface Params {
        SchemeParams of(long seed);
    }

    public BenchMethod {
        conf = Map.copyOf(conf);
    }

    /** This row with SAG/DSAG's {@code --wait} and its own coded-yarn keys. */
    public BenchMethod with(int w, Map<String, String> keys) {
        return new BenchMethod(name, scheme, optimizer, params, w, keys, note);
    }

    /** The same row as {@code -D} flags plus {@code train} flags, for logs and docs/commands.md. */
    public String flags(long seed) {
        SchemeParams p = params.of(seed);
        StringBuilder b = new StringBuilder();
        conf.entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .forEach(
                        e ->
                                b.append("-D ")
                                        .append(e.getKey())
                                        .append('=')
                                        .append(e.getValue())
                                        .append(' '));
        b.append("--scheme ").append(scheme).append(" --workers ").append(p.workers());
        append(b, "--stragglers", p.stragglers());
        append(b, "--clusters", p.clusters());
        append(b, "--load", (int) p.load());
        append(b, "--groups", p.groups());
        append(b, "--subpartitions", p.subpartitions());
        append(b, "--wait", waitFor);
        if (optimizer != null) {
            b.append(" --optimizer ").append(optimizer);
        }
        return b.toString();
    }

    private static void append(StringBuilder b, String flag, int value) {
        if (value > 0) {
            b.append(' ').append(flag).append(' ').append(value);
        }
    }
}
