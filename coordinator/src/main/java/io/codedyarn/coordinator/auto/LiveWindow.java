package io.codedyarn.coordinator.auto;

import io.codedyarn.coordinator.stats.Medians;
import java.util.Arrays;

/**
 * The last rounds' measured service times per unit of load, per worker: the live trace that auto
 * replays through each candidate code ({@link WindowReplay}). A row per round tag, holding the
 * newest {@code capacity} rounds; a result that comes after its round was decoded is still timed
 * into its round's row (a straggler's time is what matters most). A worker with no time in a round
 * (its task was dropped unstarted, it was dead, its result never came) gets its median over the
 * window, as {@code advise} fills a recorded trace's gaps.
 */
final class LiveWindow {
    private final int workers;
    private final int capacity;
    private final long[] round;
    private final double[][] perUnit;
    private long newest = -1;
    private int head = -1; // the newest round's slot

    LiveWindow(int workers, int capacity) {
        if (capacity < 2) {
            throw new IllegalArgumentException("a window needs >= 2 rounds, got " + capacity);
        }
        this.workers = workers;
        this.capacity = capacity;
        this.round = new long[capacity];
        Arrays.fill(round, -1);
        this.perUnit = new double[capacity][workers];
    }

    /**
     * Worker w took {@code seconds} for {@code load} units of round {@code r}'s task. Rounds are
     * kept by their tags in order, the newest {@code capacity} of them: tags need not be
     * consecutive (a backup task takes a tag of its own within a round, and is not timed here).
     */
    void record(long r, int worker, double seconds, double load) {
        if (!(load > 0) || !(seconds >= 0) || r < 0) {
            return; // no work measured
        }
        int slot;
        if (r > newest) {
            head = (head + 1) % capacity;
            slot = head;
            round[slot] = r;
            Arrays.fill(perUnit[slot], Double.NaN);
            newest = r;
        } else {
            slot = slotOf(r);
            if (slot < 0) {
                return; // older than the window
            }
        }
        perUnit[slot][worker] = seconds / load;
    }

    private int slotOf(long r) {
        for (int slot = 0; slot < capacity; slot++) {
            if (round[slot] == r) {
                return slot;
            }
        }
        return -1;
    }

    /** Forgets everything (after a replacement changed who a worker is, for instance). */
    void forget(int worker) {
        for (double[] row : perUnit) {
            row[worker] = Double.NaN;
        }
    }

    /**
     * The window's rounds, oldest first, [round][worker] seconds per unit, gaps filled with each
     * worker's median; rounds where nobody was timed are left out. Null when fewer than {@code
     * minRounds} rounds remain or some worker was never timed.
     */
    double[][] matrix(int minRounds) {
        int[] order = new int[capacity];
        int rows = 0;
        for (int k = 1; k <= capacity; k++) { // oldest first: the slot after the newest's
            int slot = (head + k) % capacity;
            if (round[slot] >= 0 && anyTimed(perUnit[slot])) {
                order[rows++] = slot;
            }
        }
        if (rows < minRounds) {
            return null;
        }
        double[][] out = new double[rows][];
        for (int i = 0; i < rows; i++) {
            out[i] = perUnit[order[i]].clone();
        }
        for (int w = 0; w < workers; w++) {
            double[] column = new double[rows];
            int k = 0;
            for (double[] row : out) {
                if (!Double.isNaN(row[w])) {
                    column[k++] = row[w];
                }
            }
            if (k == 0) {
                return null;
            }
            double median = Medians.of(Arrays.copyOf(column, k));
            for (double[] row : out) {
                if (Double.isNaN(row[w])) {
                    row[w] = median;
                }
            }
        }
        return out;
    }

    private static boolean anyTimed(double[] row) {
        for (double x : row) {
            if (!Double.isNaN(x)) {
                return true;
            }
        }
        return false;
    }
}
