package io.codedyarn.placement.loadbalance;

import io.codedyarn.placement.method.RoundGate;
import java.util.Arrays;
import java.util.random.RandomGenerator;

/**
 * DSAG's event-driven latency model of an iterative computation (DSAG §IV-B, digest §3.2 and §7
 * item 20; semantics of the reference {@code eventdriven.jl}, which equals the real wait-for-w
 * pool). Worker i needs X_i = Y_i + Z_i per task, Y_i (communication) and Z_i (computation)
 * independent gamma variables with per-worker mean and variance.
 *
 * <pre>
 * step():  epoch += 1; time0 = time
 *          every idle worker gets a task of this epoch (queue of length 1: newest task wins)
 *          until w FRESH completions: pop (t, i); time = t; worker i idle;
 *              fresh (sepoch_i = epoch): nfresh_i++      stale: nstale_i++, re-task at once
 *          L = time − time0; also collect every completion with t − time0 ≤ (1 + 0.02)·L
 *              (counted fresh or stale, NOT re-tasked: they wait for the next epoch)
 *          latency(t) = T^(t) − T^(t−1) = time − time0 (the last pop)
 * </pre>
 *
 * Participation u_i = nfresh_i/ℓ. Example: two workers with deterministic times 1.0 and 1.015, w =
 * 1: worker 0 finishes at 1.0, worker 1 at 1.015 ≤ 1.02 and is counted in the grace window, so both
 * have u = 1 and every iteration takes 1.015; with 1.03 instead worker 1 is always stale (u = 0)
 * and iterations take 1.0.
 *
 * <p>Speed: primitive arrays, an array heap of (time, worker) and an allocation-free gamma sampler
 * with precomputed constants; construct once, then {@link #run} reuses every buffer (the per-
 * iteration latency buffer grows only when a longer run is asked for). A stale worker's pop and
 * re-push are one bottom-up sift. Informally (best of 2000 runs, loaded 2-core machine,
 * L64X128MixRandom): 100 iterations at N = 100, w = 50 (≈ 9,800 events) take ≈ 0.72 ms; the
 * reference Julia needs ≈ 1.5 ms (DSAG fn. 16). Not thread-safe.
 *
 * <p>The waiting rule is the {@link RoundGate} the coordinator's SAG/DSAG rounds use, with its
 * grace convention (a fraction of L, default {@link RoundGate#DEFAULT_GRACE}).
 */
public final class EventDrivenSimulator {
    private final int n;
    private final GammaSampler comm;
    private final GammaSampler comp;
    private final TimeHeap heap;
    private final boolean[] idle;
    private final int[] sepoch;
    private final int[] nfresh;
    private final int[] nstale;
    private final double[] scratch;
    private double[] latency = new double[0];
    private int iterations;
    private int epoch;
    private double time;

    /** Per-worker moments of communication Y_i and computation Z_i (all ≥ 0, same length ≥ 1). */
    public EventDrivenSimulator(
            double[] commMean, double[] commVar, double[] compMean, double[] compVar) {
        n = commMean.length;
        if (n == 0 || commVar.length != n || compMean.length != n || compVar.length != n) {
            throw new IllegalArgumentException("need equal, non-zero numbers of moments");
        }
        comm = new GammaSampler(n);
        comp = new GammaSampler(n);
        for (int i = 0; i < n; i++) {
            comm.set(i, commMean[i], commVar[i]);
            comp.set(i, compMean[i], compVar[i]);
        }
        heap = new TimeHeap(n);
        idle = new boolean[n];
        sepoch = new int[n];
        nfresh = new int[n];
        nstale = new int[n];
        scratch = new double[n];
    }

    public int workers() {
        return n;
    }

    /** Changes worker i's computation moments (the load balancer's linearised Z'_i). */
    public void setComputation(int i, double mean, double variance) {
        comp.set(i, mean, variance);
    }

    /** Changes worker i's communication moments. */
    public void setCommunication(int i, double mean, double variance) {
        comm.set(i, mean, variance);
    }

    /** {@link #run(int, int, double, RandomGenerator)} with the 2 % grace window. */
    public EventDrivenSimulator run(int iterations, int w, RandomGenerator rng) {
        return run(iterations, w, RoundGate.DEFAULT_GRACE, rng);
    }

    /**
     * Simulates {@code iterations} coordinator iterations from an all-idle start at time 0, waiting
     * for {@code w} fresh results each, and keeps the results until the next run.
     *
     * @param grace the grace fraction (≥ 0): completions by time0 + (1 + grace)·L also count
     */
    public EventDrivenSimulator run(int iterations, int w, double grace, RandomGenerator rng) {
        if (iterations < 1 || w < 1 || w > n || !(grace >= 0)) {
            throw new IllegalArgumentException(
                    "need iterations >= 1, 1 <= w <= "
                            + n
                            + ", grace >= 0; got "
                            + iterations
                            + ", "
                            + w
                            + ", "
                            + grace);
        }
        if (latency.length < iterations) {
            latency = new double[iterations];
        }
        this.iterations = iterations;
        epoch = 0;
        time = 0;
        heap.clear();
        Arrays.fill(idle, true);
        Arrays.fill(sepoch, 0);
        Arrays.fill(nfresh, 0);
        Arrays.fill(nstale, 0);
        RoundGate gate = new RoundGate(w, grace);
        for (int t = 0; t < iterations; t++) {
            latency[t] = step(gate, rng);
        }
        return this;
    }

    private void enqueue(int i, RandomGenerator rng) {
        double x = comp.sample(i, rng) + comm.sample(i, rng);
        heap.push(time + x, i);
        idle[i] = false;
        sepoch[i] = epoch;
    }

    private double step(RoundGate gate, RandomGenerator rng) {
        epoch++;
        double time0 = time;
        gate.reset();
        for (int i = 0; i < n; i++) {
            if (idle[i]) {
                enqueue(i, rng);
            }
        }
        while (gate.freshCount() < gate.w()) {
            int i = heap.peekWorker();
            time = heap.peekTime();
            boolean fresh = sepoch[i] == epoch;
            gate.onArrival(time - time0, fresh);
            if (fresh) {
                heap.pop();
                idle[i] = true;
                nfresh[i]++;
            } else {
                // A late worker gets the CURRENT iterate at once (pop + push in one sift).
                nstale[i]++;
                sepoch[i] = epoch;
                heap.replaceTop(time + comp.sample(i, rng) + comm.sample(i, rng), i);
            }
        }
        while (heap.size() > 0 && gate.collects(heap.peekTime() - time0)) {
            int i = heap.peekWorker();
            time = heap.peekTime();
            heap.pop();
            idle[i] = true; // not re-tasked until the next epoch
            gate.onArrival(time - time0, sepoch[i] == epoch);
            if (sepoch[i] == epoch) {
                nfresh[i]++;
            } else {
                nstale[i]++;
            }
        }
        return time - time0;
    }

    /** Iterations of the last run. */
    public int iterations() {
        return iterations;
    }

    /** T^(t) − T^(t−1) of iteration t (0-based) of the last run. */
    public double latency(int t) {
        if (t < 0 || t >= iterations) {
            throw new IndexOutOfBoundsException(t);
        }
        return latency[t];
    }

    /** A copy of the per-iteration latencies of the last run. */
    public double[] latencies() {
        return Arrays.copyOf(latency, iterations);
    }

    /** T^(ℓ): the completion time of the last iteration. */
    public double totalTime() {
        return time;
    }

    public double meanLatency() {
        return time / iterations;
    }

    public int fresh(int i) {
        return nfresh[i];
    }

    public int stale(int i) {
        return nstale[i];
    }

    /** u_i = nfresh_i/ℓ, the fraction of iterations worker i contributed a fresh result to. */
    public double participation(int i) {
        return (double) nfresh[i] / iterations;
    }

    /**
     * The one-shot model of DSAG §IV-A (digest §3.1): E[w-th smallest of X_1..X_N] with all workers
     * starting together, by Monte Carlo over {@code samples} rounds with Quickselect. It ignores
     * workers still busy from earlier iterations, so for w &lt; N it underestimates the iterative
     * latency (DSAG Fig. 6).
     */
    public double oneShotOrderStatistic(int w, int samples, RandomGenerator rng) {
        if (w < 1 || w > n || samples < 1) {
            throw new IllegalArgumentException("need 1 <= w <= " + n + " and samples >= 1");
        }
        double sum = 0;
        for (int s = 0; s < samples; s++) {
            for (int i = 0; i < n; i++) {
                scratch[i] = comp.sample(i, rng) + comm.sample(i, rng);
            }
            sum += Quickselect.select(scratch, n, w - 1);
        }
        return sum / samples;
    }
}
