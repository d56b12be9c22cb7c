package io.codedyarn.hdfs.generate;

import io.codedyarn.hdfs.dataset.Manifest;
import io.codedyarn.hdfs.dataset.WriterOptions;
import java.io.OutputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Run by {@link StreamingHeapTest} in a child JVM with a small -Xmx: generates {@code kind rows
 * cols} through the real {@link io.codedyarn.hdfs.dataset.DatasetWriter} (4 MiB blocks) into {@code
 * dir}, with block contents discarded (so the test does not need the disk space), and prints {@code
 * ok <rows> <block bytes> <max heap>}.
 */
public final class SmallHeapGenerateMain {
    private SmallHeapGenerateMain() {}

    public static void main(String[] args) throws Exception {
        String dir = args[0];
        FileSystem fs = FileSystem.getLocal(new Configuration());
        WriterOptions options =
                WriterOptions.defaults()
                        .withTargetBlockBytes(4L << 20)
                        .withOutputs((f, file, i) -> OutputStream.nullOutputStream());
        for (int a = 1; a + 2 < args.length + 1; a += 3) {
            GeneratorParams p =
                    GeneratorParams.of(
                            args[a], Long.parseLong(args[a + 1]), Integer.parseInt(args[a + 2]), 1);
            Manifest m =
                    Generators.generate(
                            fs, new Path(dir, args[a]), Generators.create(p), options, null);
            System.out.println(
                    "ok "
                            + args[a]
                            + " "
                            + m.rows()
                            + " "
                            + m.bytes()
                            + " "
                            + Runtime.getRuntime().maxMemory());
        }
    }
}
