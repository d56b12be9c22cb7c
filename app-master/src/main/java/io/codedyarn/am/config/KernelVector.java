package io.codedyarn.am.config;

import java.util.Locale;

/**
 * {@link KernelKeys#KERNEL_VECTOR}: which kernel path a YARN job's workers run. The
 * ApplicationMaster decides once for the whole job ({@link #vector}), because coded decoding
 * combines results of different workers computed on replicas of the same partitions, and the two
 * paths differ in the last bits (io.codedyarn.compute.kernel.KernelPath).
 */
public enum KernelVector {
    /**
     * The vector path when the AM's Java runtime has the module jdk.incubator.vector and the
     * dataset holds at least {@link #AUTO_MIN_BYTES} of values; else scalar.
     */
    AUTO,
    /** The vector path (a worker JVM without the module falls back to scalar, with a warning). */
    TRUE,
    /** The scalar path: plain Java, StrictMath, bit-identical on every JVM. */
    FALSE;

    /**
     * {@link #AUTO}'s size threshold: 256 MiB of (dense, 8-byte) values. End to end the vector path
     * pays a fixed price, its later JIT compilation (≈ 1 s on the Fashion-MNIST run, 0.5 s
     * scalar against 1.3 s vector over 37 rounds; 3.1 s against 9.5 s for the README's 20 rounds on
     * a loaded machine, docs/performance.md), and saves per round what the faster dense kernel
     * saves per byte: about 1/11 − 1/20 ns at 11 and 20 GB/s (docs/performance.md, kernels), i.e.
     * 0.04 ns per byte. 256 MiB repays a second in about 100 rounds; the built-in 2 MiB set would
     * need some 10,000.
     */
    public static final long AUTO_MIN_BYTES = 256L << 20;

    /** auto, true or false, any case (anything else, a typo, fails with the allowed values). */
    public static KernelVector parse(String s) {
        return EnumChoice.parse(s, values());
    }

    /**
     * @param runtimeHasModule whether the deciding JVM's runtime image holds jdk.incubator.vector
     * @param dataBytes the dataset's values in bytes (rows × columns × 8)
     * @return whether the job's workers run the vector path
     */
    public boolean vector(boolean runtimeHasModule, long dataBytes) {
        return this == TRUE || (this == AUTO && runtimeHasModule && dataBytes >= AUTO_MIN_BYTES);
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
