package io.codedyarn.placement.scheme;

import io.codedyarn.placement.InvalidParametersException;
import io.codedyarn.placement.Scheme;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Every scheme by its command-line name (documented in docs/commands.md, "Schemes"). */
public final class Schemes {
    private static final Map<String, Scheme> BY_NAME = new LinkedHashMap<>();

    static {
        register(Uncoded.waitForAll());
        register(Uncoded.fastestK());
        register(new Auto());
        // SCHEMES-REGISTRY: add new schemes below this line, one register(...) per line.
        register(new LagFamily(LagFamily.Variant.LAG));
        register(new LagFamily(LagFamily.Variant.LAGC));
        register(new LagFamily(LagFamily.Variant.G_LAG));
        register(new LagFamily(LagFamily.Variant.G_GD));
        register(Sag.sag());
        register(Sag.dsag());
        register(Sag.sgd());
        register(new Ssp());
        register(Bcc.random());
        register(Bcc.redrawing());
        register(Bcc.balanced());
        register(BccHetero.paperExperiment());
        register(BccHetero.redrawing());
        register(new HeteroAware());
        register(new HeteroGroup());
        register(new CyclicRepetition());
        register(new FractionalRepetition());
        register(new StaticClustering());
        register(new GcDc());
        register(new GcDc(io.codedyarn.placement.coding.DynamicClustering.Ranking.PER_ROUND));
    }

    private Schemes() {}

    private static void register(Scheme s) {
        if (BY_NAME.put(s.name(), s) != null) {
            throw new IllegalStateException("duplicate scheme name " + s.name());
        }
    }

    public static List<Scheme> all() {
        return List.copyOf(BY_NAME.values());
    }

    public static List<String> names() {
        return List.copyOf(BY_NAME.keySet());
    }

    /**
     * @throws InvalidParametersException (flag {@code --scheme}) for an unknown name
     */
    public static Scheme byName(String name) {
        Scheme s = BY_NAME.get(name);
        if (s == null) {
            throw new InvalidParametersException(
                    "--scheme",
                    "unknown scheme '" + name + "'; known: " + String.join(", ", names()));
        }
        return s;
    }
}
