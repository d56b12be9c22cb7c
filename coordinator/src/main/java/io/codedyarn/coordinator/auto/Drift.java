package io.codedyarn.coordinator.auto;

import io.codedyarn.placement.Plan;
import java.util.Arrays;

/**
 * A change of regime inside the window (a node that slows down or recovers mid-run): when the code
 * in use replays more than {@value #FACTOR}× slower, or faster, over the window's newer half than
 * over its older half, the older half describes a cluster that is gone, so the decision looks at
 * the newer half alone. Without this the split-half test, which guards against noise, vetoed every
 * switch for a window's length after the change (scenario c-early: two workers 4× slow from round
 * 15 were never answered).
 */
final class Drift {
    static final double FACTOR = 1.25;

    private Drift() {}

    /** The rounds of {@code window} a decision should weigh. */
    static double[][] recent(Plan current, double[][] window) {
        int half = window.length / 2;
        if (half < 2) {
            return window;
        }
        double older = Replay.meanRound(current, window, 0, half);
        double newer = Replay.meanRound(current, window, half, window.length);
        boolean changed = newer > FACTOR * older || older > FACTOR * newer;
        return changed ? Arrays.copyOfRange(window, half, window.length) : window;
    }
}
