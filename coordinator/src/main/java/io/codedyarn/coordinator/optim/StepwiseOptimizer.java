package io.codedyarn.coordinator.optim;

/**
 * An optimiser the caller drives: evaluate [F, ∇F] at {@link #point()}, then {@link #tell} gives
 * the next state. Implementations are immutable values: {@code tell} leaves {@code this} unchanged,
 * so any state can be kept (checkpointed) and resumed later with the same result.
 *
 * <p>Loop: {@code while (!s.finished()) { double[] x = s.point(); s = s.tell(f(x)); }}, stopped
 * from outside after as many rounds as wanted.
 */
public interface StepwiseOptimizer {
    /**
     * The point whose [F, ∇F] is needed next (a fresh copy).
     *
     * @throws IllegalStateException when {@link #finished()}
     */
    double[] point();

    /**
     * The next state, given fg = [F, ∇F_1, …, ∇F_d] at {@link #point()} (read, not kept).
     *
     * @throws IllegalStateException when {@link #finished()}
     * @throws IllegalArgumentException when fg does not have length 1 + d
     */
    StepwiseOptimizer tell(double[] fg);

    /**
     * No further evaluation is useful: exactly when the loop-owning twin's {@code minimize} returns
     * under {@code Termination(Integer.MAX_VALUE, 0)} (‖∇F‖ = 0 or NaN at the iterate, or, for
     * L-BFGS, a line search failed after a restart or with empty memory).
     */
    boolean finished();

    /**
     * Whether the point told last became an iterate (false before the first tell, and for a
     * line-search trial that was rejected or that only narrowed the bracket). The first evaluation,
     * at x0, is an iterate.
     */
    boolean lastWasIterate();

    /**
     * The current iterate x_k (a fresh copy; x0 before the first tell) — the point {@code minimize}
     * would return now. For Nesterov that is y, where the gradient was last evaluated.
     */
    double[] iterate();

    /** Iterations (updates of the iterate) completed so far, as {@code Result.iterations()}. */
    int iterations();

    /** Evaluations told so far, as {@code Result.evaluations()}. */
    int evaluations();
}
