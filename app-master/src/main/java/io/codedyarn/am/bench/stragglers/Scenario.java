package io.codedyarn.am.bench.stragglers;

import io.codedyarn.placement.InvalidParametersException;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.IntFunction;
import java.util.stream.Collectors;

/**
 * The slowness of one {@code bench stragglers} scenario. A to D (issue 15 §4) are injected by the
 * workers themselves, as a {@code --straggle} spec for N workers: worker ids are 0-based; {@code
 * node=1} is the NodeManager with index 1 among the running ones sorted by name (on the simulated
 * cluster: workers w with w mod 3 = 1). The lab scenarios (issue 26 §4) are made from outside the
 * product with {@code bin/lab} on a multi-host lab ({@link LabFault}; {@code --cluster yarn}).
 * {@code none} is the reference on every cluster.
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
    /**
     * As C, early enough for an L-BFGS run (about 38 rounds to 1e-4) to see both regimes: what
     * {@code --scheme auto} must follow.
     */
    C_EARLY(
            "workers 0 and N/2 become 4x slow at iteration 15",
            n -> "switch:at=15,factor=4,workers=0/" + n / 2),
    /** NodeManager 1 5× slow until iteration 15, then at full speed: a slow node that recovers. */
    RECOVER(
            "every worker of NodeManager 1 5x slow until iteration 15, then at full speed",
            n -> "switch:at=15,factor=5,mode=up,node=1"),
    /** One NodeManager 5× slow for the whole run: what exclusion and replacement fix. */
    D("every worker of NodeManager 1 5x slow for the whole run", n -> "slow:factor=5,node=1"),
    /** No slowness: the reference for (d)'s recovery target and for the lab scenarios. */
    NONE("no injected slowness", n -> "none"),
    /** Lab: one host's CPU quota 20 % of its share (a tenant takes the rest) for the whole run. */
    SLOW_HOST("lab: one worker host at 20 % of its CPU share", LabFault.cpu(1, 0.2)),
    /** Lab: two hosts at 40 % of their share. */
    TWO_SLOW_HOSTS("lab: two worker hosts at 40 % of their CPU share", LabFault.cpu(2, 0.4)),
    /** Lab: one host's link rate-limited so that its transfers are the slowest part of a round. */
    SLOW_LINK("lab: one worker host's link limited to --link-rate", LabFault.link(1)),
    /** Lab: one host frozen (every process stopped, connections open) 5 s of every 30 s. */
    FREEZE_FLAP("lab: one worker host frozen for 5 s of every 30 s", LabFault.flap(1, 5, 30));

    private final String description;
    private final IntFunction<String> straggle;
    private final LabFault lab;

    Scenario(String description, IntFunction<String> straggle) {
        this.description = description;
        this.straggle = straggle;
        this.lab = null;
    }

    Scenario(String description, LabFault lab) {
        this.description = description;
        this.straggle = n -> "none";
        this.lab = lab;
    }

    /** The fault {@code bin/lab} makes for this scenario; null for A to D and none. */
    public LabFault lab() {
        return lab;
    }

    /** Whether this scenario runs on {@code cluster}: lab ones on yarn only, A to D not on yarn. */
    public boolean runsOn(String cluster) {
        return this == NONE || (lab != null) == cluster.equals("yarn");
    }

    /** The {@code --straggle} spec of this scenario for {@code workers} workers. */
    public String straggle(int workers) {
        return straggle.apply(workers);
    }

    public String description() {
        return description;
    }

    /**
     * The CLI name: a, b, c, c-early, recover, d, none, slow-host, two-slow-hosts, slow-link or
     * freeze-flap.
     */
    public String cliName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
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
