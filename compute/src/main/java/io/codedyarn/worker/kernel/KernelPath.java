package io.codedyarn.worker.kernel;

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

    private static final KernelPath DEFAULT = parse(System.getProperty(CONFIG_KEY, "false"));

    /**
     * The path used by {@link Kernels}' methods without an explicit path: {@link #VECTOR} when the
     * JVM was started with {@code -D}{@value #CONFIG_KEY}{@code =true}, else {@link #SCALAR}.
     */
    public static KernelPath defaultPath() {
        return DEFAULT;
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
        return this == SCALAR || ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();
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
