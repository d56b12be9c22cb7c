package io.codedyarn.coordinator.auto;

import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.coordinator.trace.IterationRecord;

/**
 * How many rounds the run has left, for pricing a move. With {@code --target-gap} and a reference:
 * the rounds until the gap's recent log-linear trend reaches the target, or, before there is a
 * falling trend, as many rounds as have run (the run is as likely to be early as late: an early
 * guess of the iteration budget made an embedded run move data at round 3 that it never earned
 * back). Without a target: the iteration budget left. Never past the budget, and at most {@value
 * #CAP}: beyond that every move pays anyway.
 */
final class RoundsLeft {
    static final int CAP = 1000;
    private static final int TREND = 5;

    private final TrainSpec spec;
    private final double[] logGaps = new double[TREND];
    private int seen;
    private long lastIteration = -1;

    RoundsLeft(TrainSpec spec) {
        this.spec = spec;
    }

    /** Takes the run's last round (once per round; null before the first). */
    void observe(IterationRecord last) {
        if (last == null || last.iteration() == lastIteration || last.trial()) {
            return;
        }
        lastIteration = last.iteration();
        if (last.gap() > 0 && Double.isFinite(last.gap())) {
            logGaps[seen++ % TREND] = Math.log(last.gap());
        }
    }

    /** The estimate before round {@code iteration}. */
    double estimate(long iteration) {
        double budget = Math.max(1, spec.iterations() - iteration);
        double target = spec.targetGap();
        int k = Math.min(seen, TREND);
        if (target > 0) {
            double rounds = Math.max(1, iteration); // no trend yet
            if (k >= 3) {
                double newest = logGaps[(seen - 1) % TREND];
                double oldest = logGaps[(seen - k) % TREND];
                double slope = (newest - oldest) / (k - 1);
                if (slope < 0) {
                    rounds = Math.max(1, (Math.log(target) - newest) / slope);
                }
            }
            budget = Math.min(budget, rounds);
        }
        return Math.min(budget, CAP);
    }
}
