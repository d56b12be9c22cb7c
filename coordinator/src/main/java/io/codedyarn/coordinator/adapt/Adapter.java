package io.codedyarn.coordinator.adapt;

import io.codedyarn.coordinator.round.RoundEngine;
import io.codedyarn.coordinator.round.ServiceSample;
import io.codedyarn.coordinator.round.WorkerChange;
import io.codedyarn.coordinator.trace.AdaptEvent;
import io.codedyarn.coordinator.trace.Decisions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link io.codedyarn.coordinator.RoundLoop}'s adapt step for every scheme: measures, decides
 * and acts between two rounds, and logs each decision with its reason ({@code events.csv} and the
 * log).
 *
 * <ul>
 *   <li><b>Measure.</b> Every traced task's time per unit of load goes into {@link SlowWorkers}
 *       (open tasks count with their age so far, a lower bound).
 *   <li><b>Decide.</b> A worker slow over a window is flagged; its node is excluded ({@link
 *       NodeExclusion}: expiring, at most a third of the nodes), as is a node where workers failed
 *       repeatedly. Workers on an excluded node are moved too.
 *   <li><b>Act.</b> A flagged or failed worker gets a replacement on a node outside the excluded
 *       ones and its own ({@link RoundEngine#replace}); the old incarnation goes on working until
 *       the replacement is ready, which then takes over at the next round boundary ({@link
 *       RoundEngine#promote}). So no round waits for a container start, the code's tolerance is
 *       restored rather than used up, and no result is ever computed on the wrong data: the
 *       replacement holds the same partitions.
 * </ul>
 *
 * Owned by the coordinator's thread.
 */
public final class Adapter {
    private static final Logger LOG = LoggerFactory.getLogger(Adapter.class);

    private final AdaptSettings settings;
    private final RoundEngine engine;
    private final int clusterNodes;
    private final SlowWorkers slow;
    private final NodeExclusion exclusion;
    private final Decisions events;
    private final int[] replacements; // for slowness
    private final int[] failures;
    private final double[] replacingSince;
    private int jobReplacements;
    private final boolean[] flagged;
    private final boolean[] refused;
    private final Set<String> refusedNodes = new TreeSet<>();
    private final boolean judgeSlowness;

    /**
     * @param clusterNodes the cluster's NodeManagers (the exclusion cap is a fraction of them)
     * @param events where each decision is logged and kept
     */
    public Adapter(AdaptSettings settings, RoundEngine engine, int clusterNodes, Decisions events) {
        this(settings, engine, clusterNodes, events, true);
    }

    /**
     * @param judgeSlowness false when measured speeds re-plan the loads ({@link Replanner}): a slow
     *     worker then gets less data instead of a replacement (which would find the same slowness
     *     per unit, and whose start competes for the machine); failures are still replaced
     */
    public Adapter(
            AdaptSettings settings,
            RoundEngine engine,
            int clusterNodes,
            Decisions events,
            boolean judgeSlowness) {
        this.judgeSlowness = judgeSlowness;
        this.settings = settings;
        this.events = events;
        this.engine = engine;
        this.clusterNodes = clusterNodes;
        int n = engine.workers();
        this.slow =
                new SlowWorkers(
                        n,
                        settings.window(),
                        settings.patience(),
                        settings.slowFactor(),
                        settings.minSeconds(),
                        settings.persistSeconds());
        this.exclusion =
                new NodeExclusion(
                        settings.timeoutSeconds(),
                        settings.maxNodeFraction(),
                        settings.maxFailuresPerNode());
        this.replacements = new int[n];
        this.failures = new int[n];
        this.replacingSince = new double[n];
        this.flagged = new boolean[n];
        this.refused = new boolean[n];
    }

    /** The step between rounds: {@code iteration} is the next round's. */
    public void adapt(long iteration, List<WorkerChange> changes) {
        double now = engine.elapsedSeconds();
        for (WorkerChange c : changes) {
            changed(iteration, now, c);
        }
        List<ServiceSample> samples = engine.drainSamples();
        if (!settings.enabled()) {
            return;
        }
        for (ServiceSample s : samples) {
            slow.record(s.worker(), s.seconds(), s.load());
        }
        boolean[] judged = judgeSlowness ? slow.judge(now) : new boolean[flagged.length];
        // first every verdict and exclusion, then the moves: a replacement then also avoids the
        // node of a worker judged slow in the same pass
        List<Integer> moving = new ArrayList<>();
        for (int w = 0; w < judged.length; w++) {
            if (judged[w] && !flagged[w] && engine.alive(w) && !engine.replacing(w)) {
                flagged[w] = true;
                moving.add(w);
                String node = engine.node(w);
                record(
                        iteration,
                        now,
                        w,
                        node,
                        "slow",
                        String.format(
                                Locale.ROOT,
                                "median %.4g s per unit of load over its last %d tasks, the"
                                        + " workers' median %.4g s (limit %.1fx)",
                                slow.median(w),
                                settings.window(),
                                slow.clusterMedian(),
                                settings.slowFactor()));
                if (node != null) {
                    exclude(iteration, now, node, "worker " + w + " is persistently slow there");
                }
            }
        }
        for (int w : moving) {
            replace(iteration, now, w, "persistently slow", false);
        }
        for (int w = 0; w < judged.length; w++) {
            String node = engine.node(w);
            if (node != null
                    && exclusion.isExcluded(node)
                    && !flagged[w]
                    && engine.alive(w)
                    && !engine.replacing(w)) {
                flagged[w] = true;
                replace(iteration, now, w, "its node " + node + " is excluded", false);
            }
        }
        for (String node : exclusion.expire(now)) {
            refusedNodes.clear(); // the cap has room again: a slow node is excluded next time
            record(
                    iteration,
                    now,
                    -1,
                    node,
                    "expired",
                    "excluded for " + settings.timeoutSeconds() + " s; usable again");
        }
    }

    private void changed(long iteration, double now, WorkerChange c) {
        int w = c.worker();
        switch (c.kind()) {
            case FAILED, HUNG -> {
                boolean hung = c.kind() == WorkerChange.Kind.HUNG;
                String node = engine.node(w);
                // a hang is dated when it was judged (the failure's own time is unknown)
                double at = hung && !Double.isNaN(c.seconds()) ? c.seconds() : now;
                record(iteration, at, w, node, hung ? "hung" : "failed", c.detail());
                failures[w]++;
                if (hung && settings.enabled() && node != null) {
                    // silence with the connection open is the node's (frozen, cut off, thrashing)
                    // more often than the worker's: its other workers are suspect too
                    exclude(iteration, now, node, "worker " + w + " hung there");
                } else if (settings.enabled() && node != null && exclusion.failed(node)) {
                    exclude(
                            iteration,
                            now,
                            node,
                            settings.maxFailuresPerNode() + " worker failures there");
                }
                if (failures[w] < settings.maxFailures()) {
                    replace(iteration, now, w, "it failed", true);
                } else if (settings.maxFailures() > 1) {
                    record(
                            iteration,
                            now,
                            w,
                            node,
                            "not-replaced",
                            "it failed "
                                    + failures[w]
                                    + " times (coded-yarn.worker.max-failures = "
                                    + settings.maxFailures()
                                    + " attempts); the code's tolerance carries on without it");
                }
            }
            case STANDBY -> {
                String old = c.previous() != null ? c.previous() : engine.node(w);
                if (c.previous() == null) { // else promoted already, mid-round
                    engine.promote(w, c.detail());
                }
                slow.reset(w);
                flagged[w] = false;
                record(
                        iteration,
                        now,
                        w,
                        c.detail(),
                        "replaced",
                        String.format(
                                Locale.ROOT,
                                "its replacement on %s took over from %s: %s, ready %.1f s after"
                                        + " it was asked for",
                                c.detail(),
                                old,
                                c.how(),
                                (Double.isNaN(c.seconds()) ? now : c.seconds())
                                        - replacingSince[w]));
            }
            case READY -> {
                if (c.previous() == null) { // else it joined at once, mid-round
                    engine.admit(w, c.detail());
                }
                record(iteration, now, w, c.detail(), "ready", c.how() + "; it takes tasks now");
            }
            case REPLACEMENT_FAILED ->
                    record(iteration, now, w, engine.node(w), "replacement-failed", c.detail());
            case LOADED -> {} // the Replanner's
        }
    }

    private void exclude(long iteration, double now, String node, String why) {
        if (exclusion.isExcluded(node)) {
            exclusion.exclude(node, now, clusterNodes); // renews its timeout
            return;
        }
        if (exclusion.exclude(node, now, clusterNodes)) {
            refusedNodes.remove(node);
            record(
                    iteration,
                    now,
                    -1,
                    node,
                    "excluded",
                    why
                            + "; until "
                            + String.format(Locale.ROOT, "%.1f", exclusion.until(node))
                            + " s");
        } else if (refusedNodes.add(node)) { // said once per node
            record(
                    iteration,
                    now,
                    -1,
                    node,
                    "exclusion-refused",
                    why
                            + ", but "
                            + exclusion.excluded().size()
                            + " of "
                            + clusterNodes
                            + " nodes are excluded already (at most "
                            + exclusion.cap(clusterNodes)
                            + ")");
        }
    }

    private void replace(long iteration, double now, int w, String why, boolean failed) {
        if (engine.replacing(w)) {
            // judged slow, then found hung or dead before its replacement was ready: that
            // replacement is the answer to both (a second request would be refused, and read as
            // "no node outside ..." while four nodes were up: the lab's fault matrix, row 4)
            return;
        }
        String node = engine.node(w);
        if (jobReplacements >= settings.maxJobReplacements()) {
            record(
                    iteration,
                    now,
                    w,
                    node,
                    "not-replaced",
                    why
                            + ", but the job made "
                            + jobReplacements
                            + " replacements already (coded-yarn.job.max-replacements)");
            return;
        }
        if (!failed && replacements[w] >= settings.maxReplacements()) {
            record(
                    iteration,
                    now,
                    w,
                    node,
                    "not-replaced",
                    why + ", but it was replaced " + replacements[w] + " times already");
            return;
        }
        // the excluded nodes, and those whose exclusion the cap refused (a slow worker was seen
        // there too), and its own
        Set<String> avoid = new TreeSet<>(exclusion.excluded());
        avoid.addAll(refusedNodes);
        if (node != null) {
            avoid.add(node);
        }
        if (engine.replace(w, avoid)) {
            replacingSince[w] = now;
            jobReplacements++;
            if (!failed) {
                replacements[w]++;
            }
            record(iteration, now, w, node, "replacing", why + "; avoiding " + avoid);
        } else if (!refused[w]) {
            refused[w] = true;
            record(
                    iteration,
                    now,
                    w,
                    node,
                    "not-replaced",
                    why + ", but the cluster has no node outside " + avoid + " for it");
        }
    }

    /**
     * Records the failures among {@code changes} (a {@code failed} or {@code hung} event each)
     * without acting on them: the run is over.
     */
    public void recordFailures(long iteration, List<WorkerChange> changes) {
        double now = engine.elapsedSeconds();
        for (WorkerChange c : changes) {
            boolean hung = c.kind() == WorkerChange.Kind.HUNG;
            if (hung || c.kind() == WorkerChange.Kind.FAILED) {
                double at = hung && !Double.isNaN(c.seconds()) ? c.seconds() : now;
                record(
                        iteration,
                        at,
                        c.worker(),
                        engine.node(c.worker()),
                        hung ? "hung" : "failed",
                        c.detail());
            }
        }
    }

    private void record(
            long iteration, double now, int worker, String node, String event, String reason) {
        events.add(new AdaptEvent(iteration, now, worker, node, event, reason));
    }
}
