package io.codedyarn.coordinator;

import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.adapt.AdaptSettings;
import io.codedyarn.coordinator.adapt.SpeedSettings;
import io.codedyarn.coordinator.async.BalanceSchedule;
import io.codedyarn.coordinator.checkpoint.CheckpointFile;
import io.codedyarn.coordinator.checkpoint.CheckpointInterval;
import io.codedyarn.coordinator.lazy.LazySettings;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.coordinator.simulated.SimulatedTrain;
import io.codedyarn.coordinator.trace.RunResult;
import io.codedyarn.coordinator.trace.TraceSink;
import io.codedyarn.placement.SchemeParams;
import java.io.File;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The coordinator's memory does not grow with the rounds (issue 26): 10⁵ simulated rounds of cyclic
 * GD (4 workers, s = 1: the straggler's tasks are retired by newest-wins or lost) run in a JVM of
 * 64 MiB with their records streamed away, the used heap after a full GC flat from the first sample
 * on (measured: 4.3 MB at 10⁴ rounds, 4.4 MB at 10⁵), and the checkpoint after 10⁵ rounds no bigger
 * than after 10⁴ (23.1 and 23.5 KB). The same run before the round engine evicted its tasks and the
 * run state its log: 19, 35 and 51 MB after 1, 2 and 3 × 10⁴ rounds, a 1.7 MB checkpoint after 10⁴,
 * then OutOfMemoryError. The run is in a child JVM (this one's heap is the test runner's): {@link
 * #main} is that child, printing a line per sample.
 */
class MemoryBoundTest {
    static final int ROUNDS = 100_000;
    static final int EVERY = 10_000;

    @Test
    void aHundredThousandRoundsRunFlatInA64MiBHeap() throws Exception {
        String java =
                System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        Process p =
                new ProcessBuilder(
                                java,
                                "-Xmx64m",
                                "--add-modules",
                                "jdk.incubator.vector",
                                "-cp",
                                System.getProperty("java.class.path"),
                                MemoryBoundTest.class.getName(),
                                Integer.toString(ROUNDS),
                                Integer.toString(EVERY))
                        .redirectErrorStream(true)
                        .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        List<long[]> heap = new ArrayList<>();
        List<long[]> checkpoints = new ArrayList<>();
        for (String line : out.split("\n")) {
            String[] f = line.trim().split(" ");
            if (f[0].equals("heap")) {
                heap.add(new long[] {Long.parseLong(f[1]), Long.parseLong(f[2])});
            } else if (f[0].equals("checkpoint")) {
                checkpoints.add(new long[] {Long.parseLong(f[1]), Long.parseLong(f[2])});
            }
        }
        assertThat(heap).as(out).hasSize(ROUNDS / EVERY);
        long first = heap.get(0)[1];
        long max = heap.stream().mapToLong(h -> h[1]).max().orElseThrow();
        // flat: after the first 10^4 rounds, at most 2 MiB more (the JIT's and the class data's
        // growth; the task slots alone of 10^5 rounds would take ~70 MiB)
        assertThat(max - first).as(out).isLessThan(2L << 20);
        assertThat(checkpoints).as(out).hasSize(2);
        long at10k = checkpoints.get(0)[1];
        long atEnd = checkpoints.get(1)[1];
        // a few bytes more for the longer iteration numbers, not 10x the rows
        assertThat(atEnd).as(out).isLessThan(at10k + 2048);
    }

    /**
     * The child: {@code ROUNDS EVERY}. Prints {@code heap ITERATION BYTES} (used heap after a full
     * GC) every EVERY rounds and {@code checkpoint ITERATION BYTES} for the checkpoints after EVERY
     * rounds and at the end.
     */
    public static void main(String[] args) throws Exception {
        int rounds = Integer.parseInt(args[0]);
        int every = Integer.parseInt(args[1]);
        TrainSpec spec =
                Trainer.spec(
                        Workload.LR,
                        "cyclic",
                        SchemeParams.of(4, 1, 3),
                        "gd",
                        rounds,
                        0,
                        "shifted-exp:alpha=0.5,mu=2");
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        TraceSink discard =
                Trainer.roundsOnly(
                        r -> {
                            if ((r.iteration() + 1) % every == 0) {
                                memory.gc();
                                System.out.println(
                                        "heap "
                                                + (r.iteration() + 1)
                                                + " "
                                                + memory.getHeapMemoryUsage().getUsed());
                            }
                        });
        RunResult r =
                SimulatedTrain.run(
                        spec,
                        spec.plan(),
                        Trainer.logistic(64, 4, 1),
                        false,
                        BalanceSchedule.defaults(),
                        AdaptSettings.off(),
                        SpeedSettings.defaults(),
                        LazySettings.defaults(),
                        new SimulatedTrain.Checkpointing(
                                c -> {
                                    if (c.iteration() == every || c.iteration() == rounds) {
                                        System.out.println(
                                                "checkpoint "
                                                        + c.iteration()
                                                        + " "
                                                        + CheckpointFile.encode(c).length);
                                    }
                                },
                                new CheckpointInterval(50, 0),
                                "",
                                null),
                        discard);
        if (!r.succeeded() || r.iterations() != rounds) {
            System.out.println("failed: " + r.diagnostic() + " after " + r.iterations());
            System.exit(1);
        }
    }
}
