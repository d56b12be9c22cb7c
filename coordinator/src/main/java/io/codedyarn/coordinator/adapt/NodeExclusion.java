package io.codedyarn.coordinator.adapt;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Which NodeManagers the job keeps its workers off, and until when. The rules follow the two
 * schedulers that exclude nodes on YARN:
 *
 * <ul>
 *   <li>an exclusion <b>expires</b> after {@code timeoutSeconds} (Spark's HealthTracker, {@code
 *       spark.excludeOnFailure.timeout}, default 1 h): a node that was slow or failing may have
 *       recovered, and a long run must not lose nodes for good;
 *   <li>never more than a fraction of the known nodes is excluded at once (Tez's {@code
 *       tez.am.node-blacklisting.ignore-threshold-node-percent}, default 33 %): past it, Tez stops
 *       honouring its blacklist, since so many "bad" nodes more likely mean a cluster-wide problem
 *       (a network outage) than bad nodes. Here a request beyond the cap is refused, and the caller
 *       logs why;
 *   <li>a node is also excluded after {@code maxFailures} worker failures on it (Spark's {@code
 *       spark.excludeOnFailure.application.maxFailedExecutorsPerNode}, default 2).
 * </ul>
 *
 * Pure and single-threaded (the coordinator's thread); time is passed in, in seconds.
 */
public final class NodeExclusion {
    private final double timeoutSeconds;
    private final double maxFraction;
    private final int maxFailures;
    private final Map<String, Double> until = new TreeMap<>();
    private final Map<String, Integer> failures = new TreeMap<>();

    public NodeExclusion(double timeoutSeconds, double maxFraction, int maxFailures) {
        if (!(timeoutSeconds > 0) || !(maxFraction >= 0 && maxFraction < 1) || maxFailures < 1) {
            throw new IllegalArgumentException(
                    "need timeout > 0, 0 <= max fraction < 1, max failures >= 1; got "
                            + timeoutSeconds
                            + ", "
                            + maxFraction
                            + ", "
                            + maxFailures);
        }
        this.timeoutSeconds = timeoutSeconds;
        this.maxFraction = maxFraction;
        this.maxFailures = maxFailures;
    }

    /** At most ⌊fraction · nodes⌋ nodes excluded at once. */
    public int cap(int knownNodes) {
        return (int) Math.floor(maxFraction * knownNodes + 1e-9);
    }

    /**
     * Excludes {@code node} until now + timeout, unless that would exceed the cap over {@code
     * knownNodes}; whether it is excluded now (true also when it already was: its timeout is
     * renewed).
     */
    public boolean exclude(String node, double now, int knownNodes) {
        if (until.containsKey(node)) {
            until.put(node, now + timeoutSeconds);
            return true;
        }
        if (until.size() + 1 > cap(knownNodes)) {
            return false;
        }
        until.put(node, now + timeoutSeconds);
        return true;
    }

    /** Counts a worker failure on {@code node}; whether it reached the limit for exclusion. */
    public boolean failed(String node) {
        return failures.merge(node, 1, Integer::sum) >= maxFailures;
    }

    /** Lifts the exclusions whose time is over; the nodes lifted (sorted). */
    public List<String> expire(double now) {
        List<String> out = new ArrayList<>();
        until.entrySet()
                .removeIf(
                        e -> {
                            if (e.getValue() <= now) {
                                out.add(e.getKey());
                                failures.remove(e.getKey());
                                return true;
                            }
                            return false;
                        });
        return out;
    }

    public boolean isExcluded(String node) {
        return until.containsKey(node);
    }

    public Set<String> excluded() {
        return Set.copyOf(until.keySet());
    }

    /** When {@code node}'s exclusion ends (seconds), or NaN. */
    public double until(String node) {
        Double u = until.get(node);
        return u == null ? Double.NaN : u;
    }
}
