package io.codedyarn.am.config;

import java.util.function.Function;

/**
 * The YARN and embedded-cluster part of {@link CodedYarnConfig}: container sizes, queue, attempts,
 * locality wait, job jar and the embedded cluster's size. One field per key of {@link Keys}.
 *
 * @param embeddedDataNodes {@link EmbeddedKeys#EMBEDDED_DATANODES}
 * @param embeddedNodeManagers {@link EmbeddedKeys#EMBEDDED_NODEMANAGERS}
 * @param embeddedNmMemoryMb {@link EmbeddedKeys#EMBEDDED_NM_MEMORY_MB}
 * @param embeddedNmVcores {@link EmbeddedKeys#EMBEDDED_NM_VCORES}
 * @param embeddedBaseDir {@link EmbeddedKeys#EMBEDDED_BASE_DIR}; empty = a temporary directory
 * @param embeddedCds {@link EmbeddedKeys#EMBEDDED_CDS}
 * @param embeddedWebHdfs {@link EmbeddedKeys#EMBEDDED_WEBHDFS}
 * @param amMemoryMb {@link YarnJobKeys#AM_MEMORY_MB}
 * @param amVcores {@link YarnJobKeys#AM_VCORES}
 * @param amJavaOpts {@link YarnJobKeys#AM_JAVA_OPTS}
 * @param amJit {@link YarnJobKeys#AM_JIT}
 * @param amMaxAttempts {@link YarnJobKeys#AM_MAX_ATTEMPTS}
 * @param keepStaging {@link YarnJobKeys#KEEP_STAGING}
 * @param priority {@link YarnJobKeys#PRIORITY}
 * @param tags {@link YarnJobKeys#TAGS}, split at commas, blanks dropped
 * @param attemptFailuresValidityMs {@link YarnJobKeys#ATTEMPT_FAILURES_VALIDITY_MS}
 * @param amIoThreads {@link YarnJobKeys#AM_IO_THREADS}
 * @param workerMemoryMb {@link YarnJobKeys#WORKER_MEMORY_MB}
 * @param workerVcores {@link YarnJobKeys#WORKER_VCORES}
 * @param workerSpares {@link AdaptationKeys#WORKER_SPARES}
 * @param workerJavaOpts {@link YarnJobKeys#WORKER_JAVA_OPTS}
 * @param queue {@link YarnJobKeys#QUEUE}
 * @param amNodeLabel {@link YarnJobKeys#AM_NODE_LABEL}; empty = none
 * @param workerNodeLabel {@link YarnJobKeys#WORKER_NODE_LABEL}; empty = none
 * @param localityWaitSeconds {@link YarnJobKeys#LOCALITY_WAIT_SECONDS}
 * @param jobJar {@link YarnJobKeys#JOB_JAR}; empty = the jar coded-yarn runs from
 * @param reportIntervalMs {@link YarnJobKeys#REPORT_INTERVAL_MS}
 * @param minReplication {@link YarnJobKeys#PLACEMENT_MIN_REPLICATION}
 * @param embeddedNmJavaHome {@link EmbeddedKeys#EMBEDDED_NM_JAVA_HOME}; empty = this JVM's
 * @param amJavaHome {@link YarnJobKeys#AM_JAVA_HOME}, else {@link YarnJobKeys#CONTAINER_JAVA_HOME};
 *     empty = the NodeManager's JAVA_HOME
 * @param workerJavaHome {@link YarnJobKeys#WORKER_JAVA_HOME}, else {@link
 *     YarnJobKeys#CONTAINER_JAVA_HOME}; empty = the NodeManager's JAVA_HOME
 * @param jarCache {@link YarnJobKeys#JAR_CACHE}; empty = off
 */
public record YarnSettings(
        int embeddedDataNodes,
        int embeddedNodeManagers,
        int embeddedNmMemoryMb,
        int embeddedNmVcores,
        String embeddedBaseDir,
        boolean embeddedCds,
        boolean embeddedWebHdfs,
        int amMemoryMb,
        int amVcores,
        String amJavaOpts,
        Jit amJit,
        int amMaxAttempts,
        boolean keepStaging,
        int priority,
        java.util.List<String> tags,
        long attemptFailuresValidityMs,
        int amIoThreads,
        int workerMemoryMb,
        int workerVcores,
        int workerSpares,
        String workerJavaOpts,
        String queue,
        String amNodeLabel,
        String workerNodeLabel,
        int localityWaitSeconds,
        String jobJar,
        int reportIntervalMs,
        int minReplication,
        String embeddedNmJavaHome,
        String amJavaHome,
        String workerJavaHome,
        String jarCache) {

    /**
     * @throws IllegalArgumentException naming the key when a value does not parse or is out of
     *     range
     */
    static YarnSettings parse(Function<String, String> lookup) {
        return new YarnSettings(
                positive(lookup, EmbeddedKeys.EMBEDDED_DATANODES),
                positive(lookup, EmbeddedKeys.EMBEDDED_NODEMANAGERS),
                positive(lookup, EmbeddedKeys.EMBEDDED_NM_MEMORY_MB),
                positive(lookup, EmbeddedKeys.EMBEDDED_NM_VCORES),
                text(lookup, EmbeddedKeys.EMBEDDED_BASE_DIR),
                CodedYarnConfig.parse(
                        lookup, EmbeddedKeys.EMBEDDED_CDS, CodedYarnConfig::strictBoolean),
                CodedYarnConfig.parse(
                        lookup, EmbeddedKeys.EMBEDDED_WEBHDFS, CodedYarnConfig::strictBoolean),
                positive(lookup, YarnJobKeys.AM_MEMORY_MB),
                positive(lookup, YarnJobKeys.AM_VCORES),
                text(lookup, YarnJobKeys.AM_JAVA_OPTS),
                Jit.of(lookup, YarnJobKeys.AM_JIT),
                positive(lookup, YarnJobKeys.AM_MAX_ATTEMPTS),
                CodedYarnConfig.parse(
                        lookup, YarnJobKeys.KEEP_STAGING, CodedYarnConfig::strictBoolean),
                nonNegative(lookup, YarnJobKeys.PRIORITY),
                java.util.Arrays.stream(text(lookup, YarnJobKeys.TAGS).split(","))
                        .map(String::trim)
                        .filter(t -> !t.isEmpty())
                        .toList(),
                validity(lookup),
                positive(lookup, YarnJobKeys.AM_IO_THREADS),
                positive(lookup, YarnJobKeys.WORKER_MEMORY_MB),
                positive(lookup, YarnJobKeys.WORKER_VCORES),
                nonNegative(lookup, AdaptationKeys.WORKER_SPARES),
                text(lookup, YarnJobKeys.WORKER_JAVA_OPTS),
                nonEmpty(lookup, YarnJobKeys.QUEUE),
                label(lookup, YarnJobKeys.AM_NODE_LABEL),
                label(lookup, YarnJobKeys.WORKER_NODE_LABEL),
                nonNegative(lookup, YarnJobKeys.LOCALITY_WAIT_SECONDS),
                text(lookup, YarnJobKeys.JOB_JAR),
                positive(lookup, YarnJobKeys.REPORT_INTERVAL_MS),
                positive(lookup, YarnJobKeys.PLACEMENT_MIN_REPLICATION),
                javaHome(lookup, EmbeddedKeys.EMBEDDED_NM_JAVA_HOME),
                roleJavaHome(lookup, YarnJobKeys.AM_JAVA_HOME),
                roleJavaHome(lookup, YarnJobKeys.WORKER_JAVA_HOME),
                text(lookup, YarnJobKeys.JAR_CACHE));
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

    private static long validity(Function<String, String> lookup) {
        long v =
                CodedYarnConfig.parse(
                        lookup, YarnJobKeys.ATTEMPT_FAILURES_VALIDITY_MS, Long::parseLong);
        CodedYarnConfig.require(
                v == -1 || v > 0, YarnJobKeys.ATTEMPT_FAILURES_VALIDITY_MS, v, "must be -1 or > 0");
        return v;
    }

    private static String roleJavaHome(Function<String, String> lookup, ConfigKey<String> role) {
        String own = javaHome(lookup, role);
        return own.isEmpty() ? javaHome(lookup, YarnJobKeys.CONTAINER_JAVA_HOME) : own;
    }

    /**
     * A JDK directory as the containers' launch command uses it: absolute (a relative one would be
     * resolved in each container's working directory), without a trailing slash, and free of
     * characters the command's shell would interpret.
     */
    private static String javaHome(Function<String, String> lookup, ConfigKey<String> key) {
        String v = text(lookup, key);
        if (v.isEmpty()) {
            return v;
        }
        CodedYarnConfig.require(
                v.startsWith("/") && v.matches("[A-Za-z0-9_./+@:-]+"),
                key,
                v,
                "must be an absolute path of letters, digits and _./+@:- (a JDK 17+ directory on"
                        + " the nodes)");
        return v.length() > 1 && v.endsWith("/") ? v.substring(0, v.length() - 1) : v;
    }

    private static String text(Function<String, String> lookup, ConfigKey<String> key) {
        String raw = lookup.apply(key.name());
        return raw == null ? key.defaultValue() : raw.trim();
    }

    /**
     * One YARN node label, as YARN's labels manager accepts it (letters, digits, '-' and '_', not
     * starting with either, at most 255 characters) or empty: YARN takes no expression of several
     * labels ({@code &&}, {@code ||}) on a container request.
     */
    private static String label(Function<String, String> lookup, ConfigKey<String> key) {
        String v = text(lookup, key);
        CodedYarnConfig.require(
                v.isEmpty() || v.length() <= 255 && v.matches("[0-9A-Za-z][0-9A-Za-z_-]*"),
                key,
                "'" + v + "'",
                "must be one node label (letters, digits, '-' and '_'; YARN takes no && or ||)");
        return v;
    }

    private static String nonEmpty(Function<String, String> lookup, ConfigKey<String> key) {
        String v = text(lookup, key);
        CodedYarnConfig.require(!v.isEmpty(), key, "''", "must not be empty");
        return v;
    }
}
