package io.codedyarn.am.config;

import io.codedyarn.am.net.PendingLimits;
import java.util.function.Function;

/**
 * The {@code coded-yarn.am.endpoint.*} keys: what a peer that has not yet proven it is one of the
 * application's workers may hold of the ApplicationMaster's worker port (sockets, bytes, time).
 * Listed, with every other key, in {@link Keys#all()}.
 */
public final class EndpointKeys {
    private EndpointKeys() {}

    public static final ConfigKey<Integer> PENDING_PER_ADDRESS =
            new ConfigKey<>(
                    "coded-yarn.am.endpoint.pending-per-address",
                    PendingLimits.DEFAULTS.perAddress(),
                    "connections to the ApplicationMaster's worker port from one IP address that"
                            + " may be in their TLS handshake at once (>= 1); more are closed as"
                            + " they arrive. Never below the job's workers and spares, which may"
                            + " all start on one host");

    public static final ConfigKey<Integer> PENDING_TOTAL =
            new ConfigKey<>(
                    "coded-yarn.am.endpoint.pending-total",
                    PendingLimits.DEFAULTS.total(),
                    "... from all addresses together (>= 1; never below the job's workers and"
                            + " spares)");

    public static final ConfigKey<Integer> PENDING_BYTES =
            new ConfigKey<>(
                    "coded-yarn.am.endpoint.pending-bytes",
                    PendingLimits.DEFAULTS.bytes(),
                    "bytes a connection may send before its TLS handshake completes (>= 1024); a"
                            + " worker's handshake takes a few KB, a peer sending more is cut off");

    public static final ConfigKey<Double> HANDSHAKE_TIMEOUT_SECONDS =
            new ConfigKey<>(
                    "coded-yarn.am.endpoint.handshake-timeout-seconds",
                    PendingLimits.DEFAULTS.handshakeTimeoutMillis() / 1000.0,
                    "a connection whose TLS handshake has not completed after this many seconds"
                            + " (> 0) is closed; a worker's takes well under a second, a JVM"
                            + " starting on a busy node a few");

    static PendingLimits parse(Function<String, String> lookup) {
        int perAddress = CodedYarnConfig.parse(lookup, PENDING_PER_ADDRESS, Integer::parseInt);
        CodedYarnConfig.require(perAddress >= 1, PENDING_PER_ADDRESS, perAddress, "must be >= 1");
        int total = CodedYarnConfig.parse(lookup, PENDING_TOTAL, Integer::parseInt);
        CodedYarnConfig.require(total >= 1, PENDING_TOTAL, total, "must be >= 1");
        int bytes = CodedYarnConfig.parse(lookup, PENDING_BYTES, Integer::parseInt);
        CodedYarnConfig.require(bytes >= 1024, PENDING_BYTES, bytes, "must be >= 1024");
        double seconds =
                CodedYarnConfig.parse(lookup, HANDSHAKE_TIMEOUT_SECONDS, Double::parseDouble);
        CodedYarnConfig.require(
                seconds > 0 && seconds <= 3600,
                HANDSHAKE_TIMEOUT_SECONDS,
                seconds,
                "must be a number of seconds in (0, 3600]");
        return new PendingLimits(perAddress, total, bytes, Math.max(1, Math.round(seconds * 1000)));
    }
}
