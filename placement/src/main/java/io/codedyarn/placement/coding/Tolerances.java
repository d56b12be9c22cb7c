package io.codedyarn.placement.coding;

/** Named numerical tolerances, shared by decoders, verification and tests. */
public final class Tolerances {
    private Tolerances() {}

    /**
     * Largest ‖B_Fᵀa − 1‖_∞ accepted as "consistent". Decoding errors scale as cond · ε, so with
     * the condition-number cap below a consistent system has a residual ≤ ~1e-11.
     */
    public static final double DECODE_RESIDUAL = 1e-8;

    /** The largest relative error {@code plan --verify} accepts between decoded and exact sum. */
    public static final double VERIFY_RELATIVE_ERROR = 1e-9;

    /**
     * Redraw a random code when any checked responder pattern has a larger condition number. The
     * decoded error is about cond · 1e-16, so 1e5 keeps it at 1e-11, two orders below {@link
     * #VERIFY_RELATIVE_ERROR}.
     */
    public static final double MAX_CONDITION = 1e5;
}
