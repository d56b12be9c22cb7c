package io.codedyarn.am.net;

import io.codedyarn.compute.task.TaskResult;
import io.codedyarn.protocol.v1.Result;

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
     * What the answer to a round's task must look like, for the last {@value #REMEMBERED_ROUNDS}
     * rounds sent, oldest first: a ring of primitive arrays rather than a map of boxed rounds,
     * because at 256 workers a map's 4,096 entries per stream came to about 100 MB of the AM's heap
     * and two hash lookups per message on its I/O thread (docs/performance.md). Per slot: the
     * round, the units its answer must have (one value each), the numbers each value must have (1 +
     * |x|, or 1 for ‖X‖²), whether x was finite (then non-finite values are the worker's fault) and
     * whether a result for it was accepted (a task is answered once). The arrays grow as rounds are
     * sent.
     */
    private long[] roundOf = new long[16];

    private int[] unitsOf = new int[16];
    private int[] lengthOf = new int[16];
    private boolean[] finiteOf = new boolean[16];
    private boolean[] answeredOf = new boolean[16];

    /** Index of the oldest remembered round, and how many are remembered. */
    private int oldest;

    private int count;

    /**
     * A task of {@code round} was sent: its answer needs {@code units} values of {@code length}.
     */
    void sent(long round, int units, int length, boolean finiteX) {
        int i = round > lastRound ? -1 : slot(round);
        lastRound = Math.max(lastRound, round);
        if (i < 0) { // a new round: the newest, the oldest forgotten past the bound
            if (count == REMEMBERED_ROUNDS) {
                oldest = (oldest + 1) % roundOf.length;
                count--;
            } else if (count == roundOf.length) {
                grow();
            }
            i = (oldest + count) % roundOf.length;
            count++;
        }
        roundOf[i] = round;
        unitsOf[i] = units;
        lengthOf[i] = length;
        finiteOf[i] = finiteX;
        answeredOf[i] = false;
    }

    /** A result for {@code round} was accepted (after both checks passed). */
    void answered(long round) {
        answeredOf[slot(round)] = true;
    }

    /**
     * The slot of {@code round}, or −1 when it is not remembered. Searched newest first: an answer
     * is nearly always to one of the last few rounds sent.
     */
    private int slot(long round) {
        for (int k = count - 1; k >= 0; k--) {
            int i = (oldest + k) % roundOf.length;
            if (roundOf[i] == round) {
                return i;
            }
        }
        return -1;
    }

    /** Doubles the ring (up to {@value #REMEMBERED_ROUNDS}), oldest first at index 0. */
    private void grow() {
        int capacity = roundOf.length;
        int n = Math.min(REMEMBERED_ROUNDS, 2 * capacity);
        roundOf = unwrap(roundOf, new long[n], capacity);
        unitsOf = unwrap(unitsOf, new int[n], capacity);
        lengthOf = unwrap(lengthOf, new int[n], capacity);
        finiteOf = unwrap(finiteOf, new boolean[n], capacity);
        answeredOf = unwrap(answeredOf, new boolean[n], capacity);
        oldest = 0;
    }

    /**
     * Copies the ring {@code from} into {@code to}, oldest first (an array of any element type).
     */
    private <A> A unwrap(A from, A to, int capacity) {
        int head = capacity - oldest;
        System.arraycopy(from, oldest, to, 0, Math.min(head, count));
        if (count > head) {
            System.arraycopy(from, 0, to, head, count - head);
        }
        return to;
    }

    /**
     * Why the decoded values cannot answer their task (whose {@link #check} passed), or null: each
     * value must have the length the task's kind gives (1 + |x|, or 1 for ‖X‖²) and, when x was
     * finite, hold only finite numbers — a NaN from a worker would otherwise poison the decoded
     * gradient.
     */
    String checkValues(TaskResult tr) {
        int slot = slot(tr.round());
        int length = lengthOf[slot];
        boolean finiteX = finiteOf[slot];
        double[][] values = tr.values();
        for (int u = 0; u < values.length; u++) {
            if (values[u].length != length) {
                return "result of round "
                        + tr.round()
                        + ": value "
                        + u
                        + " has "
                        + values[u].length
                        + " numbers, the task's kind and model need "
                        + length;
            }
            if (finiteX) {
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
        int i = slot(round);
        if (i < 0) {
            return "result for round "
                    + round
                    + ", which this stream was not sent (or is older than the last "
                    + REMEMBERED_ROUNDS
                    + " rounds it was)";
        }
        if (answeredOf[i]) {
            return "a second result for round " + round;
        }
        if (r.getValuesCount() == 0) {
            return "result of round " + round + " has no values";
        }
        if (r.getValuesCount() != unitsOf[i]) {
            return "result of round "
                    + round
                    + " has "
                    + r.getValuesCount()
                    + " values for a task of "
                    + unitsOf[i]
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
