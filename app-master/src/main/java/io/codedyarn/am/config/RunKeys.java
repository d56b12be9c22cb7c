package io.codedyarn.am.config;

/**
 * The keys of a run's defaults where the command line says nothing: its seed, the slowness its
 * workers inject into themselves, and how often its coordinator checkpoints. Listed, with every
 * other key, in {@link Keys#all()}.
 */
public final class RunKeys {
    private RunKeys() {}

    public static final ConfigKey<Long> DEFAULT_SEED =
            new ConfigKey<>(
                    "coded-yarn.seed",
                    1L,
                    "seed of every random choice when --seed is not given (always printed with the result)");

    /**
     * The default of {@code train --straggle} ({@code
     * io.codedyarn.placement.slowdown.StraggleSpec}).
     */
    public static final ConfigKey<String> STRAGGLE =
            new ConfigKey<>(
                    "coded-yarn.straggle",
                    "none",
                    "slowness the workers inject into themselves when train --straggle is not given: none, or parts joined with + (slow:factor=F[,workers=A/B|node=N], ramp:factor=F, markov:enter=P,leave=Q,factor=F, switch:at=K,factor=F[,mode=down|up], trace:file=PATH); each worker sleeps after computing, (factor - 1) x its compute time");

    /**
     * When the coordinator checkpoints ({@link
     * io.codedyarn.coordinator.checkpoint.CheckpointInterval}): N iterations or Ns seconds.
     */
    public static final ConfigKey<String> CHECKPOINT_INTERVAL =
            new ConfigKey<>(
                    "coded-yarn.checkpoint.interval",
                    "50",
                    "how often the coordinator checkpoints its state: N = every N iterations, Ns = after at least N seconds of training (simulated seconds under --cluster simulated); 0 = only when the run stops or fails. Written atomically (temp + rename) to the job's HDFS directory on YARN (a new ApplicationMaster attempt resumes from it) and kept under --out as checkpoint.ckpt (train --resume DIR)");
}
