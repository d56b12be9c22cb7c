package io.codedyarn.am.net;

import io.codedyarn.compute.task.TaskResult;
import io.codedyarn.protocol.v1.Result;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The rounds sent on one worker stream, and what their answers must look like: a result is accepted
 * only for a round the stream was sent, once, with the task's unit count, the model's length and,
 * when the task's x was finite, finite numbers. Its {@link Connection} calls it under its lock.
 */
final class RoundsSent {
    private long lastRound = -1;

    /** Rounds remembered per stream: far more than a worker can be behind (it drops old tasks). */
    static final int REMEMBERED_ROUNDS = 4096;

    /**
     * What the answer to a round's task must look like.
     *
     * @param units values the answer has (one per unit)
     * @param length numbers each value has (1 + |x|, or 1 for ‖X‖²)
     * @param finiteX whether x was finite (then non-finite values are the worker's fault)
     * @param answered whether a result for the round was accepted (a task is answered once)
     */
    private record Expected(int units, int length, boolean finiteX, boolean answered) {}

    /** Per recent round sent to this stream, what its answer must look like. */
    private final Map<Long, Expected> expected =
            new LinkedHashMap<>() {
                @Override
                protected boolean removeEldestEntry(Map.Entry<Long, Expected> e) {
                    return size() > REMEMBERED_ROUNDS;
                }
            };

    /**
     * A task of {@code round} was sent: its answer needs {@code units} values of {@code length}.
     */
    void sent(long round, int units, int length, boolean finiteX) {
        lastRound = Math.max(lastRound, round);
        expected.put(round, new Expected(units, length, finiteX, false));
    }

    /** A result for {@code round} was accepted (after both checks passed). */
    void answered(long round) {
        Expected e = expected.get(round);
        expected.put(round, new Expected(e.units(), e.length(), e.finiteX(), true));
    }

    /**
     * Why the decoded values cannot answer their task (whose {@link #check} passed), or null: each
     * value must have the length the task's kind gives (1 + |x|, or 1 for ‖X‖²) and, when x was
     * finite, hold only finite numbers — a NaN from a worker would otherwise poison the decoded
     * gradient.
     */
    String checkValues(TaskResult tr) {
        Expected want = expected.get(tr.round());
        double[][] values = tr.values();
        for (int u = 0; u < values.length; u++) {
            if (values[u].length != want.length()) {
                return "result of round "
                        + tr.round()
                        + ": value "
                        + u
                        + " has "
                        + values[u].length
                        + " numbers, the task's kind and model need "
                        + want.length();
            }
            if (want.finiteX()) {
                for (int i = 0; i < values[u].length; i++) {
                    if (!Double.isFinite(values[u][i])) {
                        return "result of round "
                                + tr.round()
                                + ": value "
                                + u
                                + " holds "
                                + values[u][i]
                                + " at index "
                                + i
                                + " for a finite iterate";
                    }
                }
            }
        }
        return null;
    }

    /** Why {@code r} cannot be this stream's answer, or null. */
    String check(Result r) {
        long round = r.getRound();
        if (round < 0 || round > lastRound) {
            return "result for round " + round + ", but the last task sent was round " + lastRound;
        }
        Expected want = expected.get(round);
        if (want == null) {
            return "result for round "
                    + round
                    + ", which this stream was not sent (or is older than the last "
                    + REMEMBERED_ROUNDS
                    + " rounds it was)";
        }
        if (want.answered()) {
            return "a second result for round " + round;
        }
        if (r.getValuesCount() == 0) {
            return "result of round " + round + " has no values";
        }
        if (r.getValuesCount() != want.units()) {
            return "result of round "
                    + round
                    + " has "
                    + r.getValuesCount()
                    + " values for a task of "
                    + want.units()
                    + " units";
        }
        int bytes = r.getValues(0).getLeDoubles().size();
        for (int u = 0; u < r.getValuesCount(); u++) {
            int b = r.getValues(u).getLeDoubles().size();
            if (b != bytes || b == 0 || b % Double.BYTES != 0) {
                return "result of round "
                        + round
                        + ": value "
                        + u
                        + " has "
                        + b
                        + " bytes (value 0: "
                        + bytes
                        + "; need equal, non-zero multiples of 8)";
            }
        }
        if (r.getComputeNanos() < 0) {
            return "negative compute time " + r.getComputeNanos();
        }
        return null;
    }
}
