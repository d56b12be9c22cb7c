package io.codedyarn.coordinator.advise;

import java.util.List;

/**
 * What {@code advise} predicts for one {@link Candidate}.
 *
 * @param rank 1 = recommended; 0 = not ranked (no time to target could be predicted)
 * @param flags the {@code train} flags of the choice (after {@code --workers N})
 * @param exact whether its rounds yield the exact gradient ({@link Candidate#exact})
 * @param secondsPerIteration mean simulated round time over the trace's iterations
 * @param iterationsToTarget rounds to the target; NaN = unknown
 * @param secondsToTarget time to the target; NaN = unknown
 * @param undecodable simulated rounds that could not decode (left out of the mean)
 * @param note why a figure is missing, or how it was obtained
 */
public record Prediction(
        int rank,
        String scheme,
        String parameters,
        List<String> flags,
        boolean exact,
        double secondsPerIteration,
        double iterationsToTarget,
        double secondsToTarget,
        int undecodable,
        String note) {
    public Prediction {
        flags = List.copyOf(flags);
    }

    Prediction ranked(int r) {
        return new Prediction(
                r,
                scheme,
                parameters,
                flags,
                exact,
                secondsPerIteration,
                iterationsToTarget,
                secondsToTarget,
                undecodable,
                note);
    }
}
