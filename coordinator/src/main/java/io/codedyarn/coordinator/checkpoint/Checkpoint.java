package io.codedyarn.coordinator.checkpoint;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;

/**
 * A training run's state between two rounds: enough to continue it as if it had not stopped.
 *
 * <p>The header fields say which job it belongs to ({@link Identity}) and where it stands; {@code
 * state} is the body the coordinator writes and reads back: the iteration log and events so far,
 * the best model, the family's optimiser state (L-BFGS pairs and line search, Nesterov's momentum,
 * the step size), the method's state (SAG/DSAG cache, the lazy trigger's history, GC-DC's straggler
 * prediction) and the cluster's (the simulated latency model's position).
 *
 * @param source where it was read from (a file name, for errors); empty when built in memory
 * @param identity the job it belongs to
 * @param iteration rounds done ({@code iterations.csv} rows); the next round's index
 * @param elapsedNanos coordinator nanoseconds of training so far (the resumed run's clock starts
 *     there, so {@code seconds} continues)
 * @param rounds round tags handed out so far (results carry them; resumed tags continue after)
 * @param state the coordinator's body (opaque outside the coordinator)
 */
public record Checkpoint(
        String source,
        Identity identity,
        long iteration,
        long elapsedNanos,
        long rounds,
        JsonNode state) {
    public Checkpoint {
        source = source == null ? "" : source;
        Objects.requireNonNull(identity, "identity");
        Objects.requireNonNull(state, "state");
    }

    /** This checkpoint as read from {@code file}. */
    public Checkpoint from(String file) {
        return new Checkpoint(file, identity, iteration, elapsedNanos, rounds, state);
    }

    /**
     * What must match between a checkpoint and the job resuming from it. A mismatch is refused with
     * the field's name ({@link #check}).
     *
     * @param scheme the plan's scheme
     * @param workload lr, lsq or pca
     * @param optimizer the update rule (lbfgs, gd, nesterov, power, sag, lazy)
     * @param seed the run's seed (the plan, the generators)
     * @param workers N
     * @param partitions the plan's K
     * @param rows n of the dataset
     * @param cols d of the dataset (before the intercept)
     * @param modelLength the model vector's length
     * @param data the dataset's location as given ({@code --data}; empty: the built-in one, or not
     *     known, as on YARN)
     */
    public record Identity(
            String scheme,
            String workload,
            String optimizer,
            long seed,
            int workers,
            int partitions,
            long rows,
            int cols,
            int modelLength,
            String data) {
        public Identity {
            data = data == null ? "" : data;
        }

        /**
         * Refuses a checkpoint of another job.
         *
         * @param source the checkpoint's file, named in the error
         * @param mine this job's identity
         * @throws InvalidCheckpointException naming the file and the first differing field
         */
        public void check(String source, Identity mine) throws InvalidCheckpointException {
            diff(source, "scheme", scheme, mine.scheme);
            diff(source, "workload", workload, mine.workload);
            diff(source, "optimizer", optimizer, mine.optimizer);
            diff(source, "seed", seed, mine.seed);
            diff(source, "workers", workers, mine.workers);
            diff(source, "partitions", partitions, mine.partitions);
            diff(source, "rows", rows, mine.rows);
            diff(source, "cols", cols, mine.cols);
            diff(source, "modelLength", modelLength, mine.modelLength);
            if (!data.isEmpty() && !mine.data.isEmpty()) {
                // compared when both name their dataset: a YARN attempt knows only the placed
                // copy, and rows, cols and partitions above already tell most datasets apart
                diff(source, "data", data, mine.data);
            }
        }

        private static void diff(String source, String field, Object theirs, Object mine)
                throws InvalidCheckpointException {
            if (!theirs.equals(mine)) {
                throw new InvalidCheckpointException(
                        source,
                        "identity." + field,
                        "belongs to another job: "
                                + field
                                + " is "
                                + theirs
                                + " there, "
                                + mine
                                + " in this job");
            }
        }
    }
}
