package io.codedyarn.compute.kernel;

import io.codedyarn.compute.data.RowRange;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * The multi-threaded form of a kernel, for worker containers with several vcores ({@value
 * #CONFIG_KEY} = T ≥ 2): the range is cut into fixed blocks of {@value #BLOCK_ROWS} rows counted
 * from its first row, each block's vector [loss, gradient] is computed by the single-threaded
 * kernel on any of T threads, and the block vectors are added <b>in block order</b>: out = ((b₀ +
 * b₁) + b₂) + …, element by element. The blocks and the order of the additions depend only on the
 * range, never on T or on which thread finished first, so the result is bit-identical for every T ≥
 * 2, on every run and worker. It differs in the last bits from the single pass (T = 1: one
 * accumulator chain over all rows), so, like {@link KernelPath}, T is one value per job (all
 * replicas of a partition must use the same). A range of at most one block gives exactly the single
 * pass's bits.
 */
public final class RowBlocks {
    /** Configuration key (and system property) for the threads per worker. */
    public static final String CONFIG_KEY = "coded-yarn.kernel.threads";

    /** Rows per block: 4,096 × 1,000 doubles = 32 MiB, enough work to amortise a hand-off. */
    public static final int BLOCK_ROWS = 4096;

    private static final int DEFAULT_THREADS = parse(System.getProperty(CONFIG_KEY, "1"));

    /** Guarded by the class lock ({@link #pool(int)}). */
    private static ExecutorService pool;

    private static int poolThreads;

    private RowBlocks() {}

    /** Threads configured for this JVM ({@code -D}{@value #CONFIG_KEY}, default 1). */
    public static int defaultThreads() {
        return DEFAULT_THREADS;
    }

    /** Parses a value of {@value #CONFIG_KEY}: an integer from 1 to 256. */
    public static int parse(String value) {
        int t;
        try {
            t = Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    CONFIG_KEY + " must be an integer from 1 to 256, got '" + value + "'");
        }
        if (t < 1 || t > 256) {
            throw new IllegalArgumentException(
                    String.format(Locale.ROOT, "%s must be from 1 to 256, got %d", CONFIG_KEY, t));
        }
        return t;
    }

    /**
     * {@code kernel} over {@code range}: the single pass when {@code threads} is 1, else the
     * blocked sum described in the class comment.
     */
    public static double[] run(RowRange range, Function<RowRange, double[]> kernel, int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1, got " + threads);
        }
        int blocks = (range.count() + BLOCK_ROWS - 1) / BLOCK_ROWS;
        if (threads == 1 || blocks <= 1) {
            return kernel.apply(range);
        }
        List<Future<double[]>> parts = new ArrayList<>(blocks);
        ExecutorService p = pool(threads);
        for (int b = 0; b < blocks; b++) {
            int first = b * BLOCK_ROWS;
            RowRange block = range.sub(first, Math.min(BLOCK_ROWS, range.count() - first));
            parts.add(p.submit(() -> kernel.apply(block)));
        }
        double[] out = null;
        try {
            for (Future<double[]> f : parts) {
                double[] v = f.get();
                if (out == null) {
                    out = v.clone();
                } else {
                    for (int i = 0; i < out.length; i++) {
                        out[i] += v[i];
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            parts.forEach(f -> f.cancel(true));
            throw new IllegalStateException("interrupted while computing a kernel", e);
        } catch (ExecutionException e) {
            parts.forEach(f -> f.cancel(true));
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException(e.getCause());
        }
        return out;
    }

    /** One shared pool of daemon threads per JVM, resized when a run asks for another count. */
    private static synchronized ExecutorService pool(int threads) {
        if (pool == null || poolThreads != threads) {
            if (pool != null) {
                pool.shutdown();
            }
            AtomicInteger id = new AtomicInteger();
            pool =
                    Executors.newFixedThreadPool(
                            threads,
                            r -> {
                                Thread t = new Thread(r, "kernel-" + id.getAndIncrement());
                                t.setDaemon(true);
                                return t;
                            });
            poolThreads = threads;
        }
        return pool;
    }
}
