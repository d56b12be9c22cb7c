package io.codedyarn.am.config;

/**
 * The keys of {@code plan --verify}: how many promised responder sets it checks, and the error it
 * accepts between a decoded and the exact gradient sum. Listed, with every other key, in {@link
 * Keys#all()}.
 */
public final class VerifyKeys {
    private VerifyKeys() {}

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
}
