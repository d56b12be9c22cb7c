package io.codedyarn.compute.kernel;

import java.util.Locale;

/**
 * Which implementation of the kernels runs. Each path has its own FIXED summation order, so it is
 * bit-identical across runs, workers and equivalent row ranges; the two paths differ from each
 * other in the last bits. All workers of one job must therefore use the same path (the job's
 * {@value #CONFIG_KEY}), or replicas of a partition would disagree.
 */
public enum KernelPath {
    /**
     * Plain Java, the textbook order (each dot product columns ascending with one accumulator),
     * {@link StrictMath} (fdlibm) transcendentals: bit-identical on every JVM and CPU.
     */
    SCALAR,
    /**
     * {@code jdk.incubator.vector} (needs the JVM option {@value #JVM_OPTION}), fixed 4-lane
     * species: dense dot products in lanes (lane ℓ sums the columns j ≡ ℓ mod 4 ascending, lanes
     * combined as (l0 + l1) + (l2 + l3), then the d mod 4 tail columns ascending); the gradient
     * updates keep the scalar order. Logistic loss uses {@code Math.exp}/{@code Math.log} (HotSpot
     * intrinsics): bit-identical across machines with the same JDK build and instruction set
     * family, not across JDKs or between x86-64 and AArch64. See {@link VectorLinearKernel}.
     */
    VECTOR;

    /** Configuration key (and system property) that selects {@link #VECTOR} when true. */
    public static final String CONFIG_KEY = "coded-yarn.kernel.vector";

    /** The JVM option the vector path needs at run time. */
    public static final String JVM_OPTION = "--add-modules jdk.incubator.vector";

    // The property defaults to false: in-process and simulated runs (the goldens, --cluster
    // simulated) stay on the path that is bit-identical on every JVM; the ApplicationMaster decides
    // a YARN job's path once and passes it to every worker as
    // -Dcoded-yarn.kernel.vector=true|false.
    private static final KernelPath DEFAULT =
            orFallback(parse(System.getProperty(CONFIG_KEY, "false")), System.err::println);

    /**
     * The path used by {@link Kernels}' methods without an explicit path: {@link #VECTOR} when the
     * JVM was started with {@code -D}{@value #CONFIG_KEY}{@code =true} and has the module (else a
     * warning on stderr and {@link #SCALAR}), otherwise {@link #SCALAR}.
     */
    public static KernelPath defaultPath() {
        return DEFAULT;
    }

    /**
     * {@code asked}, or {@link #SCALAR} with a warning when this JVM cannot run it (a worker JVM
     * without the incubator module: it still computes, but its results differ in the last bits from
     * replicas that run the vector path, so the worker reports its path to the AM, which logs the
     * mismatch).
     */
    static KernelPath orFallback(KernelPath asked, java.util.function.Consumer<String> warn) {
        if (asked.available()) {
            return asked;
        }
        warn.accept(
                "coded-yarn: WARNING: "
                        + CONFIG_KEY
                        + "=true but this JVM lacks the module jdk.incubator.vector (JVM option '"
                        + JVM_OPTION
                        + "'): falling back to the scalar kernels, whose results differ in the"
                        + " last bits from the other workers' vector path");
        return SCALAR;
    }

    /**
     * Whether this JVM's runtime image holds the incubator module (resolved into the boot layer or
     * not): what the ApplicationMaster's {@code auto} decides by, since its workers run the same
     * Java on the embedded cluster and, typically, on a real one.
     */
    public static boolean vectorModuleInRuntime() {
        return java.lang.module.ModuleFinder.ofSystem().find("jdk.incubator.vector").isPresent();
    }

    /** Whether this JVM has the incubator module the vector path needs. */
    public static boolean vectorModulePresent() {
        return ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();
    }

    /** The lower-case name a worker reports to the AM ({@code scalar} or {@code vector}). */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** {@code true} → VECTOR, {@code false} → SCALAR (the values of {@value #CONFIG_KEY}). */
    public static KernelPath parse(String value) {
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "true" -> VECTOR;
            case "false" -> SCALAR;
            default ->
                    throw new IllegalArgumentException(
                            CONFIG_KEY + " must be true or false, got '" + value + "'");
        };
    }

    /** Whether this JVM can run the path (VECTOR needs the incubator module in the boot layer). */
    public boolean available() {
        return this == SCALAR || vectorModulePresent();
    }

    /** Throws with the missing JVM option named when this JVM cannot run the path. */
    KernelPath require() {
        if (!available()) {
            throw new IllegalStateException(
                    CONFIG_KEY
                            + "=true needs the JVM option '"
                            + JVM_OPTION
                            + "' (the worker's and the client's java command line)");
        }
        return this;
    }
}
