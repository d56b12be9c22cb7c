package io.codedyarn.repro.placement;

import java.util.List;

/**
 * A paper's headline numbers, recomputed by our code (schemes, latency models, simulators,
 * analytical models). Pure and seeded: the same seed gives the same numbers.
 */
public interface Reproduction {

    /** Short id used on the command line: bcc, gc-dc, lagc, hetero-gc, dsag. */
    String id();

    /** The paper, as cited in the report. */
    String title();

    /**
     * Recomputes every number. {@code scale} in (0, 1] shrinks runs/iterations for quick checks.
     */
    List<ReproducedNumber> run(long seed, double scale);

    /**
     * Departures of the whole section's setup from the paper's (data, cluster, scale), each with
     * its reason: every row of the section carries them, so no row of a deviating setup says
     * "none".
     */
    default List<String> setupDeviations() {
        return List.of();
    }

    /** Extra Markdown after the table (e.g. a full table the paper plots); empty by default. */
    default String extraMarkdown(long seed) {
        return "";
    }
}
