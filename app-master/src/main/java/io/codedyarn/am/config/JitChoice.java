package io.codedyarn.am.config;

import java.util.Locale;

/**
 * The log line that says which JIT compilers a job's JVMs got and why: the ApplicationMaster's
 * ({@link Jit#amC1Only}, chosen by the client) and the workers' ({@link Jit#workerC1Only}, chosen
 * by the AM).
 */
public final class JitChoice {
    private JitChoice() {}

    /**
     * @param jvms whose JVMs, with the verb ("the ApplicationMaster compiles")
     * @param c1 whether they compile with C1 only
     * @param key the key that chose, {@code asked} its value (auto, c1 or full)
     * @param measure what auto compares with its bound ("workers x iterations"), {@code size} its
     *     value for this job
     * @param bound auto's bound: C1 below it
     */
    public static String describe(
            String jvms,
            boolean c1,
            ConfigKey<?> key,
            Object asked,
            String measure,
            double size,
            double bound) {
        return String.format(
                Locale.ROOT,
                "%s with %s (%s=%s; %s = %.3g, auto picks C1 below %.3g)",
                jvms,
                c1 ? "C1 only" : "the full tiered JIT",
                key.name(),
                asked,
                measure,
                size,
                bound);
    }
}
