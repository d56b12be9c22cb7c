package io.codedyarn.am.config;

/**
 * The keys of how a job runs on YARN: the ApplicationMaster's and the workers' containers (memory,
 * vcores, Java options), its attempts, queue and job jar, the locality wait, the replicas of placed
 * partitions, and how often the client polls the application report. Listed, with every other key,
 * in {@link Keys#all()}.
 */
public final class YarnJobKeys {
    private YarnJobKeys() {}

    public static final ConfigKey<Integer> AM_MEMORY_MB =
            new ConfigKey<>(
                    "coded-yarn.am.memory-mb", 384, "ApplicationMaster container memory (MiB)");

    public static final ConfigKey<Integer> AM_VCORES =
            new ConfigKey<>("coded-yarn.am.vcores", 1, "ApplicationMaster container virtual cores");

    public static final ConfigKey<String> AM_JAVA_OPTS =
            new ConfigKey<>(
                    "coded-yarn.am.java-opts",
                    "-Xmx256m",
                    "JVM options of the ApplicationMaster (heap below the container memory). The JIT"
                            + " flag coded-yarn.am.jit chooses goes before them, so a JIT option"
                            + " here (-XX:TieredStopAtLevel=N, -XX:-TieredCompilation) wins: the"
                            + " JVM takes the last");

    /** Which JIT compilers the ApplicationMaster's JVM runs ({@link Jit#amC1Only}). */
    public static final ConfigKey<Jit> AM_JIT =
            new ConfigKey<>(
                    "coded-yarn.am.jit",
                    Jit.AUTO,
                    "auto: the ApplicationMaster compiles with C1 only (-XX:TieredStopAtLevel=1)"
                            + " when the run is small (workers x iterations below 4.3e4): C2 would"
                            + " spend about 3 CPU seconds compiling start-up code; else the JVM's"
                            + " full tiered JIT, since C1-compiled the AM's transport and"
                            + " coordinator cost 40-100 us more CPU per worker and round; c1:"
                            + " always C1 only; full: always the full JIT. Decided by the client at"
                            + " submission; predict's ApplicationMaster, which runs no rounds,"
                            + " counts as small");

    public static final ConfigKey<Integer> AM_MAX_ATTEMPTS =
            new ConfigKey<>(
                    "coded-yarn.am.max-attempts",
                    2,
                    "ApplicationMaster attempts YARN makes; a new attempt resumes from the job's latest checkpoint (coded-yarn.checkpoint.interval) with new worker containers");

    public static final ConfigKey<Boolean> KEEP_STAGING =
            new ConfigKey<>(
                    "coded-yarn.keep-staging",
                    false,
                    "keep the application's staging directory (<home>/.coded-yarn/<application id>:"
                            + " the job's files, jar and checkpoints) after it ends; by default the"
                            + " client that follows the run removes it at the end, the"
                            + " ApplicationMaster of a --detach run when it unregisters, and the"
                            + " next submission that of any ended application still there (a"
                            + " detached run that was killed)");

    public static final ConfigKey<Integer> AM_IO_THREADS =
            new ConfigKey<>(
                    "coded-yarn.am.io-threads",
                    1,
                    "event-loop threads of the AM's worker endpoint (gRPC server). One thread"
                            + " spends 30–50 µs of CPU per worker and round with mutual TLS (d ="
                            + " 1,000; 7.5–13 ms a round at 256 workers); more threads spread that"
                            + " only where the AM container has the cores (coded-yarn.am.vcores;"
                            + " docs/performance.md)");

    public static final ConfigKey<Integer> WORKER_MEMORY_MB =
            new ConfigKey<>(
                    "coded-yarn.worker.memory-mb",
                    512,
                    "worker container memory (MiB); must hold the worker's partitions");

    public static final ConfigKey<Integer> WORKER_VCORES =
            new ConfigKey<>("coded-yarn.worker.vcores", 1, "worker container virtual cores");

    public static final ConfigKey<String> WORKER_JAVA_OPTS =
            new ConfigKey<>(
                    "coded-yarn.worker.java-opts",
                    "-Xmx384m",
                    "JVM options of the worker containers (heap below the container memory)");

    public static final ConfigKey<String> QUEUE =
            new ConfigKey<>("coded-yarn.queue", "default", "YARN queue the application runs in");

    public static final ConfigKey<String> AM_NODE_LABEL =
            new ConfigKey<>(
                    "coded-yarn.am.node-label-expression",
                    "",
                    "YARN node label the ApplicationMaster's container runs on (one label; the"
                            + " queue must be allowed it); empty: the queue's default partition");

    public static final ConfigKey<String> WORKER_NODE_LABEL =
            new ConfigKey<>(
                    "coded-yarn.worker.node-label-expression",
                    "",
                    "YARN node label the workers' containers run on: the data is placed beside,"
                            + " and the workers (spares and replacements too) asked for on, only"
                            + " the NodeManagers that carry it (one label; the queue must be allowed"
                            + " it); empty: any node, the queue's default partition");

    public static final ConfigKey<Integer> PRIORITY =
            new ConfigKey<>(
                    "coded-yarn.priority",
                    0,
                    "the application's priority within its queue (YARN's application priority:"
                            + " higher runs first where the scheduler orders by it, capped by the"
                            + " queue's maximum); 0: the queue's default");

    public static final ConfigKey<String> TAGS =
            new ConfigKey<>(
                    "coded-yarn.tags",
                    "",
                    "comma-separated application tags (yarn application -list -appTags, the"
                            + " ResourceManager's UI and REST API show and filter by them); empty:"
                            + " none");

    public static final ConfigKey<Long> ATTEMPT_FAILURES_VALIDITY_MS =
            new ConfigKey<>(
                    "coded-yarn.am.attempt-failures-validity-interval-ms",
                    -1L,
                    "only ApplicationMaster failures within this window (ms) count against"
                            + " coded-yarn.am.max-attempts, so a long job survives failures spread"
                            + " over days; -1: every failure counts (YARN's default)");

    public static final ConfigKey<Integer> LOCALITY_WAIT_SECONDS =
            new ConfigKey<>(
                    "coded-yarn.locality.wait-seconds",
                    30,
                    "how long the AM waits for a container on the node holding a worker's"
                            + " partitions before re-placing them beside another node with room"
                            + " (and, after a second wait there, asking anywhere: logged, reads"
                            + " become remote)");

    public static final ConfigKey<String> JOB_JAR =
            new ConfigKey<>(
                    "coded-yarn.job.jar",
                    "",
                    "the job jar staged for the AM and workers; empty = the jar coded-yarn runs"
                            + " from (none on a minicluster: the containers reuse the classpath)");

    public static final ConfigKey<String> CONTAINER_JAVA_HOME =
            new ConfigKey<>(
                    "coded-yarn.container.java-home",
                    "",
                    "JAVA_HOME of the ApplicationMaster's and workers' containers: a JDK 17 or"
                            + " newer installed at this path on every node; empty: the"
                            + " NodeManager's JAVA_HOME. A container whose Java is older than 17"
                            + " stops at once with one line naming the version it found and this"
                            + " key");

    public static final ConfigKey<String> AM_JAVA_HOME =
            new ConfigKey<>(
                    "coded-yarn.am.java-home",
                    "",
                    "JAVA_HOME of the ApplicationMaster's container; empty:"
                            + " coded-yarn.container.java-home");

    public static final ConfigKey<String> WORKER_JAVA_HOME =
            new ConfigKey<>(
                    "coded-yarn.worker.java-home",
                    "",
                    "JAVA_HOME of the worker containers (and predict's task containers); empty:"
                            + " coded-yarn.container.java-home");

    public static final ConfigKey<String> JAR_CACHE =
            new ConfigKey<>(
                    "coded-yarn.jar.cache",
                    ".coded-yarn/jars",
                    "HDFS directory (relative: to the user's home directory) where the job jar is"
                            + " kept under the SHA-256 of its content, uploaded once (mode 600 in"
                            + " a directory made 700) and reused by every later submission of the"
                            + " same jar, which uploads nothing; NodeManagers keep it localized"
                            + " between applications (visibility PRIVATE). Empty: the jar is"
                            + " uploaded into each application's staging directory");

    public static final ConfigKey<Integer> PLACEMENT_MIN_REPLICATION =
            new ConfigKey<>(
                    "coded-yarn.placement.min-replication",
                    2,
                    "train raises a placed partition stored by fewer workers than this to this"
                            + " many HDFS replicas (>= 1; at most the cluster's default replication, dfs.replication; the NameNode"
                            + " places the extra ones), so that a lost host does not take the only"
                            + " copy of an uncoded, LAG or SAG/DSAG partition with it; 1: replicas"
                            + " = the code's copies");

    public static final ConfigKey<Integer> REPORT_INTERVAL_MS =
            new ConfigKey<>(
                    "coded-yarn.report.interval-ms",
                    500,
                    "how often the client polls the application report (state, progress)");
}
