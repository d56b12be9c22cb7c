package io.codedyarn.am.config;

import java.util.List;

/**
 * Every configuration key of coded-yarn. Set with {@code -D key=value} or {@code -conf file.xml}.
 */
public final class Keys {
    private Keys() {}

    public static final ConfigKey<Long> VERIFY_EXHAUSTIVE_LIMIT =
            new ConfigKey<>(
                    "coded-yarn.verify.exhaustive-limit",
                    100_000L,
                    "plan --verify checks every promised responder set when there are at most this many");

    public static final ConfigKey<Integer> VERIFY_RANDOM_SAMPLES =
            new ConfigKey<>(
                    "coded-yarn.verify.random-samples",
                    10_000,
                    "plan --verify checks this many random promised sets (plus adversarial ones) otherwise");

    public static final ConfigKey<Double> VERIFY_TOLERANCE =
            new ConfigKey<>(
                    "coded-yarn.verify.tolerance",
                    1e-9,
                    "largest relative error between decoded and exact gradient sum that plan --verify accepts");

    public static final ConfigKey<Long> DEFAULT_SEED =
            new ConfigKey<>(
                    "coded-yarn.seed",
                    1L,
                    "seed of every random choice when --seed is not given (always printed with the result)");

    /**
     * The workers' kernel path ({@code io.codedyarn.worker.kernel.KernelPath#CONFIG_KEY}): one
     * value per job, since the two paths differ in the last bits. true needs the worker JVM option
     * {@code --add-modules jdk.incubator.vector} and {@code -Dcoded-yarn.kernel.vector=true}.
     */
    public static final ConfigKey<Boolean> KERNEL_VECTOR =
            new ConfigKey<>(
                    "coded-yarn.kernel.vector",
                    false,
                    "true: workers run the Vector API kernels (jdk.incubator.vector, Math.exp/log; bit-identical only on one JDK build and ISA family); false: plain-Java, StrictMath kernels bit-identical on every JVM");

    public static List<ConfigKey<?>> all() {
        return List.of(
                VERIFY_EXHAUSTIVE_LIMIT,
                VERIFY_RANDOM_SAMPLES,
                VERIFY_TOLERANCE,
                DEFAULT_SEED,
                KERNEL_VECTOR);
    }
}
