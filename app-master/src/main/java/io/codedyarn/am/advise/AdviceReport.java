package io.codedyarn.am.advise;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.codedyarn.coordinator.advise.Prediction;
import io.codedyarn.coordinator.advise.RecordedTrace;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What {@code advise} prints: the candidates best first and the recommended {@code train} command
 * (the first ranked one), as a table or as JSON.
 *
 * @param trace the trace file, its size and how many gaps were filled
 * @param method how iterations to target were predicted
 * @param recommended the best ranked candidate, null when none could be ranked
 * @param command the {@code train} command line that reproduces it, null likewise
 */
public record AdviceReport(
        String trace,
        int workers,
        long seed,
        double targetGap,
        String method,
        List<Prediction> candidates,
        Prediction recommended,
        String command) {
    public static final ObjectMapper MAPPER =
            new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /**
     * @param tail flags of the command after the scheme's own (--data, --target-gap, ...)
     */
    public static AdviceReport of(
            RecordedTrace trace,
            int workers,
            long seed,
            double targetGap,
            String method,
            List<Prediction> ranked,
            List<String> tail) {
        Prediction best = ranked.isEmpty() || ranked.get(0).rank() != 1 ? null : ranked.get(0);
        String command = null;
        if (best != null) {
            List<String> args =
                    new ArrayList<>(
                            List.of(
                                    "bin/coded-yarn",
                                    "train",
                                    "--scheme",
                                    best.scheme(),
                                    "--workers",
                                    Integer.toString(workers)));
            args.addAll(best.flags());
            args.addAll(List.of("--seed", Long.toString(seed)));
            args.addAll(tail);
            command = String.join(" ", args);
        }
        return new AdviceReport(
                trace.toString(), workers, seed, targetGap, method, ranked, best, command);
    }

    public String json() throws JsonProcessingException {
        return MAPPER.writeValueAsString(this) + "\n";
    }

    public String text() {
        StringBuilder b = new StringBuilder();
        b.append(
                String.format(
                        Locale.ROOT, "trace %s; %d workers; plan seed %d%n", trace, workers, seed));
        b.append("iterations to target (gap ")
                .append(targetGap)
                .append("): ")
                .append(method)
                .append('\n');
        b.append(
                String.format(
                        Locale.ROOT,
                        "%-4s %-10s %-34s %12s %11s %14s  %s%n",
                        "rank",
                        "scheme",
                        "parameters",
                        "s/iteration",
                        "iterations",
                        "time to target",
                        "note"));
        for (Prediction p : candidates) {
            b.append(
                    String.format(
                            Locale.ROOT,
                            "%-4s %-10s %-34s %12.5g %11s %14s  %s%n",
                            p.rank() > 0 ? Integer.toString(p.rank()) : "-",
                            p.scheme(),
                            p.parameters(),
                            p.secondsPerIteration(),
                            Double.isNaN(p.iterationsToTarget())
                                    ? "-"
                                    : String.format(Locale.ROOT, "%.0f", p.iterationsToTarget()),
                            Double.isNaN(p.secondsToTarget())
                                    ? "-"
                                    : String.format(Locale.ROOT, "%.5g", p.secondsToTarget()),
                            (p.undecodable() > 0 ? p.undecodable() + " rounds undecodable; " : "")
                                    + p.note()));
        }
        b.append(
                command == null
                        ? "recommended: none (no candidate has a predicted time to target)\n"
                        : "recommended: " + command + "\n");
        return b.toString();
    }
}
