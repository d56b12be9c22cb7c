package io.codedyarn.placement.latency;

import io.codedyarn.placement.InvalidParametersException;
import io.codedyarn.placement.SpecParts;
import io.codedyarn.placement.SpecParts.Part;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.random.RandomGenerator;

/**
 * Parses {@code --latency SPEC}: a model, optionally followed by modifiers joined with {@code +},
 * each {@code name[:key=value,...]}. Examples: {@code shifted-exp:alpha=0.01,mu=10}, {@code
 * exp:eta=0.05}, {@code pareto:eta=0.05,beta=1.1}, {@code
 * ge:p=0.05,alpha=0.01,mu_slow=0.1,mu_fast=10}, {@code
 * ge-hetero:p=0.05,alpha=0.01,max_rate=5,slowdown=10}, {@code
 * time-varying:p=0.05,alpha=0.01,tau=1,max_rate=5}, {@code gamma:file=moments.csv}, {@code
 * trace:file=trace.csv}, {@code fixed}, and the modifiers {@code
 * +burst:enter=0.011,leave=0.286,factor=1.103}, {@code +ramp:factor=0.4} and {@code
 * +delay:count=1,seconds=0.5,sigma=0.3} (Hetero-GC's random delays, {@link RandomDelays}). Errors
 * are {@link InvalidParametersException}s on {@code --latency}.
 */
public final class LatencySpec {
    private static final String FLAG = "--latency";

    /**
     * Opens the files that specs name ({@code file=...}); I/O stays outside this module's logic.
     */
    @FunctionalInterface
    public interface Files {
        Reader open(String path) throws IOException;
    }

    private final String text;
    private final List<Part> parts;

    private LatencySpec(String text, List<Part> parts) {
        this.text = text;
        this.parts = parts;
    }

    /** {@link #parse}, or null for no spec (null or blank: not a simulated run). */
    public static LatencySpec ofNullable(String text) {
        return text == null || text.isBlank() ? null : parse(text);
    }

    public static LatencySpec parse(String text) {
        if (text == null || text.isBlank()) {
            throw new InvalidParametersException(FLAG, "empty latency spec");
        }
        List<Part> parts = SpecParts.split(text, FLAG);
        LatencySpec spec = new LatencySpec(text, parts);
        spec.checkNames();
        return spec;
    }

    private static final Map<String, Set<String>> KEYS =
            Map.ofEntries(
                    Map.entry("shifted-exp", Set.of("alpha", "mu")),
                    Map.entry("exp", Set.of("eta")),
                    Map.entry("pareto", Set.of("eta", "beta")),
                    Map.entry("ge", Set.of("p", "alpha", "mu_slow", "mu_fast")),
                    Map.entry("ge-hetero", Set.of("p", "alpha", "max_rate", "slowdown")),
                    Map.entry("time-varying", Set.of("p", "alpha", "tau", "max_rate")),
                    Map.entry(
                            "gamma",
                            Set.of("file", "comm_mean", "comm_var", "comp_mean", "comp_var")),
                    Map.entry("trace", Set.of("file")),
                    Map.entry("fixed", Set.of()),
                    Map.entry("burst", Set.of("enter", "leave", "factor")),
                    Map.entry("ramp", Set.of("factor", "release_at", "released")),
                    Map.entry("delay", Set.of("count", "seconds", "sigma")));

    private static final Set<String> MODIFIERS = Set.of("burst", "ramp", "delay");

    private void checkNames() {
        for (int k = 0; k < parts.size(); k++) {
            Part p = parts.get(k);
            Set<String> allowed = KEYS.get(p.name());
            if (allowed == null || (k == 0) == MODIFIERS.contains(p.name())) {
                throw new InvalidParametersException(
                        FLAG,
                        (allowed == null ? "unknown model '" : "misplaced '")
                                + p.name()
                                + "' in '"
                                + text
                                + "'; models: shifted-exp, exp, pareto, ge, ge-hetero, time-varying,"
                                + " gamma, trace, fixed; modifiers (after +): burst, ramp, delay");
            }
            for (String key : p.args().keySet()) {
                if (!allowed.contains(key)) {
                    throw new InvalidParametersException(
                            FLAG,
                            "unknown key '"
                                    + key
                                    + "' for "
                                    + p.name()
                                    + "; known: "
                                    + String.join(", ", allowed));
                }
            }
        }
    }

    /** Whether the base model is {@code fixed} (the simulator then picks worst-case stragglers). */
    public boolean isFixed() {
        return parts.get(0).name().equals("fixed");
    }

    /**
     * @param speeds relative speeds (empty = all 1): scale the rates of shifted-exp and the speeds
     *     of fixed
     */
    public LatencyModel build(int workers, double[] speeds, RandomGenerator rng, Files files) {
        double[] r = speeds.length == 0 ? ones(workers) : speeds.clone();
        Part base = parts.get(0);
        LatencyModel m = buildBase(base, workers, r, rng, files);
        for (Part mod : parts.subList(1, parts.size())) {
            try {
                m = modify(m, mod, rng);
            } catch (InvalidParametersException e) {
                throw e;
            } catch (IllegalArgumentException e) {
                throw new InvalidParametersException(FLAG, mod.name() + ": " + e.getMessage());
            }
        }
        return m;
    }

    private static LatencyModel modify(LatencyModel m, Part mod, RandomGenerator rng) {
        Map<String, String> a = mod.args();
        return switch (mod.name()) {
            case "burst" ->
                    new BurstMarkov(
                            m,
                            num(a, "enter", 0.011),
                            num(a, "leave", 0.286),
                            num(a, "factor", 1.103),
                            rng);
            case "delay" ->
                    new RandomDelays(
                            m,
                            (int) num(a, "count", 1),
                            num(a, "seconds", 0),
                            num(a, "sigma", 0),
                            rng);
            default ->
                    new Ramp(
                            m,
                            num(a, "factor", 0.4),
                            (int) num(a, "release_at", -1),
                            (int) num(a, "released", 0));
        };
    }

    private LatencyModel buildBase(Part p, int n, double[] r, RandomGenerator rng, Files files) {
        Map<String, String> a = p.args();
        try {
            switch (p.name()) {
                case "shifted-exp":
                    {
                        double alpha = num(a, "alpha", 0.0);
                        double mu = num(a, "mu", 1.0);
                        double[] al = new double[n];
                        double[] mus = new double[n];
                        Arrays.fill(al, alpha);
                        for (int i = 0; i < n; i++) {
                            mus[i] = mu * r[i];
                        }
                        return new ShiftedExponential(al, mus, rng);
                    }
                case "exp":
                    return new ScaledByLoad(
                            n, num(a, "eta", 1.0), ScaledByLoad.Shape.EXPONENTIAL, 0, rng);
                case "pareto":
                    return new ScaledByLoad(
                            n,
                            num(a, "eta", 1.0),
                            ScaledByLoad.Shape.PARETO,
                            num(a, "beta", 1.1),
                            rng);
                case "ge":
                    return GilbertElliot.homogeneous(
                            n,
                            num(a, "p", 0.05),
                            num(a, "alpha", 0.01),
                            num(a, "mu_slow", 0.1),
                            num(a, "mu_fast", 10),
                            rng);
                case "ge-hetero":
                    return GilbertElliot.heterogeneous(
                            n,
                            num(a, "p", 0.05),
                            num(a, "alpha", 0.01),
                            num(a, "max_rate", 5),
                            num(a, "slowdown", 10),
                            rng);
                case "time-varying":
                    return new TimeVaryingRates(
                            n,
                            num(a, "p", 0.05),
                            num(a, "alpha", 0.01),
                            num(a, "tau", 1),
                            num(a, "max_rate", 5),
                            rng);
                case "gamma":
                    return gamma(a, n, rng, files);
                case "trace":
                    {
                        String f = required(a, "file");
                        try (Reader in = files.open(f)) {
                            return TraceReplay.read(in, f, n);
                        }
                    }
                default:
                    return new FixedSpeeds(r);
            }
        } catch (IOException e) {
            throw new InvalidParametersException(
                    FLAG, "cannot read " + a.get("file") + ": " + e.getMessage());
        } catch (UncheckedIOException e) {
            throw new InvalidParametersException(FLAG, e.getMessage());
        } catch (InvalidParametersException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw new InvalidParametersException(FLAG, p.name() + ": " + e.getMessage());
        }
    }

    private static LatencyModel gamma(
            Map<String, String> a, int n, RandomGenerator rng, Files files) throws IOException {
        List<GammaLatency.WorkerMoments> ms = new ArrayList<>();
        if (a.containsKey("file")) {
            String f = a.get("file");
            try (Reader in = files.open(f)) {
                ms = GammaMomentsFile.read(in, f, n);
            }
        } else {
            GammaLatency.WorkerMoments m =
                    new GammaLatency.WorkerMoments(
                            num(a, "comm_mean", 0),
                            num(a, "comm_var", 0),
                            num(a, "comp_mean", 1),
                            num(a, "comp_var", 0.1));
            for (int i = 0; i < n; i++) {
                ms.add(m);
            }
        }
        return new GammaLatency(ms, rng);
    }

    private static String required(Map<String, String> a, String key) {
        String v = a.get(key);
        if (v == null || v.isEmpty()) {
            throw new InvalidParametersException(FLAG, "missing " + key + "=...");
        }
        return v;
    }

    private static double num(Map<String, String> a, String key, double dflt) {
        String v = a.get(key);
        if (v == null) {
            return dflt;
        }
        try {
            double x = Double.parseDouble(v);
            if (!Double.isFinite(x)) {
                throw new NumberFormatException();
            }
            return x;
        } catch (NumberFormatException e) {
            throw new InvalidParametersException(FLAG, key + "=" + v + " is not a finite number");
        }
    }

    private static double[] ones(int n) {
        double[] r = new double[n];
        Arrays.fill(r, 1.0);
        return r;
    }

    /** The spec as given (its form in {@code job.json}). */
    public String text() {
        return text;
    }

    @Override
    public String toString() {
        return text;
    }
}
