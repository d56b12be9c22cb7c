package io.codedyarn.am.config;

/**
 * The keys of the adaptation to slow and failed workers: how a slow worker is judged, when a node
 * is excluded, how often a worker or the job may be replaced, how long a round waits for a
 * replacement, and the warm spares replacements take. Listed, with every other key, in {@link
 * Keys#all()}.
 */
public final class AdaptationKeys {
    private AdaptationKeys() {}

    public static final ConfigKey<Boolean> EXCLUSION_ENABLED =
            new ConfigKey<>(
                    "coded-yarn.exclusion.enabled",
                    true,
                    "true: the AM judges workers from their measured latencies, excludes the node of a persistently slow worker or of repeated failures, and replaces slow and failed workers on healthy nodes (the old one works until the replacement is ready); false: nothing is judged or excluded, and failed workers are still replaced within coded-yarn.worker.max-failures");

    public static final ConfigKey<Integer> EXCLUSION_WINDOW =
            new ConfigKey<>(
                    "coded-yarn.exclusion.window",
                    10,
                    "task latencies per worker the slow-worker detector keeps (>= 2); a worker is judged once it has half as many");

    public static final ConfigKey<Integer> EXCLUSION_PATIENCE =
            new ConfigKey<>(
                    "coded-yarn.exclusion.patience",
                    3,
                    "consecutive iterations a worker must be judged slow before it is replaced (>= 1)");

    public static final ConfigKey<Double> EXCLUSION_PERSIST_SECONDS =
            new ConfigKey<>(
                    "coded-yarn.exclusion.persist-seconds",
                    5.0,
                    "... and those judgements must span at least this many seconds (>= 0): a pause (a garbage collection, a JVM starting beside it) is what coding absorbs, a replacement costs a container start");

    public static final ConfigKey<Double> EXCLUSION_SLOW_FACTOR =
            new ConfigKey<>(
                    "coded-yarn.exclusion.slow-factor",
                    2.0,
                    "a worker is slow when its median latency per unit of load exceeds this many times the workers' median and 3 scaled MADs above it (> 1)");

    public static final ConfigKey<Double> EXCLUSION_MIN_SECONDS =
            new ConfigKey<>(
                    "coded-yarn.exclusion.min-seconds",
                    0.001,
                    "... and above this many seconds per unit of load (>= 0): a replacement costs a container start, which sub-millisecond differences (timer and GC noise) never repay");

    public static final ConfigKey<Double> EXCLUSION_TIMEOUT_SECONDS =
            new ConfigKey<>(
                    "coded-yarn.exclusion.timeout-seconds",
                    300.0,
                    "how long an excluded node stays excluded (> 0; Spark's excludeOnFailure.timeout)");

    public static final ConfigKey<Double> EXCLUSION_MAX_NODE_FRACTION =
            new ConfigKey<>(
                    "coded-yarn.exclusion.max-node-fraction",
                    1.0 / 3,
                    "at most this fraction of the cluster's NodeManagers excluded at once, rounded down (in [0, 1); Tez's ignore-threshold-node-percent, 33)");

    public static final ConfigKey<Integer> EXCLUSION_MAX_FAILURES_PER_NODE =
            new ConfigKey<>(
                    "coded-yarn.exclusion.max-failures-per-node",
                    2,
                    "worker failures on a node that exclude it (>= 1; Spark's maxFailedExecutorsPerNode)");

    public static final ConfigKey<Integer> EXCLUSION_MAX_REPLACEMENTS =
            new ConfigKey<>(
                    "coded-yarn.exclusion.max-replacements",
                    3,
                    "replacements of one worker for persistent slowness over a run (>= 0), after which it stays as it is");

    public static final ConfigKey<Integer> WORKER_MAX_FAILURES =
            new ConfigKey<>(
                    "coded-yarn.worker.max-failures",
                    4,
                    "attempts per worker identity (>= 1; MapReduce's mapreduce.map.maxattempts): a worker whose container exits, fails to launch, is preempted or loses its NodeManager is replaced while it has had fewer attempts, also with coded-yarn.exclusion.enabled=false; 1: failures are never replaced and the code's tolerance carries the run");

    public static final ConfigKey<Double> WORKER_REPLACEMENT_WAIT_SECONDS =
            new ConfigKey<>(
                    "coded-yarn.worker.replacement-wait-seconds",
                    120.0,
                    "how long a round that the live workers cannot decode waits for the failed workers' replacements (>= 0); a replacement that takes over gets the round's task at once; none within this wait, or none on its way, fails the run");

    public static final ConfigKey<Integer> JOB_MAX_REPLACEMENTS =
            new ConfigKey<>(
                    "coded-yarn.job.max-replacements",
                    16,
                    "replacements over the whole job, for slowness and failures together (>= 0)");

    public static final ConfigKey<Integer> WORKER_SPARES =
            new ConfigKey<>(
                    "coded-yarn.worker.spares",
                    2,
                    "warm spare worker containers kept beside the job while adaptation is on (coded-yarn.exclusion.enabled): connected, idle, no data; a slow or failed worker's replacement takes a spare (its partitions placed beside it and loaded, about a second) instead of waiting for a new container (about 12 s on the embedded cluster), and a new spare is asked for; 0: none");
}
