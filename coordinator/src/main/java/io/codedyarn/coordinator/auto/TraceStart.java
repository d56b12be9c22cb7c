package io.codedyarn.coordinator.auto;

import io.codedyarn.coordinator.advise.RecordedTrace;
import io.codedyarn.coordinator.round.AutoStart;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.scheme.Auto;
import java.util.Arrays;
import java.util.Locale;

/**
 * {@code train --scheme auto --trace FILE}: the code the run starts with, chosen before it by the
 * rule {@link AutoPlanner} decides with, on an earlier run's {@code latency-trace.csv} instead of
 * the live window. Every fixed candidate replays the trace's rounds after the warm-up (at most the
 * last {@link #MOST_ROUNDS}, in seconds per unit of load, so a trace of another code or another
 * worker count serves: worker i replays trace worker i mod M); the start is the candidate of least
 * mean time per round that is at least {@code min-gain} faster than uncoded over the whole trace
 * and faster in both its halves, else uncoded.
 *
 * <p>The heterogeneity-aware code is not a start: its placement gives each worker a load for its
 * measured speed, and a new run's workers land on other nodes than the trace's. The live decisions
 * weigh it once the run has measured its own workers. No move is priced: the start's partitions are
 * placed with the data, at the cost of the reads that code would need anyway.
 */
public final class TraceStart {
    /** The most trace rounds replayed: enough for a stable mean, cheap at n = 100. */
    static final int MOST_ROUNDS = 200;

    private TraceStart() {}

    /**
     * @param trace the earlier run's trace
     * @param params the auto run's flags (workers, {@code --stragglers} s, seed)
     * @param settings the cap, the warm-up and the least gain
     * @throws IllegalArgumentException naming the trace when it has no round after the warm-up
     */
    public static AutoStart choose(
            RecordedTrace trace, SchemeParams params, AutoSettings settings) {
        int n = params.workers();
        int s = params.stragglers();
        int cap = s > 0 ? s : settings.cap(n);
        double[][] all = trace.perUnit(n);
        int from = Math.max(settings.warmupIterations(), all.length - MOST_ROUNDS);
        if (all.length - from < 2) {
            throw new IllegalArgumentException(
                    String.format(
                            Locale.ROOT,
                            "--trace %s: %d rounds, need at least %d (the first %d are warm-up)",
                            trace.source(),
                            all.length,
                            settings.warmupIterations() + 2,
                            settings.warmupIterations()));
        }
        double[][] window = Arrays.copyOfRange(all, from, all.length);
        Plan uncoded = new Auto().place(params, Seeds.generator(params.seed()));
        Weighing x =
                Weighing.of(
                        window,
                        uncoded,
                        AutoCandidates.fixed(n, cap, params.seed()),
                        cap,
                        params.seed(),
                        new String[n]); // a new run's workers land on other nodes
        Weighing.Scored best = null;
        for (Weighing.Scored c : x.candidates()) {
            if (c.choice().label().startsWith("hetero")
                    || !(c.tau() <= (1 - settings.minGain()) * x.tau())
                    || !(c.tauOlder() < x.tauOlder())
                    || !(c.tauNewer() < x.tauNewer())) {
                continue;
            }
            if (best == null || c.tau() < best.tau()) {
                best = c;
            }
        }
        String code = best == null ? "uncoded" : best.choice().label();
        String evidence =
                String.format(
                        Locale.ROOT,
                        "replayed on %s's rounds %d-%d: %s %.4g s/round vs uncoded %.4g (%+.0f%%)",
                        trace.source(),
                        from,
                        all.length - 1,
                        code,
                        best == null ? x.tau() : best.tau(),
                        x.tau(),
                        best == null ? 0 : 100 * (best.tau() / x.tau() - 1));
        return new AutoStart(code, evidence);
    }
}
