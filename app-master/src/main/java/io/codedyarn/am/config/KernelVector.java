package io.codedyarn.am.config;

import java.util.Locale;

/**
 * {@link Keys#KERNEL_VECTOR}: which kernel path a YARN job's workers run. The ApplicationMaster
 * decides once for the whole job ({@link #vector}), because coded decoding combines results of
 * different workers computed on replicas of the same partitions, and the two paths differ in the
 * last bits (io.codedyarn.worker.kernel.KernelPath).
 */
public enum KernelVector {
    /** The vector path when the AM's Java runtime has the module jdk.incubator.vector. */
    AUTO,
    /** The vector path (a worker JVM without the module falls back to scalar, with a warning). */
    TRUE,
    /** The scalar path: plain Java, StrictMath, bit-identical on every JVM. */
    FALSE;

    /** auto, true or false, any case (anything else, a typo, fails with the allowed values). */
    public static KernelVector parse(String s) {
        return switch (s.trim().toLowerCase(Locale.ROOT)) {
            case "auto" -> AUTO;
            case "true" -> TRUE;
            case "false" -> FALSE;
            default -> throw new NumberFormatException("not auto, true or false: " + s);
        };
    }

    /**
     * @param runtimeHasModule whether the deciding JVM's runtime image holds jdk.incubator.vector
     * @return whether the job's workers run the vector path
     */
    public boolean vector(boolean runtimeHasModule) {
        return this == TRUE || (this == AUTO && runtimeHasModule);
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
