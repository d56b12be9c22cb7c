package io.codedyarn.repro.placement;

/**
 * A row's agreement with its paper, as the document's verdict column shows it: derived from the
 * check against the published value ({@link ReproducedNumber#agreesWithPaper}) and the row's
 * declared deviations, never typed by hand.
 */
public enum Verdict {
    /** The paper prints this number (or bound), ours agrees, and the setup is the paper's. */
    REPRODUCED("reproduced"),
    /** Ours agrees with the paper's number, but the setup deviates (the deviations cell). */
    REPRODUCED_WITH_DEVIATION("reproduced, declared deviation"),
    /** The paper's number lies outside the tolerance; the deviations cell gives the reason. */
    NOT_REPRODUCED("not reproduced"),
    /**
     * The paper prints no number for this row (a curve whose values were not printed, a claim
     * without a figure, or our own supporting analysis of a figure): only the setting is
     * reproduced.
     */
    PARTLY("partly");

    /**
     * Standard errors in the tolerance |ours − paper| ≤ Z·s.e. + reading error: with a fixed seed
     * the check is deterministic; 3 standard errors keep a correct reproduction's row agreeing with
     * probability ≥ 99.7 %, while a bias of a few standard errors does not.
     */
    public static final double Z = 3;

    private final String label;

    Verdict(String label) {
        this.label = label;
    }

    /** As the document prints it. */
    public String label() {
        return label;
    }

    /** The verdict of a row: the check's result, then whether the setup deviates. */
    static Verdict of(ReproducedNumber n) {
        if (Double.isNaN(n.paper())) {
            return PARTLY;
        }
        if (!n.agreesWithPaper()) {
            return NOT_REPRODUCED;
        }
        return n.deviation().isEmpty() ? REPRODUCED : REPRODUCED_WITH_DEVIATION;
    }
}
