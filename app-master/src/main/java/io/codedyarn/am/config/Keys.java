package io.codedyarn.am.config;

import io.codedyarn.coordinator.adapt.SpeedSettings;
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
     * The workers' kernel path ({@code io.codedyarn.compute.kernel.KernelPath#CONFIG_KEY}): one
     * value per job, decided by the AM, since the two paths differ in the last bits. The vector
     * path reaches the workers as {@code --add-modules ALL-SYSTEM -Dcoded-yarn.kernel.vector=true}
     * (ALL-SYSTEM: a JVM without the module still starts, and falls back to scalar with a warning).
     */
    public static final ConfigKey<KernelVector> KERNEL_VECTOR =
            new ConfigKey<>(
                    "coded-yarn.kernel.vector",
                    KernelVector.AUTO,
                    "auto: the vector path when the ApplicationMaster's Java runtime has the module jdk.incubator.vector and the dataset holds at least 256 MiB of values (rows x columns x 8 bytes: below, the vector path's later JIT compilation costs more than its faster kernel saves), else scalar; true: workers run the Vector API kernels (jdk.incubator.vector, Math.exp/log; bit-identical only on one JDK build and ISA family); false: plain-Java, StrictMath kernels bit-identical on every JVM. Decided once by the AM for every worker of a job");

    /** Which JIT compilers the worker JVMs run ({@link WorkerJit}). */
    public static final ConfigKey<WorkerJit> WORKER_JIT =
            new ConfigKey<>(
                    "coded-yarn.worker.jit",
                    WorkerJit.AUTO,
                    "auto: worker JVMs compile with C1 only (-XX:TieredStopAtLevel=1) when the job is small (rows x columns x iterations below 1e9) and runs the scalar path: most of a short job's worker CPU is C2 compiling start-up code; else the JVM's full tiered JIT; c1: always C1 only; full: always the full JIT. Decided once by the AM for every worker of a job");

    /** {@link #KERNEL_THREADS}' default: as many threads as each worker container has vcores. */
    public static final String THREADS_VCORES = "vcores";

    /**
     * Threads of each worker's kernels ({@code io.codedyarn.compute.kernel.RowBlocks#CONFIG_KEY}):
     * 1 = single-threaded; T ≥ 2 = fixed 4,096-row blocks summed in block order, the same bits for
     * every T ≥ 2 but not the same as 1 — one value per job. Default: {@link #WORKER_VCORES}, the
     * same for every worker of a job (so 1 vcore gives the single pass, and raising the vcores from
     * 1 to 2 or more changes the last bits of the results, while 2, 4 or 8 agree).
     */
    public static final ConfigKey<String> KERNEL_THREADS =
            new ConfigKey<>(
                    "coded-yarn.kernel.threads",
                    THREADS_VCORES,
                    "threads of each worker's gradient kernels: vcores = coded-yarn.worker.vcores, or 1..256. 1 = one pass over the rows; T >= 2 = blocks of 4096 rows on T threads, summed in block order, bit-identical for every T >= 2 but not to 1, so one value for every worker of a job");

    public static final ConfigKey<Boolean> DSAG_LOAD_BALANCE =
            new ConfigKey<>(
                    "coded-yarn.dsag.load-balance",
                    true,
                    "true: dsag and sag (SAG-LB) re-balance the workers' subpartition counts p_i from measured latencies (DSAG Algorithms 1 and 2) whenever the previous solution is older than coded-yarn.dsag.load-balance.period-seconds; only latency differences the profiler's window can tell from noise count, and a re-cut worker's old cache entries stay until its new results cover them; false: p_i stay as --subpartitions set them");

    public static final ConfigKey<Double> DSAG_LOAD_BALANCE_PERIOD_SECONDS =
            new ConfigKey<>(
                    "coded-yarn.dsag.load-balance.period-seconds",
                    1.0,
                    "seconds (coordinator time, >= 0) between two solutions of the dsag/sag load balancer: after a round, Algorithm 1 runs again when its previous solution is at least this old (the paper re-solves as soon as the previous solution is done, 0.5-7 s); 0 = after every round");

    public static final ConfigKey<Integer> DSAG_LOAD_BALANCE_EVERY_ITERATIONS =
            new ConfigKey<>(
                    "coded-yarn.dsag.load-balance.every-iterations",
                    0,
                    "0: the load balancer follows coded-yarn.dsag.load-balance.period-seconds; K >= 1: it solves after every K-th iteration instead, whatever the time (10 = the behaviour before the period rule)");

    public static final ConfigKey<Double> LAZY_XI =
            new ConfigKey<>(
                    "coded-yarn.lazy.xi",
                    1.0,
                    "trigger constant xi >= 0 of lag, lagc and g-lag (LAGC conditions (13)/(17)); 0 selects every group each iteration; the paper's experiments use 1");

    public static final ConfigKey<Integer> LAZY_MEMORY =
            new ConfigKey<>(
                    "coded-yarn.lazy.memory",
                    10,
                    "memory D >= 1 of the lazy trigger: how many past squared steps its threshold averages (LAGC (13)/(17)); the paper's experiments use 10");

    public static final ConfigKey<Integer> LAZY_GROUP_WAIT =
            new ConfigKey<>(
                    "coded-yarn.lazy.group-wait",
                    0,
                    "F: how many members a selected group of lag, lagc, g-lag or g-gd waits for before it decodes; 0 = the minimal M_G - r_G + 1 (the paper's), else in [M_G - r_G + 1, M_G]");

    /**
     * The default of {@code train --straggle} ({@code
     * io.codedyarn.placement.slowdown.StraggleSpec}).
     */
    public static final ConfigKey<String> STRAGGLE =
            new ConfigKey<>(
                    "coded-yarn.straggle",
                    "none",
                    "slowness the workers inject into themselves when train --straggle is not given: none, or parts joined with + (slow:factor=F[,workers=A/B|node=N], ramp:factor=F, markov:enter=P,leave=Q,factor=F, switch:at=K,factor=F[,mode=down|up], trace:file=PATH); each worker sleeps after computing, (factor - 1) x its compute time");

    public static final ConfigKey<Integer> SPEEDS_WARMUP_ITERATIONS =
            new ConfigKey<>(
                    "coded-yarn.speeds.warmup-iterations",
                    SpeedSettings.DEFAULT_WARMUP_ITERATIONS,
                    "--speeds auto (hetero, hetero-group, bcc-hetero without --speeds): iterations measured before the first re-plan from the workers' measured throughput (>= 1)");

    public static final ConfigKey<Double> SPEEDS_MIN_GAIN =
            new ConfigKey<>(
                    "coded-yarn.speeds.min-gain",
                    SpeedSettings.DEFAULT_MIN_GAIN,
                    "--speeds auto: re-plan when the measured speeds predict an iteration at least this fraction shorter than the current loads do (when the round decodes if every worker keeps its measured throughput: the (L - s)-th smallest load / throughput over the L loaded workers); in [0, 1)");

    public static final ConfigKey<Double> SPEEDS_MIN_INTERVAL_SECONDS =
            new ConfigKey<>(
                    "coded-yarn.speeds.min-interval-seconds",
                    SpeedSettings.DEFAULT_MIN_INTERVAL_SECONDS,
                    "--speeds auto: at least this many seconds between two re-plans (>= 0)");

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

    public static final ConfigKey<Boolean> LIVENESS_ENABLED =
            new ConfigKey<>(
                    "coded-yarn.liveness.enabled",
                    true,
                    "a worker that stays connected but answers nothing (a frozen host, a cut-off link, a JVM stopped or thrashing in GC) is declared failed at its deadline, its container stopped, its node excluded, and it is replaced as a dead worker is; an exact code starts training once the workers ready can decode, the rest join when ready; false: a silent worker stalls its round");

    public static final ConfigKey<Double> LIVENESS_TASK_FACTOR =
            new ConfigKey<>(
                    "coded-yarn.liveness.task-factor",
                    10.0,
                    "a task is overdue after this many times (> 1) the high quantile of the service times per unit of load (the worker's own or all the workers' pooled, whichever is larger), times the task's load; a worker that has answered no task yet has no task deadline (its connection's keepalive still finds it frozen)");

    public static final ConfigKey<Double> LIVENESS_TASK_QUANTILE =
            new ConfigKey<>(
                    "coded-yarn.liveness.task-quantile", 0.99, "... that high quantile, in (0, 1]");

    public static final ConfigKey<Integer> LIVENESS_TASK_WINDOW =
            new ConfigKey<>(
                    "coded-yarn.liveness.task-window",
                    50,
                    "... over the worker's last this many answered tasks (>= 4)");

    public static final ConfigKey<Double> LIVENESS_TASK_FLOOR_SECONDS =
            new ConfigKey<>(
                    "coded-yarn.liveness.task-floor-seconds",
                    10.0,
                    "no task deadline is shorter (> 0 s); a JIT warm-up, a garbage collection or a JVM starting beside the worker is slowness, not a hang");

    public static final ConfigKey<Double> LIVENESS_START_FACTOR =
            new ConfigKey<>(
                    "coded-yarn.liveness.start-factor",
                    3.0,
                    "a worker not ready after this many times (> 1) the slowest ready worker's start (counted from the first container request) is hung at start and replaced");

    public static final ConfigKey<Double> LIVENESS_START_FLOOR_SECONDS =
            new ConfigKey<>(
                    "coded-yarn.liveness.start-floor-seconds",
                    60.0,
                    "no start deadline is shorter (> 0 s)");

    public static final ConfigKey<Double> LIVENESS_KEEPALIVE_SECONDS =
            new ConfigKey<>(
                    "coded-yarn.liveness.keepalive-seconds",
                    10.0,
                    "the ApplicationMaster pings a worker's connection after this many seconds without traffic (gRPC keepalive, >= 1; workers ping the AM every 10 s too) and closes it, as a failed worker, when no answer comes within twice that time: a frozen or cut-off host is found even while its worker has no task");

    public static final ConfigKey<Integer> EMBEDDED_DATANODES =
            new ConfigKey<>(
                    "coded-yarn.embedded.datanodes",
                    3,
                    "embedded cluster: DataNodes of its in-process MiniDFSCluster");

    public static final ConfigKey<Integer> EMBEDDED_NODEMANAGERS =
            new ConfigKey<>(
                    "coded-yarn.embedded.nodemanagers",
                    3,
                    "embedded cluster: NodeManagers of its in-process MiniYARNCluster");

    public static final ConfigKey<Integer> EMBEDDED_NM_MEMORY_MB =
            new ConfigKey<>(
                    "coded-yarn.embedded.nodemanager.memory-mb",
                    2048,
                    "embedded cluster: memory (MiB) each NodeManager offers to containers");

    public static final ConfigKey<Integer> EMBEDDED_NM_VCORES =
            new ConfigKey<>(
                    "coded-yarn.embedded.nodemanager.vcores",
                    4,
                    "embedded cluster: virtual cores each NodeManager offers to containers");

    public static final ConfigKey<Boolean> EMBEDDED_CDS =
            new ConfigKey<>(
                    "coded-yarn.embedded.class-data-sharing",
                    true,
                    "embedded cluster: the ApplicationMaster and worker JVMs map their classes from class-data sharing archives (AppCDS) in ${java.io.tmpdir}/coded-yarn-cds-${user.name}, one per Java runtime and class path; a run without one records the classes its AM and worker 0 load and the client dumps the archives after it (a failed dump is logged and not retried); false: neither");

    public static final ConfigKey<String> EMBEDDED_BASE_DIR =
            new ConfigKey<>(
                    "coded-yarn.embedded.base-dir",
                    "",
                    "embedded cluster: directory for its HDFS, YARN and conf files; empty = a fresh"
                            + " temporary directory, deleted at shutdown");

    public static final ConfigKey<Integer> AM_MEMORY_MB =
            new ConfigKey<>(
                    "coded-yarn.am.memory-mb", 384, "ApplicationMaster container memory (MiB)");

    public static final ConfigKey<Integer> AM_VCORES =
            new ConfigKey<>("coded-yarn.am.vcores", 1, "ApplicationMaster container virtual cores");

    public static final ConfigKey<String> AM_JAVA_OPTS =
            new ConfigKey<>(
                    "coded-yarn.am.java-opts",
                    "-Xmx256m -XX:TieredStopAtLevel=1",
                    "JVM options of the ApplicationMaster (heap below the container memory). C1 only: the AM computes little (decoding combines a few vectors a round) and mostly runs start-up code, which C2 compiled at a cost of about 4 s of the README command's 27 s on 2 cores");

    public static final ConfigKey<Integer> AM_MAX_ATTEMPTS =
            new ConfigKey<>(
                    "coded-yarn.am.max-attempts",
                    2,
                    "ApplicationMaster attempts YARN makes; a new attempt resumes from the job's latest checkpoint (coded-yarn.checkpoint.interval) with new worker containers");

    /**
     * When the coordinator checkpoints ({@link
     * io.codedyarn.coordinator.checkpoint.CheckpointInterval}): N iterations or Ns seconds.
     */
    public static final ConfigKey<String> CHECKPOINT_INTERVAL =
            new ConfigKey<>(
                    "coded-yarn.checkpoint.interval",
                    "50",
                    "how often the coordinator checkpoints its state: N = every N iterations, Ns = after at least N seconds of training (simulated seconds under --cluster simulated); 0 = only when the run stops or fails. Written atomically (temp + rename) to the job's HDFS directory on YARN (a new ApplicationMaster attempt resumes from it) and kept under --out as checkpoint.ckpt (train --resume DIR)");

    public static final ConfigKey<Integer> AM_IO_THREADS =
            new ConfigKey<>(
                    "coded-yarn.am.io-threads",
                    1,
                    "event-loop threads of the AM's worker endpoint (gRPC server); one serves 64"
                            + " workers' streams (docs/performance.md)");

    public static final ConfigKey<Integer> WORKER_MEMORY_MB =
            new ConfigKey<>(
                    "coded-yarn.worker.memory-mb",
                    512,
                    "worker container memory (MiB); must hold the worker's partitions");

    public static final ConfigKey<Integer> WORKER_VCORES =
            new ConfigKey<>("coded-yarn.worker.vcores", 1, "worker container virtual cores");

    public static final ConfigKey<Integer> WORKER_SPARES =
            new ConfigKey<>(
                    "coded-yarn.worker.spares",
                    2,
                    "warm spare worker containers kept beside the job while adaptation is on (coded-yarn.exclusion.enabled): connected, idle, no data; a slow or failed worker's replacement takes a spare (its partitions placed beside it and loaded, about a second) instead of waiting for a new container (about 12 s on the embedded cluster), and a new spare is asked for; 0: none");

    public static final ConfigKey<String> WORKER_JAVA_OPTS =
            new ConfigKey<>(
                    "coded-yarn.worker.java-opts",
                    "-Xmx384m",
                    "JVM options of the worker containers (heap below the container memory)");

    public static final ConfigKey<String> QUEUE =
            new ConfigKey<>("coded-yarn.queue", "default", "YARN queue the application runs in");

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

    private static List<ConfigKey<?>> base() {
        return List.of(
                VERIFY_EXHAUSTIVE_LIMIT,
                VERIFY_RANDOM_SAMPLES,
                VERIFY_TOLERANCE,
                DEFAULT_SEED,
                KERNEL_VECTOR,
                KERNEL_THREADS,
                WORKER_JIT,
                DSAG_LOAD_BALANCE,
                DSAG_LOAD_BALANCE_PERIOD_SECONDS,
                DSAG_LOAD_BALANCE_EVERY_ITERATIONS,
                LAZY_XI,
                LAZY_MEMORY,
                LAZY_GROUP_WAIT,
                STRAGGLE,
                SPEEDS_WARMUP_ITERATIONS,
                SPEEDS_MIN_GAIN,
                SPEEDS_MIN_INTERVAL_SECONDS,
                EXCLUSION_ENABLED,
                EXCLUSION_WINDOW,
                EXCLUSION_PATIENCE,
                EXCLUSION_PERSIST_SECONDS,
                EXCLUSION_SLOW_FACTOR,
                EXCLUSION_MIN_SECONDS,
                EXCLUSION_TIMEOUT_SECONDS,
                EXCLUSION_MAX_NODE_FRACTION,
                EXCLUSION_MAX_FAILURES_PER_NODE,
                EXCLUSION_MAX_REPLACEMENTS,
                WORKER_MAX_FAILURES,
                WORKER_REPLACEMENT_WAIT_SECONDS,
                JOB_MAX_REPLACEMENTS,
                LIVENESS_ENABLED,
                LIVENESS_TASK_FACTOR,
                LIVENESS_TASK_QUANTILE,
                LIVENESS_TASK_WINDOW,
                LIVENESS_TASK_FLOOR_SECONDS,
                LIVENESS_START_FACTOR,
                LIVENESS_START_FLOOR_SECONDS,
                LIVENESS_KEEPALIVE_SECONDS,
                EMBEDDED_DATANODES,
                EMBEDDED_NODEMANAGERS,
                EMBEDDED_NM_MEMORY_MB,
                EMBEDDED_NM_VCORES,
                EMBEDDED_CDS,
                EMBEDDED_BASE_DIR,
                AM_MEMORY_MB,
                AM_VCORES,
                AM_JAVA_OPTS,
                AM_MAX_ATTEMPTS,
                CHECKPOINT_INTERVAL,
                AM_IO_THREADS,
                WORKER_MEMORY_MB,
                WORKER_VCORES,
                WORKER_SPARES,
                WORKER_JAVA_OPTS,
                QUEUE,
                LOCALITY_WAIT_SECONDS,
                JOB_JAR,
                PLACEMENT_MIN_REPLICATION,
                REPORT_INTERVAL_MS);
    }

    /** Every key: {@link #base()} and {@link AutoKeys}. */
    public static List<ConfigKey<?>> all() {
        List<ConfigKey<?>> all = new java.util.ArrayList<>(base());
        all.addAll(AutoKeys.all());
        return List.copyOf(all);
    }
}
