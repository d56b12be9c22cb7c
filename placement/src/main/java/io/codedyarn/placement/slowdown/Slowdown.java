package io.codedyarn.placement.slowdown;

import java.util.List;
import java.util.SplittableRandom;

/**
 * The slowness injected into ONE worker (a {@link StraggleSpec} resolved for its id and node):
 * after computing a task of iteration t in c seconds, the worker sleeps {@link #delaySeconds}, so
 * its task takes T(t, c) = base(t, c) · Π_e f_e(t) seconds in all, where base is c, or the recorded
 * latency when a trace is replayed. This is how the DSAG experiments slowed workers (§VII: "an
 * extra 0.4·i/N × its own compute time"): the slowness scales with the real work, costs no CPU, and
 * the application master learns of it only by measuring.
 *
 * <p>Deterministic: f_e(t) depends on (seed, worker, t) only, whatever order and subset of
 * iterations the worker sees, so a real worker and the simulated cluster draw the same states. Not
 * thread-safe (a worker has one compute thread).
 */
public final class Slowdown {
    /** No injected slowness. */
    public static final Slowdown NONE = new Slowdown(List.of(), null, "none");

    /** One multiplicative effect on a worker's time at iteration t. */
    interface Effect {
        double factor(long iteration);
    }

    /** A constant factor (slow workers, a slow node, the ramp). */
    record Constant(double f) implements Effect {
        @Override
        public double factor(long iteration) {
            return f;
        }
    }

    /** ×f from iteration K on ({@code down}), or ×f before K only (a speed-up at K). */
    record Switch(long at, double f, boolean down) implements Effect {
        @Override
        public double factor(long iteration) {
            return (iteration >= at) == down ? f : 1.0;
        }
    }

    /**
     * Two-state Markov bursts (Gilbert–Elliot, GC-DC §VII; DSAG's injector, digest §2.3): stepped
     * once per iteration with P(normal → burst) = enter, P(burst → normal) = leave; ×f in a burst.
     * State 0 is drawn from the stationary law P(burst) = enter / (enter + leave). The chain of
     * iteration t is the t-th step of the worker's own stream, recomputed from 0 if t goes back.
     */
    static final class Markov implements Effect {
        private final double enter;
        private final double leave;
        private final double f;
        private final long streamSeed;
        private SplittableRandom rng;
        private long at = -1;
        private boolean burst;

        Markov(double enter, double leave, double f, long streamSeed) {
            this.enter = enter;
            this.leave = leave;
            this.f = f;
            this.streamSeed = streamSeed;
        }

        @Override
        public double factor(long iteration) {
            return inBurst(Math.max(0, iteration)) ? f : 1.0;
        }

        boolean inBurst(long t) {
            if (t < at) {
                at = -1; // went back: replay the stream from its start
            }
            if (at < 0) {
                rng = new SplittableRandom(streamSeed);
                burst = rng.nextDouble() < enter / (enter + leave);
                at = 0;
            }
            while (at < t) {
                double u = rng.nextDouble();
                burst = burst ? !(u < leave) : u < enter;
                at++;
            }
            return burst;
        }
    }

    private final List<Effect> effects;
    private final double[] recorded; // replayed latencies by iteration, or null
    private final String description;

    Slowdown(List<Effect> effects, double[] recorded, String description) {
        this.effects = List.copyOf(effects);
        this.recorded = recorded == null ? null : recorded.clone();
        this.description = description;
    }

    /** Whether this slowdown ever delays anything. */
    public boolean isNone() {
        return effects.isEmpty() && recorded == null;
    }

    /**
     * Π_e f_e(t): the factor on the worker's time at iteration t (setup rounds, t < 0: as t = 0).
     */
    public double factor(long iteration) {
        long t = Math.max(0, iteration);
        double f = 1.0;
        for (Effect e : effects) {
            f *= e.factor(t);
        }
        return f;
    }

    /**
     * Seconds to sleep after a task of {@code iteration} computed in {@code computeSeconds}: max(0,
     * base · factor − c), base = the replayed latency (iteration mod trace length) or c.
     */
    public double delaySeconds(long iteration, double computeSeconds) {
        double base =
                recorded == null
                        ? computeSeconds
                        : recorded[(int) Math.floorMod(Math.max(0, iteration), recorded.length)];
        return Math.max(0.0, base * factor(iteration) - computeSeconds);
    }

    /** What this worker was given, for the log (for example {@code "×3 (slow) · burst ×5 …"}). */
    @Override
    public String toString() {
        return description;
    }
}
