package io.codedyarn.am.config;

import java.util.function.Function;

/** The {@code coded-yarn.am.metrics.*} keys: the ApplicationMaster's Hadoop metrics2 source. */
public final class MetricsKeys {
    private MetricsKeys() {}

    public static final ConfigKey<Integer> QUANTILE_WINDOW_SECONDS =
            new ConfigKey<>(
                    "coded-yarn.am.metrics.quantile-window-seconds",
                    60,
                    "the window of the ApplicationMaster's iteration-time quantiles (metrics2"
                            + " IterationTime<N>s: 50th to 99th percentile over the last N seconds;"
                            + " >= 1)");

    static int quantileWindowSeconds(Function<String, String> lookup) {
        int s = CodedYarnConfig.parse(lookup, QUANTILE_WINDOW_SECONDS, Integer::parseInt);
        CodedYarnConfig.require(s >= 1, QUANTILE_WINDOW_SECONDS, s, "must be >= 1");
        return s;
    }
}
