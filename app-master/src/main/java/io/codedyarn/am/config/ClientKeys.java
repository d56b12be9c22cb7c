package io.codedyarn.am.config;

import java.util.function.Function;

/**
 * The key the client reads about its configuration itself, before the rest: whether an unknown
 * {@code coded-yarn.*} key is an error ({@link KeyCheck}). Listed, with every other key, in {@link
 * Keys#all()}.
 */
public final class ClientKeys {
    private ClientKeys() {}

    public static final ConfigKey<Boolean> STRICT_KEYS =
            new ConfigKey<>(
                    "coded-yarn.strict-keys",
                    true,
                    "true: an unknown coded-yarn.* key (a typo, or a key of another version), from -D, -conf or a site file, is an error naming it and where it was set, with the closest known key; false: a one-line warning");

    /**
     * {@link #STRICT_KEYS}'s value.
     *
     * @throws IllegalArgumentException naming the key when it is neither true nor false
     */
    public static boolean strictKeys(Function<String, String> lookup) {
        return CodedYarnConfig.parse(lookup, STRICT_KEYS, CodedYarnConfig::strictBoolean);
    }
}
