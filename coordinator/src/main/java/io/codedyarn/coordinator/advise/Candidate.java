package io.codedyarn.coordinator.advise;

import io.codedyarn.placement.Plan;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.Training;
import io.codedyarn.placement.scheme.Schemes;
import java.util.List;

/**
 * One scheme with one choice of its parameters, as {@code advise} weighs it.
 *
 * @param scheme the scheme's CLI name
 * @param params its plan flags (workers and seed included)
 * @param parameters the choice in words, e.g. {@code s=1} or {@code w=3, p=2}
 * @param flags the {@code train} flags that reproduce the choice (after {@code --workers N})
 */
public record Candidate(String scheme, SchemeParams params, String parameters, List<String> flags) {
    public Candidate {
        flags = List.copyOf(flags);
    }

    /** The plan (throws {@code InvalidParametersException} when the scheme refuses the params). */
    public Plan plan() {
        return Schemes.byName(scheme).place(params, Seeds.generator(params.seed()));
    }

    /**
     * Whether every round yields the exact gradient, so that the iterates, and with them the
     * iterations to a target, do not depend on the scheme: decoded schemes except fastest-k. Lazy
     * (LAG family) and asynchronous (SAG, DSAG) schemes and fastest-k take other iterates.
     */
    public boolean exact(Plan plan) {
        return !scheme.equals("fastest-k")
                && Schemes.byName(scheme).training(plan) instanceof Training.Decoded;
    }
}
