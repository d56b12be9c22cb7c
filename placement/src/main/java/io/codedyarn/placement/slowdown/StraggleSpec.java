package io.codedyarn.placement.slowdown;

import io.codedyarn.placement.InvalidParametersException;
import io.codedyarn.placement.SpecParts;
import io.codedyarn.placement.SpecParts.Part;
import io.codedyarn.placement.latency.TraceReplay;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Parses {@code train --straggle SPEC} (key {@code coded-yarn.straggle}): slowness the WORKERS
 * inject into themselves (see {@link Slowdown}), one or more parts joined with {@code +}, each
 * {@code name[:key=value,...]}, their factors multiplied:
 *
 * <ul>
 *   <li>{@code slow:factor=F[,workers=A/B/...|node=N]}: a constant factor F on the chosen workers
 *       (all workers when neither is given), or on every worker of one NodeManager;
 *   <li>{@code ramp:factor=F}: DSAG's ramp, worker i (1-based) ×(1 + F·i/N) (§VII, F = 0.4);
 *   <li>{@code markov:enter=P,leave=Q,factor=F[,workers=...|node=...]}: two-state Markov bursts
 *       (Gilbert–Elliot), ×F while in a burst;
 *   <li>{@code switch:at=K,factor=F[,mode=down|up][,workers=...|node=...]}: ×F from iteration K on
 *       (down, the default), or ×F before K and full speed from K on (up) — DSAG Fig. 7;
 *   <li>{@code trace:file=PATH}: replay a recorded {@code latency-trace.csv} (iteration t replays
 *       trace iteration t mod T; the worker sleeps until the recorded time has passed).
 * </ul>
 *
 * {@code node=N}: a NodeManager's name as YARN reports it ({@code host:port}), its host alone (all
 * NodeManagers of that host), or an integer: the N-th (0-based) of the job's distinct nodes in
 * sorted order ({@code simulated-K} nodes under {@code --cluster simulated}). {@code none} or an
 * empty spec: no slowness. Errors are {@link InvalidParametersException}s on {@code --straggle}.
 */
public final class StraggleSpec {
    public static final String FLAG = "--straggle";

    /** Opens the trace file a spec names (I/O stays outside this module's logic). */
    @FunctionalInterface
    public interface Files {
        Reader open(String path) throws IOException;
    }

    private static final Map<String, Set<String>> KEYS =
            Map.of(
                    "slow", Set.of("factor", "workers", "node"),
                    "ramp", Set.of("factor"),
                    "markov", Set.of("enter", "leave", "factor", "workers", "node"),
                    "switch", Set.of("at", "factor", "mode", "workers", "node"),
                    "trace", Set.of("file"));

    private static final Set<String> REQUIRED_FACTOR = Set.of("slow", "ramp", "markov", "switch");

    private final String text;
    private final List<Part> parts;

    private StraggleSpec(String text, List<Part> parts) {
        this.text = text;
        this.parts = parts;
    }

    /** The spec with no slowness. */
    public static StraggleSpec none() {
        return new StraggleSpec("none", List.of());
    }

    public static StraggleSpec parse(String text) {
        if (text == null || text.isBlank() || text.trim().equals("none")) {
            return none();
        }
        List<Part> parts = SpecParts.split(text, FLAG);
        for (Part p : parts) {
            Set<String> allowed = KEYS.get(p.name());
            if (allowed == null) {
                throw new InvalidParametersException(
                        FLAG,
                        "unknown part '"
                                + p.name()
                                + "' (use one of "
                                + new TreeSet<>(KEYS.keySet())
                                + ")");
            }
            for (String key : p.args().keySet()) {
                if (!allowed.contains(key)) {
                    throw new InvalidParametersException(
                            FLAG,
                            p.name()
                                    + ": unknown key '"
                                    + key
                                    + "' (allowed: "
                                    + new TreeSet<>(allowed)
                                    + ")");
                }
            }
        }
        StraggleSpec spec = new StraggleSpec(text.trim(), List.copyOf(parts));
        spec.validate();
        return spec;
    }

    private void validate() {
        for (Part p : parts) {
            if (REQUIRED_FACTOR.contains(p.name())) {
                double f = number(p, "factor");
                InvalidParametersException.require(
                        p.name().equals("ramp") ? f >= 0 : f > 0,
                        FLAG,
                        "%s: factor must be %s, got %s",
                        p.name(),
                        p.name().equals("ramp") ? ">= 0" : "> 0",
                        p.args().get("factor"));
            }
            if (p.args().containsKey("workers") && p.args().containsKey("node")) {
                throw new InvalidParametersException(
                        FLAG, p.name() + ": give workers= or node=, not both");
            }
            if (p.args().containsKey("workers")) {
                workers(p);
            }
            switch (p.name()) {
                case "markov" -> {
                    double enter = number(p, "enter");
                    double leave = number(p, "leave");
                    InvalidParametersException.require(
                            enter >= 0
                                    && enter <= 1
                                    && leave >= 0
                                    && leave <= 1
                                    && enter + leave > 0,
                            FLAG,
                            "markov: enter and leave must be probabilities in [0, 1], not both 0 (got %s, %s)",
                            enter,
                            leave);
                }
                case "switch" -> {
                    InvalidParametersException.require(
                            integer(p, "at") >= 0, FLAG, "switch: at must be >= 0");
                    String mode = p.args().getOrDefault("mode", "down");
                    InvalidParametersException.require(
                            mode.equals("down") || mode.equals("up"),
                            FLAG,
                            "switch: mode must be down or up, got '%s'",
                            mode);
                }
                case "trace" -> {
                    InvalidParametersException.require(
                            !p.args().getOrDefault("file", "").isBlank(),
                            FLAG,
                            "trace: needs file=PATH");
                }
                default -> {}
            }
        }
    }

    /** The spec as given (what {@code job.json}, the worker's Welcome and the logs carry). */
    public String text() {
        return text;
    }

    public boolean isNone() {
        return parts.isEmpty();
    }

    /** The trace file this spec replays, or null. */
    public String traceFile() {
        for (Part p : parts) {
            if (p.name().equals("trace")) {
                return p.args().get("file");
            }
        }
        return null;
    }

    /** This spec with its trace file replaced by {@code file} (a qualified path, say). */
    public StraggleSpec withTraceFile(String file) {
        List<String> out = new ArrayList<>();
        for (Part p : parts) {
            Map<String, String> args = new LinkedHashMap<>(p.args());
            if (p.name().equals("trace")) {
                args.put("file", file);
            }
            StringBuilder b = new StringBuilder(p.name());
            String sep = ":";
            for (var e : args.entrySet()) {
                b.append(sep).append(e.getKey()).append('=').append(e.getValue());
                sep = ",";
            }
            out.add(b.toString());
        }
        return parse(String.join("+", out));
    }

    /**
     * What worker {@code worker} of {@code workers} on {@code node} (index {@code nodeIndex} among
     * the cluster's nodes sorted by name) receives; {@code recorded} from {@link #traceColumns}.
     */
    public WorkerStraggle message(
            int worker, int workers, long seed, String node, int nodeIndex, double[][] recorded) {
        return isNone()
                ? WorkerStraggle.NONE
                : new WorkerStraggle(
                        text,
                        seed,
                        workers,
                        node,
                        nodeIndex,
                        // a warm spare (id >= N) replays worker (id mod N)'s column
                        recorded == null ? null : recorded[worker % recorded.length]);
    }

    /**
     * The recorded latencies of each worker by iteration ({@code [worker][iteration]}), read from
     * the spec's trace file (null when it replays none); the trace must cover {@code workers}.
     */
    public double[][] traceColumns(int workers, Files files) {
        String file = traceFile();
        if (file == null) {
            return null;
        }
        TraceReplay trace;
        try (Reader in = files.open(file)) {
            trace = TraceReplay.read(in, file, workers);
        } catch (IOException e) {
            throw new InvalidParametersException(
                    FLAG, "trace: cannot read " + file + ": " + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new InvalidParametersException(FLAG, "trace: " + e.getMessage());
        }
        double[][] out = new double[workers][trace.iterations()];
        for (int t = 0; t < trace.iterations(); t++) {
            for (int w = 0; w < workers; w++) {
                out[w][t] = trace.latency(t, w);
            }
        }
        return out;
    }

    /**
     * This spec resolved for one worker.
     *
     * @param worker the worker id (0-based)
     * @param workers N
     * @param node the worker's NodeManager ({@code host:port}, or {@code simulated-K})
     * @param nodeIndex its index among the job's distinct nodes in sorted order
     * @param seed the run's seed (each Markov part draws from its own stream of (seed, part,
     *     worker))
     * @param recorded the worker's replayed latencies ({@link #traceColumns}) or null
     */
    public Slowdown forWorker(
            int worker, int workers, String node, int nodeIndex, long seed, double[] recorded) {
        if (traceFile() != null && recorded == null) {
            throw new IllegalArgumentException(
                    "the spec replays a trace: pass the worker's recorded column");
        }
        List<Slowdown.Effect> effects = new ArrayList<>();
        List<String> said = new ArrayList<>();
        for (int k = 0; k < parts.size(); k++) {
            Part p = parts.get(k);
            if (!applies(p, worker, node, nodeIndex)) {
                continue;
            }
            switch (p.name()) {
                case "slow" -> effects.add(new Slowdown.Constant(number(p, "factor")));
                case "ramp" ->
                        effects.add(
                                new Slowdown.Constant(
                                        1 + number(p, "factor") * (worker + 1) / workers));
                case "markov" ->
                        effects.add(
                                new Slowdown.Markov(
                                        number(p, "enter"),
                                        number(p, "leave"),
                                        number(p, "factor"),
                                        stream(seed, k, worker)));
                case "switch" ->
                        effects.add(
                                new Slowdown.Switch(
                                        integer(p, "at"),
                                        number(p, "factor"),
                                        p.args().getOrDefault("mode", "down").equals("down")));
                default -> {}
            }
            said.add(p.name() + (p.args().isEmpty() ? "" : ":" + p.args()));
        }
        if (effects.isEmpty() && recorded == null) {
            return Slowdown.NONE;
        }
        return new Slowdown(
                effects,
                recorded,
                String.join(" + ", said) + (said.isEmpty() ? "" : " ") + "(seed " + seed + ")");
    }

    /** A distinct, reproducible stream per (seed, part, worker) (SplitMix64's finaliser). */
    static long stream(long seed, int part, int worker) {
        long z = seed + 0x9E3779B97F4A7C15L * (1 + part * 1_000_003L + worker);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    private static boolean applies(Part p, int worker, String node, int nodeIndex) {
        if (p.args().containsKey("workers")) {
            return workers(p).contains(worker);
        }
        String n = p.args().get("node");
        if (n == null) {
            return true;
        }
        if (n.matches("\\d+")) {
            return Integer.parseInt(n) == nodeIndex;
        }
        return n.equals(node) || (node != null && node.startsWith(n + ":"));
    }

    private static Set<Integer> workers(Part p) {
        Set<Integer> out = new TreeSet<>();
        for (String w : p.args().get("workers").split("/")) {
            try {
                int i = Integer.parseInt(w.trim());
                InvalidParametersException.require(
                        i >= 0, FLAG, "%s: worker ids must be >= 0, got %d", p.name(), i);
                out.add(i);
            } catch (NumberFormatException e) {
                throw new InvalidParametersException(
                        FLAG,
                        p.name()
                                + ": workers= takes ids separated by '/', got '"
                                + p.args().get("workers")
                                + "'");
            }
        }
        return out;
    }

    private static double number(Part p, String key) {
        String v = p.args().get(key);
        if (v == null) {
            throw new InvalidParametersException(FLAG, p.name() + ": needs " + key + "=");
        }
        try {
            double d = Double.parseDouble(v);
            if (!Double.isFinite(d)) {
                throw new NumberFormatException();
            }
            return d;
        } catch (NumberFormatException e) {
            throw new InvalidParametersException(
                    FLAG, p.name() + ": " + key + " is not a number: '" + v + "'");
        }
    }

    private static long integer(Part p, String key) {
        String v = p.args().get(key);
        if (v == null) {
            throw new InvalidParametersException(FLAG, p.name() + ": needs " + key + "=");
        }
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new InvalidParametersException(
                    FLAG, p.name() + ": " + key + " is not an integer: '" + v + "'");
        }
    }

    @Override
    public String toString() {
        return text;
    }
}
