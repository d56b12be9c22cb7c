package io.codedyarn.am.config;

/**
 * The keys of the workers' compute: the kernel path (vector or scalar), the JIT compilers of their
 * JVMs and the threads of their kernels. Each is one value per job, decided by the AM, since the
 * choices differ in the last bits of the results or in start-up cost. Listed, with every other key,
 * in {@link Keys#all()}.
 */
public final class KernelKeys {
    private KernelKeys() {}

    /**
     * The workers' kernel path ({@code io.codedyarn.compute.kernel.KernelPath#CONFIG_KEY}): one
     * value per job, decided by the AM, since the two paths differ in the last bits. The vector
     * path reaches the workers as {@code --add-modules ALL-SYSTEM -Dcoded-yarn.kernel.vector=true}
     * (ALL-SYSTEM: a JVM without the module still starts, and falls back to scalar with a warning).
     */
    public static final ConfigKey<KernelVector> KERNEL_VECTOR =
            new ConfigKey<>(
                    "coded-yarn.kernel.vector",
                    KernelVector.AUTO,
                    "auto: the vector path when the ApplicationMaster's Java runtime has the module jdk.incubator.vector and the dataset holds at least 256 MiB of values (rows x columns x 8 bytes: below, the vector path's later JIT compilation costs more than its faster kernel saves), else scalar; true: workers run the Vector API kernels (jdk.incubator.vector, Math.exp/log; bit-identical only on one JDK build and ISA family); false: plain-Java, StrictMath kernels bit-identical on every JVM. Decided once by the AM for every worker of a job");

    /** Which JIT compilers the worker JVMs run ({@link Jit#workerC1Only}). */
    public static final ConfigKey<Jit> WORKER_JIT =
            new ConfigKey<>(
                    "coded-yarn.worker.jit",
                    Jit.AUTO,
                    "auto: worker JVMs compile with C1 only (-XX:TieredStopAtLevel=1) when the job is small (rows x columns x iterations below 1e9) and runs the scalar path: most of a short job's worker CPU is C2 compiling start-up code; else the JVM's full tiered JIT; c1: always C1 only; full: always the full JIT. Decided once by the AM for every worker of a job");

    /** {@link #KERNEL_THREADS}' default: as many threads as each worker container has vcores. */
    public static final String THREADS_VCORES = "vcores";

    /**
     * Threads of each worker's kernels ({@code io.codedyarn.compute.kernel.RowBlocks#CONFIG_KEY}):
     * 1 = single-threaded; T ≥ 2 = fixed 4,096-row blocks summed in block order, the same bits for
     * every T ≥ 2 but not the same as 1 — one value per job. Default: {@link
     * YarnJobKeys#WORKER_VCORES}, the same for every worker of a job (so 1 vcore gives the single
     * pass, and raising the vcores from 1 to 2 or more changes the last bits of the results, while
     * 2, 4 or 8 agree).
     */
    public static final ConfigKey<String> KERNEL_THREADS =
            new ConfigKey<>(
                    "coded-yarn.kernel.threads",
                    THREADS_VCORES,
                    "threads of each worker's gradient kernels: vcores = coded-yarn.worker.vcores, or 1..256. 1 = one pass over the rows; T >= 2 = blocks of 4096 rows on T threads, summed in block order, bit-identical for every T >= 2 but not to 1, so one value for every worker of a job");
}
