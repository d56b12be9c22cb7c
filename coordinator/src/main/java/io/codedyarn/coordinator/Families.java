package io.codedyarn.coordinator;

import io.codedyarn.coordinator.async.AsyncFamily;
import io.codedyarn.coordinator.async.BalanceSchedule;
import io.codedyarn.coordinator.decoded.DecodedFamily;
import io.codedyarn.coordinator.lazy.LazyFamily;
import io.codedyarn.coordinator.lazy.LazySettings;
import io.codedyarn.coordinator.round.DecodeGate;
import io.codedyarn.coordinator.round.Family;
import io.codedyarn.coordinator.round.RunState;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.coordinator.ssp.SspFamily;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.Training;
import io.codedyarn.placement.scheme.Schemes;

/**
 * The one place that maps a plan's typed {@link Training} (declared by its scheme) to the round
 * {@link Family} that trains it, with the family's typed parameters.
 */
final class Families {
    private Families() {}

    /** How the plan trains, as its scheme declares it. */
    static Training training(Plan plan) {
        return Schemes.byName(plan.scheme()).training(plan);
    }

    /**
     * The family object for a run; {@code balance}: SAG/DSAG load balancing, solving on {@code
     * schedule}; {@code lazy}: the lazy family's ξ, D and F.
     */
    static Family create(
            RunState run,
            DecodeGate decodeGate,
            boolean balance,
            BalanceSchedule schedule,
            LazySettings lazy) {
        Training t = training(run.plan);
        if (t instanceof Training.Lazy l) {
            return new LazyFamily(run, decodeGate, LazyFamily.Parameters.of(l, lazy));
        }
        if (t instanceof Training.Asynchronous async) {
            return new AsyncFamily(
                    run,
                    decodeGate,
                    AsyncFamily.Parameters.of(run.spec, run.plan, async, balance, schedule));
        }
        if (t instanceof Training.StaleSynchronous ssp) {
            return new SspFamily(run, decodeGate, ssp);
        }
        return new DecodedFamily(run, decodeGate);
    }

    /**
     * Rejects what no family trains: lazy and SSP schemes with PCA, {@code --wait} above the
     * workers, {@code --optimizer} with a family that has its own update ({@link
     * Coordinator#validate}).
     */
    static void validate(TrainSpec spec, Plan plan) {
        io.codedyarn.placement.InvalidParametersException.require(
                !(training(plan) instanceof Training.Lazy
                        && spec.workload().cliName().equals("pca")),
                "--scheme",
                "%s (lazy aggregation) trains lr and lsq, not pca; use an exact scheme or dsag",
                plan.scheme());
        io.codedyarn.placement.InvalidParametersException.require(
                !(training(plan) instanceof Training.StaleSynchronous
                        && spec.workload().cliName().equals("pca")),
                "--scheme",
                "%s (stale synchronous parallel) trains lr and lsq, not pca; use an exact scheme"
                        + " or dsag",
                plan.scheme());
        io.codedyarn.placement.InvalidParametersException.require(
                spec.waitFor() <= plan.workers(),
                "--wait",
                "must be at most --workers (%d), got %d",
                plan.workers(),
                spec.waitFor());
        io.codedyarn.placement.InvalidParametersException.require(
                spec.optimizer() == null || training(plan) instanceof Training.Decoded,
                "--optimizer",
                "only applies to exact-gradient schemes; %s uses its own update",
                plan.scheme());
    }
}
