package io.codedyarn.am.config;

import java.util.function.Function;

/**
 * The YARN and embedded-cluster part of {@link CodedYarnConfig}: container sizes, queue, attempts,
 * locality wait, job jar and the embedded cluster's size. One field per key of {@link Keys}.
 *
 * @param embeddedDataNodes {@link Keys#EMBEDDED_DATANODES}
 * @param embeddedNodeManagers {@link Keys#EMBEDDED_NODEMANAGERS}
 * @param embeddedNmMemoryMb {@link Keys#EMBEDDED_NM_MEMORY_MB}
 * @param embeddedNmVcores {@link Keys#EMBEDDED_NM_VCORES}
 * @param embeddedBaseDir {@link Keys#EMBEDDED_BASE_DIR}; empty = a temporary directory
 * @param embeddedCds {@link Keys#EMBEDDED_CDS}
 * @param amMemoryMb {@link Keys#AM_MEMORY_MB}
 * @param amVcores {@link Keys#AM_VCORES}
 * @param amJavaOpts {@link Keys#AM_JAVA_OPTS}
 * @param amMaxAttempts {@link Keys#AM_MAX_ATTEMPTS}
 * @param amIoThreads {@link Keys#AM_IO_THREADS}
 * @param workerMemoryMb {@link Keys#WORKER_MEMORY_MB}
 * @param workerVcores {@link Keys#WORKER_VCORES}
 * @param workerSpares {@link Keys#WORKER_SPARES}
 * @param workerJavaOpts {@link Keys#WORKER_JAVA_OPTS}
 * @param queue {@link Keys#QUEUE}
 * @param localityWaitSeconds {@link Keys#LOCALITY_WAIT_SECONDS}
 * @param jobJar {@link Keys#JOB_JAR}; empty = the jar coded-yarn runs from
 * @param reportIntervalMs {@link Keys#REPORT_INTERVAL_MS}
 * @param minReplication {@link Keys#PLACEMENT_MIN_REPLICATION}
 */
public record YarnSettings(
        int embeddedDataNodes,
        int embeddedNodeManagers,
        int embeddedNmMemoryMb,
        int embeddedNmVcores,
        String embeddedBaseDir,
        boolean embeddedCds,
        int amMemoryMb,
        int amVcores,
        String amJavaOpts,
        int amMaxAttempts,
        int amIoThreads,
        int workerMemoryMb,
        int workerVcores,
        int workerSpares,
        String workerJavaOpts,
        String queue,
        int localityWaitSeconds,
        String jobJar,
        int reportIntervalMs,
        int minReplication) {

    /**
     * @throws IllegalArgumentException naming the key when a value does not parse or is out of
     *     range
     */
    static YarnSettings parse(Function<String, String> lookup) {
        return new YarnSettings(
                positive(lookup, Keys.EMBEDDED_DATANODES),
                positive(lookup, Keys.EMBEDDED_NODEMANAGERS),
                positive(lookup, Keys.EMBEDDED_NM_MEMORY_MB),
                positive(lookup, Keys.EMBEDDED_NM_VCORES),
                text(lookup, Keys.EMBEDDED_BASE_DIR),
                CodedYarnConfig.parse(lookup, Keys.EMBEDDED_CDS, CodedYarnConfig::strictBoolean),
                positive(lookup, Keys.AM_MEMORY_MB),
                positive(lookup, Keys.AM_VCORES),
                text(lookup, Keys.AM_JAVA_OPTS),
                positive(lookup, Keys.AM_MAX_ATTEMPTS),
                positive(lookup, Keys.AM_IO_THREADS),
                positive(lookup, Keys.WORKER_MEMORY_MB),
                positive(lookup, Keys.WORKER_VCORES),
                nonNegative(lookup, Keys.WORKER_SPARES),
                text(lookup, Keys.WORKER_JAVA_OPTS),
                nonEmpty(lookup, Keys.QUEUE),
                nonNegative(lookup, Keys.LOCALITY_WAIT_SECONDS),
                text(lookup, Keys.JOB_JAR),
                positive(lookup, Keys.REPORT_INTERVAL_MS),
                positive(lookup, Keys.PLACEMENT_MIN_REPLICATION));
    }

    private static int positive(Function<String, String> lookup, ConfigKey<Integer> key) {
        int v = integer(lookup, key);
        CodedYarnConfig.require(v >= 1, key, v, "must be >= 1");
        return v;
    }

    private static int nonNegative(Function<String, String> lookup, ConfigKey<Integer> key) {
        int v = integer(lookup, key);
        CodedYarnConfig.require(v >= 0, key, v, "must be >= 0");
        return v;
    }

    private static int integer(Function<String, String> lookup, ConfigKey<Integer> key) {
        return CodedYarnConfig.parse(lookup, key, Integer::parseInt);
    }

    private static String text(Function<String, String> lookup, ConfigKey<String> key) {
        String raw = lookup.apply(key.name());
        return raw == null ? key.defaultValue() : raw.trim();
    }

    private static String nonEmpty(Function<String, String> lookup, ConfigKey<String> key) {
        String v = text(lookup, key);
        CodedYarnConfig.require(!v.isEmpty(), key, "''", "must not be empty");
        return v;
    }
}
