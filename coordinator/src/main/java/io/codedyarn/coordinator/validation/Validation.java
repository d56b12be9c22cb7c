package io.codedyarn.coordinator.validation;

/**
 * What a run does with held-out rows, fixed before it starts: the rows, how often they are scored
 * ({@code --validation-every K}: every K-th iterate, the first included) and the early stop's
 * patience ({@code --early-stop P}: 0 for none). Each run makes its own {@link ValidationCheck}
 * from it.
 */
public record Validation(HeldOutRows rows, int every, int patience) {
    public Validation {
        java.util.Objects.requireNonNull(rows);
        if (every < 1) {
            throw new IllegalArgumentException("--validation-every must be >= 1, got " + every);
        }
        if (patience < 0) {
            throw new IllegalArgumentException("--early-stop must be >= 0, got " + patience);
        }
    }
}
