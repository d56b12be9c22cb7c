package io.codedyarn.am.config;

import java.util.List;

/**
 * Every configuration key of coded-yarn. Set in {@code coded-yarn-site.xml}, with {@code -conf
 * file.xml} or with {@code -D key=value} (in this order of precedence, lowest first: the defaults
 * in the jar, {@code coded-yarn-site.xml}, {@code -conf}, {@code -D}). The keys are declared by
 * area: {@link VerifyKeys} ({@code plan --verify}), {@link RunKeys} (a run's seed, injected
 * slowness and checkpoints), {@link KernelKeys} (the workers' compute), {@link MethodKeys} (the
 * methods' tuning), {@link AdaptationKeys} (slow and failed workers), {@link LivenessKeys} (silent
 * workers), {@link AutoKeys} ({@code --scheme auto}), {@link EmbeddedKeys} (the embedded cluster)
 * and {@link YarnJobKeys} (containers, queue, jar), {@link MetricsKeys} (the AM's metrics2 source),
 * and {@link ConfigFiles#STRICT_KEYS}; {@link #all()} lists them all.
 */
public final class Keys {
    private Keys() {}

    public static List<ConfigKey<?>> all() {
        return List.of(
                VerifyKeys.VERIFY_EXHAUSTIVE_LIMIT,
                VerifyKeys.VERIFY_RANDOM_SAMPLES,
                VerifyKeys.VERIFY_TOLERANCE,
                RunKeys.DEFAULT_SEED,
                KernelKeys.KERNEL_VECTOR,
                KernelKeys.KERNEL_THREADS,
                KernelKeys.WORKER_JIT,
                MethodKeys.DSAG_LOAD_BALANCE,
                MethodKeys.DSAG_LOAD_BALANCE_PERIOD_SECONDS,
                MethodKeys.DSAG_LOAD_BALANCE_EVERY_ITERATIONS,
                MethodKeys.DSAG_LOAD_BALANCE_ACCEPTANCE,
                MethodKeys.LAZY_XI,
                MethodKeys.LAZY_MEMORY,
                MethodKeys.LAZY_GROUP_WAIT,
                RunKeys.STRAGGLE,
                MethodKeys.SPEEDS_WARMUP_ITERATIONS,
                MethodKeys.SPEEDS_MIN_GAIN,
                MethodKeys.SPEEDS_MIN_INTERVAL_SECONDS,
                AutoKeys.MAX_STRAGGLERS,
                AutoKeys.WARMUP_ITERATIONS,
                AutoKeys.PERIOD_ITERATIONS,
                AutoKeys.MIN_GAIN,
                AutoKeys.WINDOW_ITERATIONS,
                AutoKeys.BACKUP_FACTOR,
                AutoKeys.BACKUP_FIRST_FACTOR,
                AutoKeys.SIMULATED_LOAD_SECONDS_PER_UNIT,
                AdaptationKeys.EXCLUSION_ENABLED,
                AdaptationKeys.EXCLUSION_WINDOW,
                AdaptationKeys.EXCLUSION_PATIENCE,
                AdaptationKeys.EXCLUSION_PERSIST_SECONDS,
                AdaptationKeys.EXCLUSION_SLOW_FACTOR,
                AdaptationKeys.EXCLUSION_MIN_SECONDS,
                AdaptationKeys.EXCLUSION_TIMEOUT_SECONDS,
                AdaptationKeys.EXCLUSION_MAX_NODE_FRACTION,
                AdaptationKeys.EXCLUSION_MAX_FAILURES_PER_NODE,
                AdaptationKeys.EXCLUSION_MAX_REPLACEMENTS,
                AdaptationKeys.WORKER_MAX_FAILURES,
                AdaptationKeys.WORKER_REPLACEMENT_WAIT_SECONDS,
                AdaptationKeys.JOB_MAX_REPLACEMENTS,
                LivenessKeys.LIVENESS_ENABLED,
                LivenessKeys.LIVENESS_TASK_FACTOR,
                LivenessKeys.LIVENESS_TASK_QUANTILE,
                LivenessKeys.LIVENESS_TASK_WINDOW,
                LivenessKeys.LIVENESS_TASK_FLOOR_SECONDS,
                LivenessKeys.LIVENESS_START_FACTOR,
                LivenessKeys.LIVENESS_START_FLOOR_SECONDS,
                LivenessKeys.LIVENESS_KEEPALIVE_SECONDS,
                EmbeddedKeys.EMBEDDED_DATANODES,
                EmbeddedKeys.EMBEDDED_NODEMANAGERS,
                EmbeddedKeys.EMBEDDED_NM_MEMORY_MB,
                EmbeddedKeys.EMBEDDED_NM_VCORES,
                EmbeddedKeys.EMBEDDED_NM_JAVA_HOME,
                EmbeddedKeys.EMBEDDED_CDS,
                EmbeddedKeys.EMBEDDED_BASE_DIR,
                EmbeddedKeys.EMBEDDED_WEBHDFS,
                YarnJobKeys.AM_MEMORY_MB,
                YarnJobKeys.AM_VCORES,
                YarnJobKeys.AM_JAVA_OPTS,
                YarnJobKeys.AM_JIT,
                YarnJobKeys.AM_MAX_ATTEMPTS,
                YarnJobKeys.KEEP_STAGING,
                RunKeys.CHECKPOINT_INTERVAL,
                YarnJobKeys.AM_IO_THREADS,
                EndpointKeys.PENDING_PER_ADDRESS,
                EndpointKeys.PENDING_TOTAL,
                EndpointKeys.PENDING_BYTES,
                EndpointKeys.HANDSHAKE_TIMEOUT_SECONDS,
                YarnJobKeys.WORKER_MEMORY_MB,
                YarnJobKeys.WORKER_VCORES,
                AdaptationKeys.WORKER_SPARES,
                YarnJobKeys.WORKER_JAVA_OPTS,
                YarnJobKeys.QUEUE,
                YarnJobKeys.AM_NODE_LABEL,
                YarnJobKeys.WORKER_NODE_LABEL,
                YarnJobKeys.PRIORITY,
                YarnJobKeys.TAGS,
                YarnJobKeys.ATTEMPT_FAILURES_VALIDITY_MS,
                YarnJobKeys.LOCALITY_WAIT_SECONDS,
                YarnJobKeys.JOB_JAR,
                YarnJobKeys.JAR_CACHE,
                YarnJobKeys.CONTAINER_JAVA_HOME,
                YarnJobKeys.AM_JAVA_HOME,
                YarnJobKeys.WORKER_JAVA_HOME,
                YarnJobKeys.PLACEMENT_MIN_REPLICATION,
                YarnJobKeys.REPORT_INTERVAL_MS,
                MetricsKeys.QUANTILE_WINDOW_SECONDS,
                ClientKeys.STRICT_KEYS);
    }
}
