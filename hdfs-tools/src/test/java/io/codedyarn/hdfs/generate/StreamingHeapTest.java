package io.codedyarn.hdfs.generate;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Generation streams: a child JVM with a 40 MiB heap generates data sets many times larger than its
 * heap through the real DatasetWriter (2·10⁶ × 30 Gaussian-mixture rows = 480 MB of doubles, 12×
 * the heap; 5·10⁵ × 30 of every other dense kind). A generator that kept its rows would die with
 * OutOfMemoryError.
 */
class StreamingHeapTest {
    @TempDir java.nio.file.Path tmp;

    @Test
    void generatesTenTimesTheHeapInAFortyMegabyteJvm() throws Exception {
        String java =
                System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        List<String> cmd = new ArrayList<>();
        cmd.addAll(
                List.of(
                        java,
                        "-Xmx40m",
                        "-XX:+UseSerialGC",
                        "-cp",
                        System.getProperty("java.class.path"),
                        SmallHeapGenerateMain.class.getName(),
                        tmp.toUri().toString()));
        cmd.addAll(List.of("gaussian-mixture", "2000000", "30"));
        cmd.addAll(List.of("higgs-like", "500000", "30"));
        cmd.addAll(List.of("low-rank", "500000", "30"));
        cmd.addAll(List.of("lagc-lsq", "500000", "30"));
        cmd.addAll(List.of("genotype", "500000", "300"));
        Process proc = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(proc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(proc.waitFor(300, TimeUnit.SECONDS)).isTrue();
        assertThat(proc.exitValue()).as(out).isZero();
        List<String> ok = out.lines().filter(l -> l.startsWith("ok ")).toList();
        assertThat(ok).as(out).hasSize(5);
        String[] gm = ok.get(0).split(" ");
        assertThat(gm[1]).isEqualTo("gaussian-mixture");
        assertThat(Long.parseLong(gm[2])).isEqualTo(2_000_000L);
        long bytes = Long.parseLong(gm[3]);
        long heap = Long.parseLong(gm[4]);
        assertThat(bytes).isGreaterThan(480_000_000L);
        assertThat(heap).isLessThan(bytes / 10);
        for (String line : ok.subList(1, 4)) {
            assertThat(Long.parseLong(line.split(" ")[3])).as(line).isGreaterThan(2 * heap);
        }
    }
}
