package io.codedyarn.coordinator;

import io.codedyarn.placement.Plan;
import io.codedyarn.placement.Scheme;
import io.codedyarn.placement.scheme.Schemes;

/** The one place that maps a scheme's {@link Scheme.Training} to its {@link Family}. */
final class Families {
    private Families() {}

    /** The family a plan trains with (its scheme's {@link Scheme#training()}). */
    static Scheme.Training training(Plan plan) {
        return Schemes.byName(plan.scheme()).training();
    }

    /** The family object for a run; {@code balance}: DSAG load balancing. */
    static Family create(RunState run, DecodeGate decodeGate, boolean balance) {
        return switch (training(run.plan)) {
            case DECODED -> new DecodedFamily(run, decodeGate);
            case LAZY ->
                    new LazyFamily(run, decodeGate, LazyFamily.Parameters.of(run.plan.scheme()));
            case ASYNCHRONOUS -> new AsyncFamily(run, decodeGate, balance);
        };
    }
}
