package io.codedyarn.am.config;

import java.util.Locale;

/**
 * {@link YarnJobKeys#AM_JIT}: which JIT compilers the ApplicationMaster's JVM runs, decided by the
 * client when it submits the job (a JVM's compilers are fixed at its start). The AM's work grows
 * with the messages of a run, one task out and one result back per worker and round; its fixed cost
 * is start-up code (YARN and HDFS clients, gRPC, TLS), which C2 compiles for nothing on a short
 * job. See {@link #AUTO_MAX_MESSAGES} for the rule and docs/performance.md for the figures.
 */
public enum AmJit {
    /** C1 when the run has fewer than {@link #AUTO_MAX_MESSAGES} worker-rounds; else full. */
    AUTO,
    /** C1 only ({@code -XX:TieredStopAtLevel=1}). */
    C1,
    /** The JVM's default tiered compilation (C1, then C2). */
    FULL;

    /**
     * What the full JIT costs a short run's AM, CPU seconds: the README's job took a median 28.9
     * CPU s with the AM on the full JIT and 25.4 with C1 alone (4 alternating pairs, whole command;
     * docs/performance.md), the AM's flag the only difference.
     */
    static final double C2_STARTUP_CPU_SECONDS = 3.0;

    /**
     * What C1 alone costs a long run's AM per worker-round, µs of CPU: its transport and
     * coordinator threads at steady state, 25–38 µs at 64 and 256 workers in one session (2
     * alternating pairs, load 6–8) and 86–102 µs in another (one run each, load 10–29; the
     * coordination benchmark, docs/performance.md). The middle of the two, 70 µs, is the value
     * whose bound loses least at worst over that range: about 1.4 CPU s either way.
     */
    static final double C1_EXTRA_MICROS_PER_MESSAGE = 70;

    /**
     * {@link #AUTO}'s bound on workers × iterations (the results the AM receives, each with the
     * task that asked for it). C1 alone saves the C2 compilations of the AM's start-up code, {@link
     * #C2_STARTUP_CPU_SECONDS}, and costs {@link #C1_EXTRA_MICROS_PER_MESSAGE} more of the AM's CPU
     * per worker-round (its transport and coordinator compiled by C1 instead of C2); break-even is
     * the first over the second, 4.3·10⁴. The README's job is 4 × 20 = 80 worker-rounds; 256
     * workers pass the bound in 168 rounds, 16 workers in 2,679. The per-message figure is C2's
     * steady state, which the full JIT reaches only after some thousands of messages (C2 compiles a
     * method after 5,000–15,000 calls), so the true crossing lies somewhat above the bound: by
     * about 10⁴ messages × 70 µs, under a CPU second.
     */
    public static final double AUTO_MAX_MESSAGES =
            C2_STARTUP_CPU_SECONDS / (C1_EXTRA_MICROS_PER_MESSAGE * 1e-6);

    /** The JVM option that keeps a JVM on C1 alone. */
    public static final String C1_OPTION = "-XX:TieredStopAtLevel=1";

    public static AmJit parse(String s) {
        return EnumChoice.parse(s, values());
    }

    /**
     * @param messages workers × iterations of the run (0 for a job without rounds)
     * @return whether the AM runs C1 only
     */
    public boolean c1Only(double messages) {
        return this == C1 || (this == AUTO && messages < AUTO_MAX_MESSAGES);
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
