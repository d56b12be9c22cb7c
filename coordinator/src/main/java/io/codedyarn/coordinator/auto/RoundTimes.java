package io.codedyarn.coordinator.auto;

import java.util.Arrays;

/**
 * When the last rounds began (the run's clock at each boundary between rounds), to measure the wall
 * seconds per round a code really took: replays count only the workers' service times until a round
 * decodes, a measured round also the AM's share (decoding, the optimizer's step, messages).
 */
final class RoundTimes {
    private final long[] iteration;
    private final double[] at;

    RoundTimes(int capacity) {
        iteration = new long[capacity];
        Arrays.fill(iteration, -1);
        at = new double[capacity];
    }

    /** Round {@code it} begins at {@code now} seconds. */
    void mark(long it, double now) {
        int slot = (int) (it % iteration.length);
        iteration[slot] = it;
        at[slot] = now;
    }

    /** Mean wall seconds per round over rounds [from, to); NaN unless both boundaries are known. */
    double perRound(long from, long to) {
        if (from < 0 || to <= from) {
            return Double.NaN;
        }
        int a = (int) (from % iteration.length);
        int b = (int) (to % iteration.length);
        if (iteration[a] != from || iteration[b] != to) {
            return Double.NaN;
        }
        return (at[b] - at[a]) / (to - from);
    }
}
