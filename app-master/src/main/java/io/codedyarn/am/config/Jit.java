package io.codedyarn.am.config;

import java.util.Locale;
import java.util.function.Function;

/**
 * Which JIT compilers a job's JVMs run, fixed at each JVM's start: the ApplicationMaster's ({@link
 * YarnJobKeys#AM_JIT}, decided by the client when it submits the job, {@link #amC1Only}) and the
 * workers' ({@link KernelKeys#WORKER_JIT}, decided once by the AM for all of them, {@link
 * #workerC1Only}). The two keys take the same values; only what auto weighs differs. C1 alone
 * compiles at a fraction of C2's cost but makes slower code, so auto picks it for small jobs only;
 * docs/performance.md has the figures.
 */
public enum Jit {
    /** C1 when the job is small (each JVM's rule says what small is); else full. */
    AUTO,
    /** C1 only ({@link #C1_OPTION}). */
    C1,
    /** The JVM's default tiered compilation (C1, then C2). */
    FULL;

    /** The JVM option that keeps a JVM on C1 alone. */
    public static final String C1_OPTION = "-XX:TieredStopAtLevel=1";

    // ---- The ApplicationMaster's rule ----

    /**
     * What the full JIT costs a short run's AM, CPU seconds: the README's job took a median 28.9
     * CPU s with the AM on the full JIT and 25.4 with C1 alone (4 alternating pairs, whole command;
     * docs/performance.md), the AM's flag the only difference. The AM's fixed cost is start-up code
     * (YARN and HDFS clients, gRPC, TLS), which C2 compiles for nothing on a short job.
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
     * Auto's bound on the AM's workers × iterations (the results the AM receives, each with the
     * task that asked for it). C1 alone saves the C2 compilations of the AM's start-up code, {@link
     * #C2_STARTUP_CPU_SECONDS}, and costs {@link #C1_EXTRA_MICROS_PER_MESSAGE} more of the AM's CPU
     * per worker-round (its transport and coordinator compiled by C1 instead of C2); break-even is
     * the first over the second, 4.3·10⁴. The README's job is 4 × 20 = 80 worker-rounds; 256
     * workers pass the bound in 168 rounds, 16 workers in 2,679. The per-message figure is C2's
     * steady state, which the full JIT reaches only after some thousands of messages (C2 compiles a
     * method after 5,000–15,000 calls), so the true crossing lies somewhat above the bound: by
     * about 10⁴ messages × 70 µs, under a CPU second.
     */
    public static final double AM_AUTO_MAX_MESSAGES =
            C2_STARTUP_CPU_SECONDS / (C1_EXTRA_MICROS_PER_MESSAGE * 1e-6);

    /**
     * @param messages workers × iterations of the run (0 for a job without rounds)
     * @return whether the AM runs C1 only
     */
    public boolean amC1Only(double messages) {
        return c1Only(messages < AM_AUTO_MAX_MESSAGES);
    }

    // ---- The workers' rule ----

    /**
     * Auto's bound on the workers' rows × columns × iterations (multiply-adds over the whole data,
     * each round). C1's dense loops run at roughly a third of C2's speed, about 1.5 ns more per
     * multiply-add on this machine's kernels, against about 1.5 CPU seconds of C2 compilation saved
     * per worker at start-up (on the README's 20-round job the workers' start-up CPU fell from
     * about 11 to 6 CPU seconds, 2 cores): even where every worker held the whole data the
     * break-even is about 10⁹; the README's job is 5.6·10⁶, Fashion-MNIST's 100 rounds 4.7·10⁹.
     */
    public static final double WORKER_AUTO_MAX_WORK = 1e9;

    /**
     * @param vector whether the workers run the vector path (whose intrinsics only C2 compiles)
     * @param work rows × columns × the iteration budget
     * @return whether the workers run C1 only
     */
    public boolean workerC1Only(boolean vector, double work) {
        return c1Only(!vector && work < WORKER_AUTO_MAX_WORK);
    }

    // ---- Parsing ----

    public static Jit parse(String s) {
        return EnumChoice.parse(s, values());
    }

    /** {@code key}'s value in {@code lookup} (default auto); a bad one fails naming the key. */
    public static Jit of(Function<String, String> lookup, ConfigKey<Jit> key) {
        return CodedYarnConfig.parse(lookup, key, Jit::parse);
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }

    private boolean c1Only(boolean small) {
        return this == C1 || (this == AUTO && small);
    }
}
