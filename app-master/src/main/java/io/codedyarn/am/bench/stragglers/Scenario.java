package io.codedyarn.am.bench.stragglers;

import io.codedyarn.placement.InvalidParametersException;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.IntFunction;
import java.util.stream.Collectors;

/**
 * The injected slowness of one {@code bench stragglers} scenario (issue 15 §4), as a {@code
 * --straggle} spec for N workers. Worker ids are 0-based; {@code node=1} is the NodeManager with
 * index 1 among the running ones sorted by name (on the simulated cluster: workers w with w mod 3 =
 * 1).
 */
public enum Scenario {
    /** DSAG's ramp (F = 0.4) times two workers 3× slow: persistent heterogeneity. */
    A(
            "ramp:factor=0.4 plus workers 0 and N/2 3x slow (persistent heterogeneity)",
            n -> "ramp:factor=0.4+slow:factor=3,workers=0/" + n / 2),
    /** Two-state Markov bursts on every worker: ×4 in a burst, 1/6 of the time, ≈ 4 rounds long. */
    B(
            "Markov bursts on every worker: enter 0.05, leave 0.25, x4 in a burst",
            n -> "markov:enter=0.05,leave=0.25,factor=4"),
    /** Two workers become 4× slow at iteration 50 (DSAG Fig. 7's switch). */
    C(
            "workers 0 and N/2 become 4x slow at iteration 50",
            n -> "switch:at=50,factor=4,workers=0/" + n / 2),
    /** One NodeManager 5× slow for the whole run: what exclusion and replacement fix. */
    D("every worker of NodeManager 1 5x slow for the whole run", n -> "slow:factor=5,node=1"),
    /** No injected slowness: the reference for (d)'s recovery target. */
    NONE("no injected slowness", n -> "none");

    private final String description;
    private final IntFunction<String> straggle;

    Scenario(String description, IntFunction<String> straggle) {
        this.description = description;
        this.straggle = straggle;
    }

    /** The {@code --straggle} spec of this scenario for {@code workers} workers. */
    public String straggle(int workers) {
        return straggle.apply(workers);
    }

    public String description() {
        return description;
    }

    /** The CLI name: a, b, c, d or none. */
    public String cliName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * @throws InvalidParametersException naming {@code --scenario} for an unknown name
     */
    public static Scenario parse(String name) {
        for (Scenario s : values()) {
            if (s.cliName().equals(name.trim().toLowerCase(Locale.ROOT))) {
                return s;
            }
        }
        throw new InvalidParametersException(
                "--scenario",
                "unknown scenario '"
                        + name
                        + "'; known: "
                        + Arrays.stream(values())
                                .map(Scenario::cliName)
                                .collect(Collectors.joining(", ")));
    }
}
