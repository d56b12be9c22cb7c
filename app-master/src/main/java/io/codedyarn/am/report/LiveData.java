package io.codedyarn.am.report;

import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.coordinator.trace.LiveFeed;
import io.codedyarn.placement.Plan;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The live page's {@code data.json?since=N}: what the run's {@link LiveFeed} holds from position N
 * on, as a {@link RunView} of the new rows only (the page merges it into what it has), plus the
 * run's current placement and parameters. Runs on the HTTP server's thread: it only reads the feed
 * (immutable entries) and the {@link Source}, whose methods must be safe to call from there.
 */
public final class LiveData {
    /** At most this many feed entries (iterations) per answer; the page asks again for the rest. */
    static final int MAX_ENTRIES = 2000;

    /** What the AM knows of the run; any of it may be absent while the job is opening. */
    public interface Source {
        /** The spec; null until the job is open. */
        TrainSpec spec();

        /** The placement plan; null until the job is open. */
        Plan plan();

        /** Per worker, the node its container runs on (null or missing: none yet). */
        List<String> nodes();

        /** One line of status (iteration, workers running). */
        String status();
    }

    /**
     * One answer.
     *
     * @param next the {@code since} of the next request
     * @param more whether the feed may hold more entries already (ask again at once)
     * @param finished whether the run has ended (nothing will follow)
     * @param run the new rows, the placement and the parameters
     */
    public record Slice(
            String title, String status, int next, boolean more, boolean finished, RunView run) {}

    private final String name;
    private final LiveFeed feed;
    private final Source source;

    /**
     * @param name the run's label (its application id)
     */
    public LiveData(String name, LiveFeed feed, Source source) {
        this.name = name;
        this.feed = feed;
        this.source = source;
    }

    /**
     * The answer to {@code since}.
     *
     * @throws IllegalArgumentException when {@code since} is not a position of the feed
     */
    public Slice since(int since) {
        LiveFeed.Slice s = feed.since(since, MAX_ENTRIES);
        List<RunView.Iteration> iterations = new ArrayList<>();
        List<RunView.Task> latency = new ArrayList<>();
        List<RunView.Event> events = new ArrayList<>();
        List<RunView.Score> scores = new ArrayList<>();
        for (LiveFeed.Entry e : s.entries()) {
            if (e.iteration() != null) {
                iterations.add(RunView.Iteration.of(e.iteration()));
            }
            e.latency().forEach(l -> latency.add(RunView.Task.of(l)));
            e.events().forEach(a -> events.add(RunView.Event.of(a)));
            e.validation().forEach(v -> scores.add(RunView.Score.of(v)));
        }
        TrainSpec spec = source.spec();
        Plan plan = source.plan();
        Map<String, String> parameters = new LinkedHashMap<>();
        parameters.put("applicationId", name);
        if (spec != null) {
            parameters.putAll(RunView.parameters(spec));
        }
        RunView run =
                new RunView(
                        name,
                        "",
                        parameters,
                        spec == null ? null : RunView.known(spec.targetGap()),
                        iterations,
                        latency,
                        events,
                        plan == null ? null : RunView.Placement.of(plan, source.nodes()),
                        scores);
        String title =
                spec == null
                        ? "coded-yarn " + name
                        : "coded-yarn "
                                + name
                                + ": "
                                + spec.workload().cliName()
                                + ", "
                                + spec.scheme();
        // a full page: the feed may hold more already (at worst one empty answer follows)
        boolean more = s.entries().size() == MAX_ENTRIES;
        return new Slice(title, source.status(), s.next(), more, s.finished(), run);
    }

    /** {@link #since} as the JSON the page reads. */
    public String json(int since) {
        return Json.write(since(since));
    }
}
