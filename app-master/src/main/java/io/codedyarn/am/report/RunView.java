package io.codedyarn.am.report;

import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.coordinator.trace.AdaptEvent;
import io.codedyarn.coordinator.trace.IterationRecord;
import io.codedyarn.coordinator.trace.LatencyRecord;
import io.codedyarn.coordinator.trace.ValidationRecord;
import io.codedyarn.placement.Plan;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * One run as the charts see it ({@code coded-yarn-charts.js}), the same whether it comes from a run
 * directory ({@link RunDir}) or from a live run's feed ({@link LiveData}): the rows of {@code
 * iterations.csv}, {@code latency-trace.csv} and {@code events.csv}, the placement and the
 * parameters. Serialised by Jackson as is; an unknown number (NaN in the records, an empty CSV
 * field) is null, which JSON can carry.
 *
 * @param name the run's label in legends
 * @param group runs of one group share a set of convergence charts ({@code bench stragglers}: its
 *     scenario); empty: one set for all
 * @param parameters what was run and how it ended, as text (job.json's spec, summary.json's status)
 * @param targetGap the gap the run aimed at (time to target is marked); null: none
 * @param placement null when the run's spec is unknown (no {@code job.json})
 * @param validation the rows of {@code validation.csv} (held-out scores); empty: none
 */
public record RunView(
        String name,
        String group,
        Map<String, String> parameters,
        Double targetGap,
        List<Iteration> iterations,
        List<Task> latency,
        List<Event> events,
        Placement placement,
        List<Score> validation) {

    public RunView {
        parameters =
                java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(parameters));
        iterations = List.copyOf(iterations);
        latency = List.copyOf(latency);
        events = List.copyOf(events);
        validation = List.copyOf(validation);
    }

    /**
     * A row of {@code validation.csv} ({@link ValidationRecord}): the held-out metrics, by name in
     * the file's order, at the point iteration {@code iteration} evaluated.
     */
    public record Score(long iteration, Double seconds, Map<String, Double> metrics) {
        public Score {
            metrics = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(metrics));
        }

        static Score of(ValidationRecord r) {
            Map<String, Double> m = new java.util.LinkedHashMap<>();
            for (int i = 0; i < r.names().size(); i++) {
                m.put(r.names().get(i), known(r.values()[i]));
            }
            return new Score(r.iteration(), known(r.seconds()), m);
        }
    }

    /** A row of {@code iterations.csv} ({@link IterationRecord}). */
    public record Iteration(
            long iteration,
            Double seconds,
            Double objective,
            Double gap,
            int used,
            int stale,
            int discarded,
            String workersUsed,
            long iterate,
            boolean trial) {
        static Iteration of(IterationRecord r) {
            return new Iteration(
                    r.iteration(),
                    known(r.seconds()),
                    known(r.objective()),
                    known(r.gap()),
                    r.used(),
                    r.stale(),
                    r.discarded(),
                    r.workersUsed(),
                    r.iterate(),
                    r.trial());
        }
    }

    /**
     * A row of {@code latency-trace.csv} ({@link LatencyRecord}).
     *
     * @param latency send to receive; for a task that never came back, the file's censored value (a
     *     lower bound), or null from a live run (still out)
     * @param received null when the task has not come back
     */
    public record Task(
            long iteration,
            int worker,
            Double latency,
            Double load,
            Double sent,
            Double received,
            Double compute,
            String use) {
        static Task of(LatencyRecord r) {
            return new Task(
                    r.iteration(),
                    r.worker(),
                    known(r.latency()),
                    known(r.load()),
                    known(r.sentSeconds()),
                    known(r.receivedSeconds()),
                    known(r.computeSeconds()),
                    r.use());
        }
    }

    /** A row of {@code events.csv} ({@link AdaptEvent}; worker −1: node-wide). */
    public record Event(
            long iteration, Double seconds, int worker, String node, String event, String reason) {
        static Event of(AdaptEvent e) {
            return new Event(
                    e.iteration(), known(e.seconds()), e.worker(), e.node(), e.event(), e.reason());
        }
    }

    /**
     * Which worker stores which partitions, on which node.
     *
     * @param copies per partition, on how many workers it is stored
     */
    public record Placement(int partitions, List<WorkerPlace> workers, int[] copies) {
        public Placement {
            workers = List.copyOf(workers);
            copies = copies.clone();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Placement p
                    && p.partitions == partitions
                    && p.workers.equals(workers)
                    && Arrays.equals(p.copies, copies);
        }

        @Override
        public int hashCode() {
            return 31 * workers.hashCode() + Arrays.hashCode(copies);
        }

        @Override
        public String toString() {
            return "Placement["
                    + partitions
                    + ", "
                    + workers
                    + ", "
                    + Arrays.toString(copies)
                    + "]";
        }

        /**
         * The plan's placement, each worker on {@code nodes.get(w)} (missing or null: unknown, as
         * for a simulated run).
         */
        public static Placement of(Plan plan, List<String> nodes) {
            List<WorkerPlace> workers = new ArrayList<>();
            for (int w = 0; w < plan.workers(); w++) {
                String node = w < nodes.size() && nodes.get(w) != null ? nodes.get(w) : "";
                workers.add(
                        new WorkerPlace(w, node, Arrays.stream(plan.stored(w)).boxed().toList()));
            }
            int[] copies = new int[plan.partitions()];
            for (int j = 0; j < copies.length; j++) {
                copies[j] = plan.copies(j);
            }
            return new Placement(plan.partitions(), workers, copies);
        }
    }

    /** A worker's node (empty: unknown) and the partitions it stores. */
    public record WorkerPlace(int worker, String node, List<Integer> partitions) {
        public WorkerPlace {
            partitions = List.copyOf(partitions);
        }
    }

    /** The spec's fields as text, nested ones flattened ({@code params.workers}). */
    static Map<String, String> parameters(TrainSpec spec) {
        Map<String, String> out = new java.util.LinkedHashMap<>();
        flatten("", Json.MAPPER.valueToTree(spec), out);
        return out;
    }

    private static void flatten(
            String prefix, com.fasterxml.jackson.databind.JsonNode n, Map<String, String> out) {
        if (n.isObject()) {
            n.fields()
                    .forEachRemaining(
                            f ->
                                    flatten(
                                            prefix.isEmpty()
                                                    ? f.getKey()
                                                    : prefix + "." + f.getKey(),
                                            f.getValue(),
                                            out));
        } else if (!n.isNull()) {
            out.put(prefix, n.isArray() ? n.toString() : n.asText());
        }
    }

    static Double known(double x) {
        return Double.isNaN(x) ? null : x;
    }
}
