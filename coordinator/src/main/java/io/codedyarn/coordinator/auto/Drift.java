package io.codedyarn.coordinator.auto;

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

    /**
     * Whether the code in use changed pace between the window's halves: {@code older} and {@code
     * newer} are its mean replayed rounds over them.
     */
    static boolean changed(double older, double newer) {
        return newer > FACTOR * older || older > FACTOR * newer;
    }
}
