package io.codedyarn.coordinator;

import io.codedyarn.compute.task.Task;
import io.codedyarn.coordinator.adapt.Adapter;
import io.codedyarn.coordinator.adapt.PlanStep;
import io.codedyarn.coordinator.checkpoint.Checkpoint;
import io.codedyarn.coordinator.round.Aggregator;
import io.codedyarn.coordinator.round.DecodeGate;
import io.codedyarn.coordinator.round.Family;
import io.codedyarn.coordinator.round.RoundDriver;
import io.codedyarn.coordinator.round.RunAborted;
import io.codedyarn.coordinator.round.RunState;
import io.codedyarn.coordinator.round.Step;
import io.codedyarn.coordinator.round.Stop;
import io.codedyarn.coordinator.round.WorkerChange;
import io.codedyarn.coordinator.validation.ValidationCheck;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The coordinator's one training loop. Each pass is one round:
 *
 * <ol>
 *   <li>adapt: the {@link Adapter} measures, excludes nodes and replaces workers; the {@link
 *       PlanStep} re-plans from measured speeds ({@code --speeds auto}) or picks the code ({@code
 *       --scheme auto});
 *   <li>assign tasks and send them ({@link Family#begin});
 *   <li>accept arrivals until the family's {@link Aggregator} says enough (or its deadline passes);
 *       when it says the round stalled, answer the failures at once and wait for a replacement
 *       ({@link RoundDriver});
 *   <li>estimate and step the optimiser ({@link Family#step});
 *   <li>record the round ({@link RunState#record}) and score the held-out rows when due ({@link
 *       ValidationCheck});
 *   <li>check the stopping rules: stopping is the returned {@link Stop}, never an exception.
 * </ol>
 *
 * Between two passes the whole state (the family's optimiser value, its aggregator, the log) is at
 * rest on this thread.
 */
public final class RoundLoop {
    private final RunState run;
    private final Family family;
    private final Adapter adapter;
    private final PlanStep replanner;
    private final List<WorkerChange> heldForAdapter = new ArrayList<>();
    private final List<WorkerChange> heldForReplanner = new ArrayList<>();
    private final Checkpoints checkpoints;
    private final DecodeGate gate;
    private final Checkpoint resume;
    private final RoundDriver driver;
    private final ValidationCheck validation;
    private long nextCheck; // iteration from which an estimated target gap is checked again
    private int checkInterval = 1;

    /**
     * @param replanner re-plans from measured speeds ({@code --speeds auto}) or picks the code
     *     ({@code --scheme auto}); null for neither
     * @param checkpoints takes the checkpoints between rounds
     * @param gate the run's decode gate (its GC-DC state is checkpointed)
     * @param resume the checkpoint this run continues; null for a fresh run
     * @param validation scores held-out rows and may stop the run early; null: none
     */
    RoundLoop(
            RunState run,
            Family family,
            Adapter adapter,
            PlanStep replanner,
            Checkpoints checkpoints,
            DecodeGate gate,
            Checkpoint resume,
            ValidationCheck validation) {
        this.run = run;
        this.family = family;
        this.adapter = adapter;
        this.replanner = replanner;
        this.driver = new RoundDriver(run.engine, this::answerFailures);
        this.checkpoints = checkpoints;
        this.gate = gate;
        this.resume = resume;
        this.validation = validation;
    }

    /**
     * Runs the setup rounds (or restores the checkpoint it resumes), then rounds until a stopping
     * rule holds.
     */
    Stop run() throws InterruptedException, RunAborted {
        if (resume == null) {
            family.prepare(driver);
        } else {
            Checkpoints.restore(resume, run, family, gate);
            if (run.budgetSpent()) {
                return Stop.ITERATIONS; // resumed with no rounds left to run
            }
        }
        checkpoints.boundary(run);
        while (true) {
            adapt();
            if (family.finished()) {
                return Stop.CONVERGED;
            }
            Aggregator round = family.begin(run.iteration());
            if (!driver.collect(round, timeLimit())) {
                return Stop.TIME_LIMIT; // mid-round: the round's partial results are dropped
            }
            Step step = family.step();
            Optional<Stop> stop = run.record(step);
            if (validation != null) {
                Optional<Stop> early = validation.after(run, step); // scored even on the last
                stop = stop.or(() -> early);
            }
            if (stop.isEmpty() && run.estimateReachedTarget()) {
                stop = confirmTarget(step);
            }
            if (stop.isPresent()) {
                return stop.get();
            }
            checkpoints.afterRound(run, family, gate);
        }
    }

    /**
     * An estimated gap (SAG/DSAG's cache, SGD) reached {@code --target-gap}: an exact evaluation
     * round at the step's point decides, the first time the estimate gets there and then, while it
     * stays there, after 1, 2, 4 and then every {@value #MAX_CHECK_INTERVAL} iterations (each check
     * costs one round over all the data, so the checks cost at most one round in that many, and the
     * run stops at most that many iterations after the model reached the target).
     */
    private Optional<Stop> confirmTarget(Step step) throws InterruptedException, RunAborted {
        if (run.iteration() < nextCheck) {
            return Optional.empty();
        }
        double[] sums = gate.evaluate(-1, step.point(), Task.Kind.OBJECTIVE, driver).sum();
        Optional<Stop> stop =
                run.confirm(
                        step.point(),
                        run.metric.value(sums, step.point()),
                        run.metric.componentValues(sums, step.point(), run.components()),
                        checkInterval);
        nextCheck = run.iteration() + checkInterval;
        checkInterval = Math.min(2 * checkInterval, MAX_CHECK_INTERVAL);
        return stop;
    }

    /** The longest wait, in iterations, between two exact checks of an estimated target gap. */
    static final int MAX_CHECK_INTERVAL = 8;

    /**
     * A round stalled (the live workers cannot make it up): the {@link Adapter} answers its
     * failures at once (replacement requests); every other change waits for the boundary, where a
     * promotion cannot take a result the round still needs, and the {@link PlanStep} sees them all
     * there (it never re-plans mid-round).
     */
    private void answerFailures() {
        List<WorkerChange> drained = run.engine.drainChanges();
        List<WorkerChange> failed = new ArrayList<>();
        for (WorkerChange c : drained) {
            (c.kind() == WorkerChange.Kind.FAILED || c.kind() == WorkerChange.Kind.HUNG
                            ? failed
                            : heldForAdapter)
                    .add(c);
        }
        adapter.adapt(run.iteration(), failed);
        heldForReplanner.addAll(drained);
    }

    /** The driver of this loop's rounds (the final evaluation after the loop uses it too). */
    RoundDriver driver() {
        return driver;
    }

    /**
     * The adaptation step, between two rounds (its decisions take effect from the next one): the
     * {@link Adapter}, then the {@link PlanStep}, both seeing the workers' changes since the last
     * step.
     */
    private void adapt() {
        List<WorkerChange> changes = run.engine.drainChanges();
        heldForAdapter.addAll(changes);
        heldForReplanner.addAll(changes);
        adapter.adapt(run.iteration(), List.copyOf(heldForAdapter));
        if (replanner != null) {
            replanner.adapt(run.iteration(), List.copyOf(heldForReplanner));
        }
        heldForAdapter.clear();
        heldForReplanner.clear();
    }

    /**
     * Clock nanos at which {@code --time-limit} ends a round that waits (MAX_VALUE: none). Only
     * with liveness deadlines on, where a round may wait for a silent worker: a simulated round
     * always ends, and the round that crosses the limit is recorded (the reproductions' runs count
     * it), as {@link RunState#record} has always done.
     */
    private long timeLimit() {
        double limit = run.spec.timeLimitSeconds();
        return Double.isNaN(limit) || !run.engine.livenessOn()
                ? Long.MAX_VALUE
                : run.engine.nanosAt(limit);
    }
}
