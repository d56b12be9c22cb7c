package io.codedyarn.repro;

import io.codedyarn.placement.Seeds;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Independent simulated runs on a fixed thread pool. Results come back in the jobs' order, so a
 * reproduction's output does not depend on the thread count (each run owns its coordinator,
 * cluster, clock and seed; the shared dataset is only read).
 */
final class Parallel {
    private Parallel() {}

    /** One run of curve {@code curve} with latency seed {@code seed}. */
    @FunctionalInterface
    interface RunOf {
        SimulatedRuns.Run run(int curve, long seed);
    }

    /** The threads the training reproductions use: one per processor. */
    static int threads() {
        return Runtime.getRuntime().availableProcessors();
    }

    /**
     * {@code realizations} runs of each of {@code curves} curves, realization r with the latency
     * seed derived from ({@code seed}, r), the same for every curve (so curves are paired by
     * realization); per curve, its runs in realization order. {@code name} labels the progress
     * lines on stderr (one per finished run, with its wall time).
     */
    static List<List<SimulatedRuns.Run>> realizations(
            String name, int curves, int realizations, long seed, int threads, RunOf runOf) {
        List<Callable<SimulatedRuns.Run>> jobs = new ArrayList<>();
        for (int k = 0; k < curves; k++) {
            for (int r = 0; r < realizations; r++) {
                int curve = k;
                int realization = r;
                long s = Seeds.generator(seed ^ (2000L + r)).nextLong();
                jobs.add(
                        () -> {
                            SimulatedRuns.Run run = runOf.run(curve, s);
                            System.err.printf(
                                    Locale.ROOT,
                                    "%s: curve %d realization %d: %.1f s wall%n",
                                    name,
                                    curve,
                                    realization,
                                    run.trace().wallSeconds());
                            return run;
                        });
            }
        }
        long wall = System.nanoTime();
        long cpu = processCpuNanos();
        List<SimulatedRuns.Run> all = all(jobs, threads);
        System.err.printf(
                Locale.ROOT,
                "%s: %d runs on %d threads: %.1f s wall, %.1f s process CPU%n",
                name,
                jobs.size(),
                threads,
                (System.nanoTime() - wall) / 1e9,
                (processCpuNanos() - cpu) / 1e9);
        List<List<SimulatedRuns.Run>> out = new ArrayList<>(curves);
        for (int k = 0; k < curves; k++) {
            out.add(all.subList(k * realizations, (k + 1) * realizations));
        }
        return out;
    }

    /** CPU time of this JVM so far (all threads), or 0 where the platform does not say. */
    private static long processCpuNanos() {
        return ManagementFactory.getOperatingSystemMXBean()
                        instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getProcessCpuTime()
                : 0;
    }

    /**
     * Every job's result, in order; the first failure (in job order) is rethrown, unchecked, and
     * the rest are cancelled.
     */
    static <T> List<T> all(List<Callable<T>> jobs, int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be ≥ 1, got " + threads);
        }
        ExecutorService pool =
                Executors.newFixedThreadPool(Math.min(threads, Math.max(1, jobs.size())));
        try {
            List<Future<T>> futures = new ArrayList<>(jobs.size());
            for (Callable<T> j : jobs) {
                futures.add(pool.submit(j));
            }
            List<T> out = new ArrayList<>(jobs.size());
            for (Future<T> f : futures) {
                out.add(f.get());
            }
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(c);
        } finally {
            pool.shutdownNow();
        }
    }
}
