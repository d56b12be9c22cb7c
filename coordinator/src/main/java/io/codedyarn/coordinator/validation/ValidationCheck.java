package io.codedyarn.coordinator.validation;

import io.codedyarn.coordinator.round.RunState;
import io.codedyarn.coordinator.round.Step;
import io.codedyarn.coordinator.round.Stop;
import io.codedyarn.coordinator.trace.IterationRecord;
import io.codedyarn.coordinator.trace.ValidationRecord;
import java.util.Locale;
import java.util.Optional;

/**
 * When the held-out rows are scored and when they stop the run. After a round is recorded: if its
 * point is an iterate (not an L-BFGS line-search trial) whose index is a multiple of {@code every},
 * the metrics of {@link HeldOutRows} at that point become a {@code validation.csv} row. With {@code
 * patience} P &gt; 0, the run stops ({@link Stop#EARLY_STOP}, an {@code early-stop} row of {@code
 * events.csv}) after P evaluations in a row whose loss is not below the best one so far. The model
 * the run returns is unchanged by this: its best exactly evaluated iterate on the training
 * objective, as for any other stop.
 *
 * <p>Cost: one pass over the held-out rows per evaluation, on the coordinator's thread between two
 * rounds (m·d multiply-adds: 10⁵ rows × 30 columns is a few milliseconds). A resumed run starts its
 * patience afresh.
 */
public final class ValidationCheck {
    private final HeldOutRows rows;
    private final int every;
    private final int patience;
    private double best = Double.POSITIVE_INFINITY;
    private long bestIteration = -1;
    private int worse;

    private ValidationCheck(Validation v) {
        this.rows = v.rows();
        this.every = v.every();
        this.patience = v.patience();
    }

    /**
     * A fresh check of {@code v} for a run whose training data has {@code cols} stored columns;
     * null when {@code v} is.
     *
     * @throws IllegalArgumentException when the held-out rows have other columns
     */
    public static ValidationCheck of(Validation v, int cols) {
        if (v == null) {
            return null;
        }
        if (v.rows().cols() != cols) {
            throw new IllegalArgumentException(
                    "the validation data has "
                            + v.rows().cols()
                            + " columns, the training data "
                            + cols);
        }
        return new ValidationCheck(v);
    }

    /** Scores the round {@code run} just recorded, when it is due; the stop it calls for. */
    public Optional<Stop> after(RunState run, Step step) {
        IterationRecord r = run.last();
        if (r == null || step.trial() || r.iterate() % every != 0) {
            return Optional.empty();
        }
        double[] values = rows.at(step.point());
        run.validation(new ValidationRecord(r.iteration(), r.seconds(), rows.names(), values));
        double loss = values[0];
        if (loss < best) {
            best = loss;
            bestIteration = r.iteration();
            worse = 0;
            return Optional.empty();
        }
        worse++;
        if (patience == 0 || worse < patience) {
            return Optional.empty();
        }
        run.decisions.add(
                r.iteration(),
                r.seconds(),
                -1,
                "early-stop",
                String.format(
                        Locale.ROOT,
                        "held-out %s %.6g, not below its best %.6g (iteration %d) for %d"
                                + " evaluations",
                        rows.names().get(0),
                        loss,
                        best,
                        bestIteration,
                        worse),
                "--early-stop " + patience + ": training stops");
        return Optional.of(Stop.EARLY_STOP);
    }
}
