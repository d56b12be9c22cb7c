package io.codedyarn.am.config;

import java.util.Locale;
import java.util.function.Function;

/**
 * {@link KernelKeys#WORKER_JIT}: which JIT compilers a YARN job's worker JVMs run, decided once by
 * the ApplicationMaster. C1 alone compiles at a fraction of C2's cost but makes slower loops: on
 * the README's 20-round job the workers' start-up CPU fell from about 11 to 6 CPU seconds (2 cores,
 * docs/performance.md), while a long job's kernels want C2.
 */
public enum WorkerJit {
    /** C1 when the job is small ({@link #AUTO_MAX_WORK}) and runs the scalar path; else full. */
    AUTO,
    /** C1 only ({@code -XX:TieredStopAtLevel=1}). */
    C1,
    /** The JVM's default tiered compilation (C1, then C2). */
    FULL;

    /**
     * {@link #AUTO}'s bound on rows × columns × iterations (multiply-adds over the whole data, each
     * round). C1's dense loops run at roughly a third of C2's speed, about 1.5 ns more per
     * multiply-add on this machine's kernels, against about 1.5 CPU seconds of C2 compilation saved
     * per worker at start-up: even where every worker held the whole data the break-even is about
     * 10⁹; the README's job is 5.6·10⁶, Fashion-MNIST's 100 rounds 4.7·10⁹.
     */
    public static final double AUTO_MAX_WORK = 1e9;

    public static WorkerJit parse(String s) {
        return EnumChoice.parse(s, values());
    }

    /** The key's value in {@code lookup} (default auto); a bad one fails naming the key. */
    public static WorkerJit of(Function<String, String> lookup) {
        return CodedYarnConfig.parse(lookup, KernelKeys.WORKER_JIT, WorkerJit::parse);
    }

    /**
     * @param vector whether the workers run the vector path (whose intrinsics only C2 compiles)
     * @param work rows × columns × the iteration budget
     * @return whether the workers run C1 only
     */
    public boolean c1Only(boolean vector, double work) {
        return this == C1 || (this == AUTO && !vector && work < AUTO_MAX_WORK);
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
