package io.codedyarn.placement.scheme;

import io.codedyarn.placement.InvalidParametersException;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.Seeds;
import java.util.Locale;

/**
 * One exact code that {@code --scheme auto} may run without measured speeds, over the run's n
 * workers and K = n partitions, named by its label: {@code uncoded}, {@code cyclic s=2}, {@code
 * fractional s=1}, {@code bcc-redraw load=3}, {@code clustered P=2 s=1}, {@code gc-dc P=3 s=1}. The
 * label is what events.csv, the report and {@code job.json} say; this record is the one place that
 * turns it into a plan, so the code a run starts with ({@link Auto}'s start) and the code the
 * ApplicationMaster switches to are the same plan for the same label and seed.
 *
 * @param scheme the scheme's CLI name
 * @param stragglers s (cyclic, fractional, clustered, gc-dc)
 * @param clusters P (clustered, gc-dc)
 * @param load BCC's load per worker (bcc-redraw)
 */
public record AutoCode(String scheme, int stragglers, int clusters, int load) {
    /** The schemes auto runs without measured speeds (hetero needs them: not a start). */
    private static final java.util.Set<String> SCHEMES =
            java.util.Set.of("uncoded", "cyclic", "fractional", "bcc-redraw", "clustered", "gc-dc");

    public static AutoCode uncoded() {
        return new AutoCode("uncoded", 0, 0, 0);
    }

    public static AutoCode of(String scheme, int stragglers) {
        return new AutoCode(scheme, stragglers, 0, 0);
    }

    public static AutoCode clustered(String scheme, int clusters, int stragglers) {
        return new AutoCode(scheme, stragglers, clusters, 0);
    }

    public static AutoCode bcc(int load) {
        return new AutoCode("bcc-redraw", 0, 0, load);
    }

    /** The label: the scheme's name and the flags it takes, as auto's events.csv rows say it. */
    public String label() {
        return switch (scheme) {
            case "uncoded" -> "uncoded";
            case "bcc-redraw" -> "bcc-redraw load=" + load;
            case "clustered", "gc-dc" -> scheme + " P=" + clusters + " s=" + stragglers;
            default -> scheme + " s=" + stragglers;
        };
    }

    /** The flags of this code for n workers (K = n partitions) and the run's seed. */
    public SchemeParams params(int workers, long seed) {
        SchemeParams p = SchemeParams.of(workers, stragglers, seed).withPartitions(workers);
        if (clusters > 0) {
            p = p.withClusters(clusters);
        }
        if (load > 0) {
            p = p.withLoad(load);
        }
        return p;
    }

    /**
     * The plan of this code over n workers with the run's seed.
     *
     * @throws InvalidParametersException when the scheme refuses these flags for n workers
     */
    public Plan place(int workers, long seed) {
        return Schemes.byName(scheme).place(params(workers, seed), Seeds.generator(seed));
    }

    /**
     * The code a label names.
     *
     * @throws IllegalArgumentException naming the label when it is not one of auto's codes
     */
    public static AutoCode parse(String label) {
        String[] f = label.trim().split("\\s+");
        int s = 0;
        int p = 0;
        int load = 0;
        for (int i = 1; i < f.length; i++) {
            String[] kv = f[i].split("=", 2);
            int v;
            try {
                v = kv.length == 2 ? Integer.parseInt(kv[1]) : -1;
            } catch (NumberFormatException e) {
                v = -1;
            }
            if (v < 0) {
                throw refused(label);
            }
            switch (kv[0]) {
                case "s" -> s = v;
                case "P" -> p = v;
                case "load" -> load = v;
                default -> throw refused(label);
            }
        }
        AutoCode code = new AutoCode(f[0], s, p, load);
        if (!SCHEMES.contains(f[0]) || !code.label().equals(String.join(" ", f))) {
            throw refused(label);
        }
        return code;
    }

    private static IllegalArgumentException refused(String label) {
        return new IllegalArgumentException(
                String.format(
                        Locale.ROOT,
                        "'%s' is not a code auto runs (uncoded, cyclic s=S, fractional s=S,"
                                + " bcc-redraw load=L, clustered P=P s=S, gc-dc P=P s=S)",
                        label));
    }
}
