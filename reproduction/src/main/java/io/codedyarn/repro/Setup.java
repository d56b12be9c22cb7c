package io.codedyarn.repro;

import java.util.Locale;

/**
 * The "Setup:" paragraph that opens every training reproduction's prose, in one shape: what we ran
 * (workers, data, latency, realizations, when runs stop), what the paper ran, and how the tables
 * are read. Each part is a {@link String#format} pattern with its arguments already applied.
 *
 * @param ours our setting, e.g. "49 in-process workers, higgs-like 19600 × 28, ..."
 * @param paper the paper's setting, e.g. "HIGGS 11·10⁶ × 28 on eX3 (N = 49), 5 runs"
 * @param reading how to read the tables (full sentences, ending in a period)
 */
record Setup(String ours, String paper, String reading) {

    /**
     * The reading of a "time to gap" column whose runs log the method's own estimate of the gap
     * (SGD, SAG, DSAG): a time counts only when the exact gap of the final model agrees.
     */
    static final String LOGGED_GAP_TIMES =
            "Times are simulated seconds until the logged gap (the method's own estimate) reaches"
                    + " the target, counted only when the exact gap of the final model is also below"
                    + " it (– otherwise).";

    /** {@code String.format(Locale.ROOT, pattern, args)}: the parts' formatting. */
    static String f(String pattern, Object... args) {
        return String.format(Locale.ROOT, pattern, args);
    }

    /** The paragraph, followed by a blank line. */
    String markdown() {
        return "Setup: " + ours + ". Paper: " + paper + ". " + reading + "\n\n";
    }
}
