package io.codedyarn.coordinator.trace;

/**
 * One adaptation decision or observation, a row of {@code events.csv}: the iteration it was taken
 * before, coordinator seconds since training started, the worker (−1 for a node-wide event), the
 * node, what happened ({@code slow}, {@code excluded}, {@code exclusion-refused}, {@code expired},
 * {@code failed}, {@code replacing}, {@code replaced}, {@code replacement-failed}, {@code
 * not-replaced}) and why, with the measured numbers. The reason is one line (a container's exit
 * diagnostics span several; their line breaks become "; "), so that each event is one row.
 */
public record AdaptEvent(
        long iteration, double seconds, int worker, String node, String event, String reason) {
    public AdaptEvent {
        node = node == null ? "" : node;
        reason = reason.strip().replaceAll("\\s*\\R\\s*", "; ");
    }
}
