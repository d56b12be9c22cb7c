package io.codedyarn.placement.method;

/**
 * DSAG's waiting rule for one iteration (§V-A and the reference pool {@code asyncmap!}), the one
 * object the coordinator's SAG/DSAG rounds and both simulators ({@code sim.AsyncRoundSimulator},
 * {@code loadbalance.EventDrivenSimulator}) drive, with one grace convention (a fraction): wait
 * until w results computed at the CURRENT iterate ("fresh") have arrived, then keep collecting for
 * a grace window of 2 % of the elapsed time:
 *
 * <pre>
 *   L        = elapsed time at the w-th fresh arrival (measured from the start of the iteration,
 *              i.e. right after the iterate was sent)
 *   deadline = (1 + grace)·L       grace = 0.02
 *   DONE once elapsed ≥ deadline, or once no worker is busy any more
 * </pre>
 *
 * Stale results never count toward w (digest §7 item 4). The class is pure: it reads no clock;
 * every time is an elapsed time since the iteration started, in any unit (the caller's choice), and
 * times passed in must not decrease within an iteration.
 *
 * <p>Example: w = 2, fresh arrivals at 1.0 and 5.0 → after the second, IN_GRACE with deadline 5.1;
 * at 5.05 still IN_GRACE; at 5.1 DONE.
 */
public final class RoundGate {

    public enum Status {
        /** Fewer than w fresh results so far. */
        NOT_YET,
        /** w fresh results are in; keep collecting until {@link Decision#deadline()}. */
        IN_GRACE,
        /** Stop waiting and step. */
        DONE
    }

    /** A decision; {@code deadline} is the grace deadline (NaN while NOT_YET). */
    public record Decision(Status status, double deadline) {}

    /** The grace fraction of the paper and the reference: 2 %. */
    public static final double DEFAULT_GRACE = 0.02;

    private final int w;
    private final double grace;
    private int fresh;
    private double lastTime;
    private double deadline = Double.NaN;

    public RoundGate(int w) {
        this(w, DEFAULT_GRACE);
    }

    public RoundGate(int w, double grace) {
        if (w < 1) {
            throw new IllegalArgumentException("w must be >= 1, got " + w);
        }
        if (!(grace >= 0) || !Double.isFinite(grace)) {
            throw new IllegalArgumentException("grace must be finite and >= 0, got " + grace);
        }
        this.w = w;
        this.grace = grace;
    }

    /** Starts a new iteration: no fresh result yet, elapsed time 0. */
    public void reset() {
        fresh = 0;
        lastTime = 0;
        deadline = Double.NaN;
    }

    /**
     * Records a result arriving at {@code elapsed}; only fresh ones count toward w. Returns the
     * decision right after it, assuming some worker is still busy.
     */
    public Decision onArrival(double elapsed, boolean isFresh) {
        advance(elapsed);
        if (isFresh) {
            fresh++;
            if (fresh == w) {
                deadline = (1.0 + grace) * elapsed; // L = elapsed at the w-th fresh arrival
            }
        }
        return decide(elapsed, true);
    }

    /** The decision at {@code elapsed} with no new arrival. */
    public Decision decide(double elapsed, boolean anyWorkerBusy) {
        advance(elapsed);
        if (fresh < w) {
            // Nothing to do but wait; with no busy worker the caller has tasked too few workers.
            return new Decision(Status.NOT_YET, Double.NaN);
        }
        if (elapsed >= deadline || !anyWorkerBusy) {
            return new Decision(Status.DONE, deadline);
        }
        return new Decision(Status.IN_GRACE, deadline);
    }

    /**
     * Whether a result arriving at {@code elapsed} still belongs to this round: always before the
     * w-th fresh result, then while {@code elapsed ≤ deadline} (a result exactly at the deadline
     * counts: the coordinator's event source delivers events due at the deadline before it reports
     * the deadline passed). The simulators stop collecting where this turns false.
     */
    public boolean collects(double elapsed) {
        return fresh < w || elapsed <= deadline;
    }

    public int freshCount() {
        return fresh;
    }

    public int w() {
        return w;
    }

    private void advance(double elapsed) {
        if (!(elapsed >= lastTime) || !Double.isFinite(elapsed)) {
            throw new IllegalArgumentException(
                    "elapsed times must be finite and non-decreasing: "
                            + elapsed
                            + " after "
                            + lastTime);
        }
        lastTime = elapsed;
    }
}
