package io.codedyarn.coordinator.optim;

import java.util.ArrayList;
import java.util.List;

/**
 * Limited-memory BFGS (Nocedal &amp; Wright, Algorithms 7.4/7.5) with a strong-Wolfe line search
 * ({@link StrongWolfeSearch}), step by step: bit for bit the points of {@code worker.optim.Lbfgs}
 * under {@code Termination(Integer.MAX_VALUE, 0)}, and finished exactly when its {@code minimize}
 * returns.
 *
 * <ul>
 *   <li>Direction p = −H∇F by the two-loop recursion (Algorithm 7.4) over the last m pairs s =
 *       x_{k+1} − x_k, y = ∇F_{k+1} − ∇F_k, initial H₀ = γI, γ = sᵀy / yᵀy of the newest pair (eq.
 *       7.20); a pair with sᵀy ≤ 1e−10·‖s‖‖y‖ is not stored (keeps H positive definite).
 *   <li>First trial step 1/‖∇F‖ (a unit move) when the memory is empty, else α = 1.
 *   <li>A failed search (no strong-Wolfe step within the budget, a collapsed bracket, or p not a
 *       descent direction, the last without any trial) clears the memory and retries along −∇F
 *       once; with the memory already empty, or failing again right after that restart, L-BFGS
 *       gives up: {@link #finished()}, though ‖∇F‖ &gt; 0.
 *   <li>Finished, too, once ‖∇F(x_k)‖ is 0 or NaN ({@code minimize}'s test ‖∇F‖ &gt; 0 fails; its
 *       other test, k &lt; Integer.MAX_VALUE, always holds as k &lt; evaluations).
 * </ul>
 *
 * Only accepted line-search points become iterates ({@link #lastWasIterate()}); the other trials
 * only narrow the search.
 *
 * @param memory m ≥ 1
 * @param phase START (x0 not evaluated yet), SEARCH (the search wants its trial) or DONE
 * @param x the iterate x_k (x0 in START)
 * @param fg [F, ∇F] at x_k (empty in START)
 * @param pairs the stored curvature pairs, oldest first, at most m
 * @param restarted the memory was cleared after a failed search and no step has been accepted since
 *     (a failure now gives up)
 * @param search the line search from x_k in progress (SEARCH only, else null)
 * @param iterations k, accepted steps so far
 * @param evaluations evaluations told so far (x0 and every trial)
 * @param lastWasIterate the point told last became x_k
 */
public record LbfgsSteps(
        int memory,
        Phase phase,
        double[] x,
        double[] fg,
        List<Pair> pairs,
        boolean restarted,
        StrongWolfeSearch search,
        int iterations,
        int evaluations,
        boolean lastWasIterate)
        implements StepwiseOptimizer {
    /** Spark MLlib's and {@code Lbfgs}'s default memory. */
    public static final int DEFAULT_MEMORY = 10;

    public enum Phase {
        START,
        SEARCH,
        DONE
    }

    /** A curvature pair s = x_{k+1} − x_k, y = ∇F_{k+1} − ∇F_k with ρ = 1/sᵀy (N&amp;W 7.17). */
    public record Pair(double[] s, double[] y, double rho) {
        public Pair {
            s = Vectors.copy(s, "s");
            y = Vectors.copy(y, "y");
            if (s.length != y.length) {
                throw new IllegalArgumentException("s and y must have one length");
            }
        }

        @Override
        public double[] s() {
            return s.clone();
        }

        @Override
        public double[] y() {
            return y.clone();
        }
    }

    public LbfgsSteps {
        if (memory < 1) {
            throw new IllegalArgumentException("L-BFGS memory must be >= 1, got " + memory);
        }
        x = Vectors.copy(x, "x");
        fg = Vectors.copy(fg, "fg");
        pairs = List.copyOf(pairs);
        if (phase == null
                || pairs.size() > memory
                || (phase == Phase.START) != (fg.length == 0)
                || (fg.length != 0 && fg.length != 1 + x.length)
                || (phase == Phase.SEARCH) != (search != null)
                || (search != null && (!search.searching() || search.dimension() != x.length))
                || iterations < 0
                || evaluations < 0) {
            throw new IllegalArgumentException("inconsistent L-BFGS state");
        }
    }

    /** The state before the first evaluation, at x0 (not kept), memory 10. */
    public LbfgsSteps(double[] x0) {
        this(DEFAULT_MEMORY, x0);
    }

    /** The state before the first evaluation, at x0 (not kept). */
    public LbfgsSteps(int memory, double[] x0) {
        this(memory, Phase.START, x0, new double[0], List.of(), false, null, 0, 0, false);
    }

    @Override
    public double[] x() {
        return x.clone();
    }

    @Override
    public double[] fg() {
        return fg.clone();
    }

    @Override
    public double[] iterate() {
        return x.clone();
    }

    @Override
    public boolean finished() {
        return phase == Phase.DONE;
    }

    @Override
    public double[] point() {
        return switch (phase) {
            case START -> x.clone();
            case SEARCH -> search.trial(x);
            case DONE -> throw Vectors.finished();
        };
    }

    @Override
    public LbfgsSteps tell(double[] told) {
        if (phase == Phase.DONE) {
            throw Vectors.finished();
        }
        Vectors.checkTold(told, x.length);
        int e = evaluations + 1;
        if (phase == Phase.START) {
            return new LbfgsSteps(memory, Phase.DONE, x, told, List.of(), false, null, 0, e, true)
                    .loopHead();
        }
        StrongWolfeSearch next = search.tell(told);
        return switch (next.stage()) {
            case BRACKET, ZOOM ->
                    new LbfgsSteps(
                            memory, phase, x, fg, pairs, restarted, next, iterations, e, false);
            case ACCEPTED -> {
                double[] y = next.trial(x); // the point just told, bit for bit
                List<Pair> kept = update(y, told);
                yield new LbfgsSteps(
                                memory,
                                Phase.DONE,
                                y,
                                told,
                                kept,
                                false,
                                null,
                                iterations + 1,
                                e,
                                true)
                        .loopHead();
            }
            case FAILED ->
                    new LbfgsSteps(
                                    memory,
                                    Phase.DONE,
                                    x,
                                    fg,
                                    pairs,
                                    restarted,
                                    null,
                                    iterations,
                                    e,
                                    false)
                            .failed();
        };
    }

    /*
     * The two steps below act on a state at Lbfgs.minimize's loop head, built as DONE (x_k, ∇F,
     * memory and counters final) and returned as it is when the loop would end.
     */

    /**
     * The loop head at x_k: DONE when ‖∇F‖ is not &gt; 0, else a search along the two-loop
     * direction; a search that fails before any trial (p not a descent direction) goes straight to
     * the restart rule.
     */
    private LbfgsSteps loopHead() {
        double gn = Vectors.norm(fg, 1);
        if (!(gn > 0)) {
            return this;
        }
        double[] p = direction(fg, pairs);
        double alpha1 = pairs.isEmpty() ? 1.0 / gn : 1.0;
        StrongWolfeSearch next = StrongWolfeSearch.start(fg, p, alpha1);
        if (!next.searching()) {
            return failed();
        }
        return new LbfgsSteps(
                memory,
                Phase.SEARCH,
                x,
                fg,
                pairs,
                restarted,
                next,
                iterations,
                evaluations,
                lastWasIterate);
    }

    /**
     * {@code Lbfgs}'s rule for a failed search: give up (this DONE state) when the memory is empty
     * or was just cleared; else forget the pairs and retry along −∇F (at most once: the retry
     * carries restarted = true and empty memory, so its failure ends here).
     */
    private LbfgsSteps failed() {
        if (pairs.isEmpty() || restarted) {
            return this;
        }
        return new LbfgsSteps(
                        memory,
                        Phase.DONE,
                        x,
                        fg,
                        List.of(),
                        true,
                        null,
                        iterations,
                        evaluations,
                        lastWasIterate)
                .loopHead();
    }

    /** The pairs after accepting y with [F, ∇F] = fgY: (s, y) appended unless sᵀy is too small. */
    private List<Pair> update(double[] y, double[] fgY) {
        int d = x.length;
        double[] sk = new double[d];
        double[] yk = new double[d];
        double sy = 0, ss = 0, yy = 0;
        for (int i = 0; i < d; i++) {
            sk[i] = y[i] - x[i];
            yk[i] = fgY[1 + i] - fg[1 + i];
            sy += sk[i] * yk[i];
            ss += sk[i] * sk[i];
            yy += yk[i] * yk[i];
        }
        if (!(sy > 1e-10 * Math.sqrt(ss * yy))) {
            return pairs;
        }
        List<Pair> next =
                new ArrayList<>(pairs.subList(pairs.size() < memory ? 0 : 1, pairs.size()));
        next.add(new Pair(sk, yk, 1.0 / sy));
        return next;
    }

    /** Two-loop recursion (N&amp;W Algorithm 7.4): p = −H∇F, H₀ = (sᵀy / yᵀy)·I (eq. 7.20). */
    private static double[] direction(double[] fg, List<Pair> pairs) {
        int d = fg.length - 1;
        double[] q = new double[d];
        for (int i = 0; i < d; i++) {
            q[i] = -fg[1 + i];
        }
        int n = pairs.size();
        if (n == 0) {
            return q;
        }
        double[] a = new double[n];
        for (int t = n - 1; t >= 0; t--) { // newest to oldest
            Pair m = pairs.get(t);
            a[t] = m.rho * Vectors.dot(m.s, q);
            Vectors.axpy(-a[t], m.y, q);
        }
        Pair newest = pairs.get(n - 1);
        double gamma = 1.0 / (newest.rho * Vectors.dot(newest.y, newest.y)); // sᵀy / yᵀy
        for (int i = 0; i < d; i++) {
            q[i] *= gamma;
        }
        for (int t = 0; t < n; t++) { // oldest to newest
            Pair m = pairs.get(t);
            double b = m.rho * Vectors.dot(m.y, q);
            Vectors.axpy(a[t] - b, m.s, q);
        }
        return q;
    }
}
