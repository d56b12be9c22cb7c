package io.codedyarn.coordinator.optim;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * The step-wise optimiser an exact-gradient run asks for ({@code --optimizer}): parsed once where
 * the name enters (the command line, {@code job.json}) and written back as the same name.
 */
public enum Optimizer {
    GD,
    NESTEROV,
    LBFGS;

    /** The {@code --optimizer} name (also its form in {@code job.json}). */
    @JsonValue
    public String cliName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The optimiser named {@code name}; null for null (the method's own update).
     *
     * @throws IllegalArgumentException naming {@code --optimizer} and the names it takes
     */
    @JsonCreator
    public static Optimizer parse(String name) {
        if (name == null) {
            return null;
        }
        for (Optimizer o : values()) {
            if (o.cliName().equals(name)) {
                return o;
            }
        }
        throw new IllegalArgumentException(
                "--optimizer: unknown '" + name + "' (gd, nesterov, lbfgs)");
    }

    @Override
    public String toString() {
        return cliName();
    }
}
