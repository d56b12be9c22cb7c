package io.codedyarn.repro;

import java.util.List;

/**
 * One scheme of LAGC's Figs. 8–9 in the paper's model (digest lagc.md §1.4–§2.7), as units: U units
 * of n workers each; an active unit's n workers download θ and compute, the PS waits for the F
 * fastest of them (and decodes the unit's gradient exactly); worker times are i.i.d. with mean
 * η·load. Per iteration with k active units: time = max over the k units of the F-th of n times,
 * communication k·(n + F) (downloads + used uploads, (7)), computation (load/M)·k·n ((8),
 * stragglers included).
 *
 * @param label as in the paper's legends
 * @param units U: M workers for GD/LAG, one code of M for GC, G = M/M_G groups otherwise
 * @param members n workers per unit
 * @param fastest F fastest members waited for
 * @param load r_G, the worker's load in partitions (mean time η·load)
 * @param lazy whether the trigger (13)/(17) selects units (else every unit every iteration)
 */
record LagcScheme(String label, int units, int members, int fastest, int load, boolean lazy) {
    static final int M = 20;

    /** GD, GC (r = 4, F = 17), LAG, G-GD (M_G = r = 4), LAGC (M_G = 5, F = 2), G-LAG (M_G = 4). */
    static List<LagcScheme> paper() {
        return List.of(
                new LagcScheme("GD", M, 1, 1, 1, false),
                new LagcScheme("GC", 1, M, 17, 4, false),
                new LagcScheme("LAG", M, 1, 1, 1, true),
                new LagcScheme("G-GD", 5, 4, 1, 4, false),
                new LagcScheme("LAGC", 4, 5, 2, 4, true),
                new LagcScheme("G-LAG", 5, 4, 1, 4, true));
    }

    double communication(int active) {
        return active * (double) (members + fastest);
    }

    double computation(int active) {
        return (double) load / M * active * members;
    }
}
