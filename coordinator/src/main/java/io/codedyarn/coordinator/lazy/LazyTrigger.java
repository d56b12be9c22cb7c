package io.codedyarn.coordinator.lazy;

import java.util.BitSet;

/**
 * The parameter server's lazy-aggregation state of LAG, LAGC, G-LAG and G-GD (Zhang and Simeone,
 * "LAGC", §III-B and §IV; digest lagc.md §2.4–2.6). A "unit" u is a worker for LAG (U = M units)
 * and a group for LAGC / G-LAG / G-GD (U = G = M/M_G units). Per unit the PS keeps the copy θ_u
 * (the iterate at the unit's last refresh) and the stored gradient G_u = g_u(θ_u); it also keeps
 * the last D squared steps.
 *
 * <p><b>Selection</b> at iteration i, (13) for LAG and (17) for groups:
 *
 * <pre>
 *   RHS = ξ / (α² U² D) · Σ_{d=1..D} ‖θ^{i+1−d} − θ^{i−d}‖²
 *   select u  ⟺  L_u² · ‖θ_u − θ^i‖² ≥ RHS
 * </pre>
 *
 * (17) prints M_G²ξ/(α²M²D), which equals ξ/(α²G²D) since G = M/M_G, i.e. the same formula with U =
 * G. The direction is "≥" (select), not LAG's original strict skip rule. Conventions:
 *
 * <ul>
 *   <li>A unit that was never refreshed is always selected (there is no stored gradient); at the
 *       first iteration that is everyone. This also follows from "≥" with the zero-padded RHS = 0.
 *   <li>Fewer than D past steps: the missing ones count as zero (digest §6 item 8), keeping 1/D.
 *   <li>ξ = 0 gives RHS = 0 and selects every unit at every iteration: GD for LAG, G-GD for G-LAG,
 *       GC for LAGC with M_G = M (Remark 2). An empty selection is legal: the step then uses only
 *       stale gradients.
 * </ul>
 *
 * <p><b>Update</b> (14)/(18): after {@link #refresh} of the selected units with g_u(θ^i) (which
 * sets G_u ← g_u(θ^i) and θ_u ← θ^i), ĝ = Σ_u G_u — a plain unweighted sum of fresh and stale unit
 * gradients — and {@link #step()} sets θ^{i+1} = θ^i − α ĝ and pushes ‖θ^{i+1} − θ^i‖².
 *
 * <p>Example (U = 2, scalar θ, α = 0.1, ξ = 1, D = 2, L = (1, 3), g_u(θ) = L_u(θ − b_u) with b =
 * (1, −1), θ^0 = 0): i = 0 selects both, ĝ = −1 + 3 = 2, θ^1 = −0.2, step² = 0.04. i = 1: RHS =
 * 1/(0.01·4·2)·0.04 = 0.5; unit 0: 1·0.04 = 0.04 &lt; 0.5 skip; unit 1: 9·0.04 = 0.36 &lt; 0.5
 * skip; ĝ = 2 (stale), θ^2 = −0.4. i = 2: RHS = 12.5·(0.04 + 0.04) = 1.0; unit 0: 0.16 skip; unit
 * 1: 9·0.16 = 1.44 ≥ 1 select.
 */
public final class LazyTrigger {
    private final double[] smoothness;
    private final double alpha;
    private final double xi;
    private final StepNormHistory history;
    private final double[] theta;
    private final double[][] copies;
    private final double[][] stored;
    private long iteration;
    private long refreshes;

    private LazyTrigger(double[] smoothness, double alpha, double xi, int memory, double[] theta0) {
        if (smoothness.length < 1) {
            throw new IllegalArgumentException("need at least one unit");
        }
        for (double l : smoothness) {
            if (!(l >= 0) || !Double.isFinite(l)) {
                throw new IllegalArgumentException("smoothness constants must be finite and >= 0");
            }
        }
        if (!(alpha > 0) || !Double.isFinite(alpha)) {
            throw new IllegalArgumentException("step size alpha must be > 0, got " + alpha);
        }
        if (!(xi >= 0) || !Double.isFinite(xi)) {
            throw new IllegalArgumentException("trigger constant xi must be >= 0, got " + xi);
        }
        if (theta0.length < 1) {
            throw new IllegalArgumentException("theta0 must not be empty");
        }
        this.smoothness = smoothness.clone();
        this.alpha = alpha;
        this.xi = xi;
        this.history = new StepNormHistory(memory);
        this.theta = theta0.clone();
        this.copies = new double[smoothness.length][];
        this.stored = new double[smoothness.length][];
    }

    /** LAG, condition (13): one unit per worker m with constant L_m; U = M. */
    public static LazyTrigger lag(
            double[] workerSmoothness, double alpha, double xi, int memory, double[] theta0) {
        return new LazyTrigger(workerSmoothness, alpha, xi, memory, theta0);
    }

    /** LAGC and G-LAG, condition (17): one unit per group g with constant L_g; U = G. */
    public static LazyTrigger grouped(
            double[] groupSmoothness, double alpha, double xi, int memory, double[] theta0) {
        return new LazyTrigger(groupSmoothness, alpha, xi, memory, theta0);
    }

    /** G-GD (and GD / GC): ξ = 0, every unit refreshed at every iteration. */
    public static LazyTrigger everyUnit(int units, double alpha, double[] theta0) {
        return new LazyTrigger(new double[units], alpha, 0.0, 1, theta0);
    }

    /**
     * The trigger as a value (for checkpoints): the constants, the history of squared steps as
     * stored (ring order matters to the sum's last bits), θ, each unit's copy θ_u and stored G_u
     * (null: never refreshed), the iteration and refresh counts.
     */
    public record State(
            double[] smoothness,
            double alpha,
            double xi,
            double[] history,
            int historyNext,
            int historySize,
            double[] theta,
            double[][] copies,
            double[][] stored,
            long iteration,
            long refreshes) {}

    /** This trigger's {@link State} (copies). */
    public State state() {
        double[][] c = new double[copies.length][];
        double[][] g = new double[stored.length][];
        for (int u = 0; u < copies.length; u++) {
            c[u] = copies[u] == null ? null : copies[u].clone();
            g[u] = stored[u] == null ? null : stored[u].clone();
        }
        return new State(
                smoothness.clone(),
                alpha,
                xi,
                history.ring(),
                history.next(),
                history.size(),
                theta.clone(),
                c,
                g,
                iteration,
                refreshes);
    }

    /** The trigger a {@link #state()} describes, continuing bit for bit. */
    public static LazyTrigger restore(State s) {
        LazyTrigger t =
                new LazyTrigger(s.smoothness(), s.alpha(), s.xi(), s.history().length, s.theta());
        t.history.set(s.history(), s.historyNext(), s.historySize());
        if (s.copies().length != t.copies.length || s.stored().length != t.stored.length) {
            throw new IllegalArgumentException(
                    "lazy-trigger state with "
                            + s.copies().length
                            + " copies for "
                            + t.copies.length
                            + " units");
        }
        for (int u = 0; u < t.copies.length; u++) {
            t.copies[u] = checkedCopy(s.copies()[u], t.theta.length, "copy");
            t.stored[u] = checkedCopy(s.stored()[u], t.theta.length, "stored gradient");
        }
        t.iteration = s.iteration();
        t.refreshes = s.refreshes();
        return t;
    }

    private static double[] checkedCopy(double[] v, int length, String what) {
        if (v == null) {
            return null;
        }
        if (v.length != length) {
            throw new IllegalArgumentException(
                    "lazy-trigger " + what + " of length " + v.length + ", theta has " + length);
        }
        return v.clone();
    }

    /** RHS = ξ/(α²U²D) · Σ_{d=1..D} ‖θ^{i+1−d} − θ^{i−d}‖² (missing steps are zero). */
    public double threshold() {
        int u = smoothness.length;
        return xi / (alpha * alpha * u * u * history.capacity()) * history.sum();
    }

    /** LHS of unit u: L_u² ‖θ_u − θ^i‖² (+∞ if u was never refreshed). */
    public double drift(int unit) {
        double[] copy = copies[unit];
        if (copy == null) {
            return Double.POSITIVE_INFINITY;
        }
        double l = smoothness[unit];
        return l * l * squaredDistance(copy, theta);
    }

    /** The units with L_u² ‖θ_u − θ^i‖² ≥ RHS, computed from the current state. */
    public BitSet select() {
        double rhs = threshold();
        BitSet selected = new BitSet(smoothness.length);
        for (int u = 0; u < smoothness.length; u++) {
            if (drift(u) >= rhs) {
                selected.set(u);
            }
        }
        return selected;
    }

    /** G_u ← g_u(θ^i), θ_u ← θ^i (the unit downloaded θ^i and its fresh gradient arrived). */
    public void refresh(int unit, double[] gradient) {
        if (gradient.length != theta.length) {
            throw new IllegalArgumentException(
                    "gradient dimension " + gradient.length + " != " + theta.length);
        }
        stored[unit] = gradient.clone();
        copies[unit] = theta.clone();
        refreshes++;
    }

    /** ĝ = Σ_u G_u, (14)/(18). Every unit must have been refreshed at least once. */
    public double[] estimate() {
        double[] g = new double[theta.length];
        for (int u = 0; u < stored.length; u++) {
            if (stored[u] == null) {
                throw new IllegalStateException("unit " + u + " has no stored gradient yet");
            }
            for (int k = 0; k < g.length; k++) {
                g[k] += stored[u][k];
            }
        }
        return g;
    }

    /** θ^{i+1} = θ^i − α ĝ; pushes ‖θ^{i+1} − θ^i‖²; returns θ^{i+1} (a copy). */
    public double[] step() {
        double[] g = estimate();
        double squaredStep = 0;
        for (int k = 0; k < theta.length; k++) {
            double next = theta[k] - alpha * g[k];
            double d = next - theta[k];
            squaredStep += d * d;
            theta[k] = next;
        }
        history.push(squaredStep);
        iteration++;
        return theta.clone();
    }

    public double[] theta() {
        return theta.clone();
    }

    /** The iteration index i of the current iterate θ^i (0 at the start). */
    public long iteration() {
        return iteration;
    }

    /** Total number of unit refreshes so far (|D^i| summed over iterations for LAG). */
    public long refreshCount() {
        return refreshes;
    }

    public int units() {
        return smoothness.length;
    }

    private static double squaredDistance(double[] a, double[] b) {
        double s = 0;
        for (int k = 0; k < a.length; k++) {
            double d = a[k] - b[k];
            s += d * d;
        }
        return s;
    }
}
