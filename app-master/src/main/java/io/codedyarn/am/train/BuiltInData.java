package io.codedyarn.am.train;

import io.codedyarn.compute.task.Workload;
import io.codedyarn.hdfs.dataset.WriterOptions;
import io.codedyarn.hdfs.generate.GeneratorParams;
import io.codedyarn.hdfs.generate.Generators;
import java.io.IOException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The dataset {@code train} uses when no {@code --data} is given, generated (seeded) per workload:
 * LR higgs-like (10,000 × 28, labels ±1, DSAG §VII's shape), PCA low-rank (10,000 × 100), LSQ the
 * LAGC generator (2,000 × 50). Small enough for a laptop's embedded cluster in seconds.
 */
public final class BuiltInData {
    private BuiltInData() {}

    public static GeneratorParams params(Workload w, long seed) {
        return switch (w) {
            case LR -> GeneratorParams.of("higgs-like", 10_000, null, seed);
            case PCA -> GeneratorParams.of("low-rank", 10_000, null, seed);
            case LSQ -> GeneratorParams.of("lagc-lsq", 2_000, null, seed);
        };
    }

    /** Generates the built-in dataset of {@code w} into {@code dir} (a new directory). */
    public static void generate(FileSystem fs, Path dir, Workload w, long seed) throws IOException {
        Generators.generate(
                fs, dir, Generators.create(params(w, seed)), WriterOptions.defaults(), null);
    }
}
