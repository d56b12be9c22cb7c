package io.codedyarn.coordinator.lazy;

/**
 * The lazy family's constants (LAGC Algorithm 1, digest lagc.md §2.5): the trigger constant ξ and
 * memory D of condition (13)/(17), RHS = ξ/(α²U²D)·Σ_{d=1..D} ‖θ^{i+1−d} − θ^{i−d}‖², and F, how
 * many members a selected group waits for before it decodes.
 *
 * <p>The paper's experiments use ξ = 1 and D = 10 and the minimal F = M_G − r_G + 1, the defaults
 * here. A larger F (up to M_G) waits for more members than the code needs; the decoder then uses
 * the first decodable subset of them. ξ = 0 selects every group each iteration (G-GD / GD); g-gd
 * ignores ξ and D.
 *
 * @param xi ξ ≥ 0
 * @param memory D ≥ 1
 * @param groupWait F: 0 = the minimal M_G − r_G + 1; otherwise in [M_G − r_G + 1, M_G]
 */
public record LazySettings(double xi, int memory, int groupWait) {
    public static final double DEFAULT_XI = 1.0;
    public static final int DEFAULT_MEMORY = 10;

    public LazySettings {
        if (!(xi >= 0 && Double.isFinite(xi))) {
            throw new IllegalArgumentException("lazy trigger constant xi must be >= 0, got " + xi);
        }
        if (memory < 1) {
            throw new IllegalArgumentException("lazy trigger memory D must be >= 1, got " + memory);
        }
        if (groupWait < 0) {
            throw new IllegalArgumentException(
                    "lazy group wait F must be >= 0 (0 = minimal), got " + groupWait);
        }
    }

    /** ξ = 1, D = 10, minimal F: the LAGC paper's experiments. */
    public static LazySettings defaults() {
        return new LazySettings(DEFAULT_XI, DEFAULT_MEMORY, 0);
    }
}
