package io.codedyarn.am.bench.stragglers;

import io.codedyarn.am.train.DatasetRows;
import io.codedyarn.compute.data.Rows;
import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.simulated.Reference;
import io.codedyarn.hdfs.dataset.WriterOptions;
import io.codedyarn.hdfs.generate.GeneratorParams;
import io.codedyarn.hdfs.generate.Generators;
import io.codedyarn.placement.InvalidParametersException;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The benchmark's dataset, made once for every run: a given directory, or a generated higgs-like
 * set ({@code data generate --kind higgs-like --rows R --seed S}); and its reference optimum F*
 * (L-BFGS to 1e-10, LR with intercept, λ = 1/n: what {@code train} computes for {@code
 * --target-gap}), computed once instead of once per run.
 */
public final class BenchData {
    private BenchData() {}

    /** Where the data is and its F*. */
    public record Prepared(String dir, long rows, double reference) {}

    /** Generates the higgs-like set into the local {@code dir} (which must not exist). */
    public static void generate(Configuration hadoop, java.nio.file.Path dir, long rows, long seed)
            throws IOException {
        InvalidParametersException.require(rows >= 100, "--rows", "must be >= 100, got %d", rows);
        FileSystem local = FileSystem.getLocal(hadoop).getRawFileSystem();
        Generators.generate(
                local,
                new Path(dir.toUri()),
                Generators.create(GeneratorParams.of("higgs-like", rows, null, seed)),
                WriterOptions.defaults(),
                null);
    }

    /**
     * Reads {@code dir} (any Hadoop FileSystem) and computes its F* unless {@code reference} is
     * given.
     */
    public static Prepared prepare(Configuration hadoop, String dir, Double reference)
            throws IOException {
        Path p = new Path(dir);
        FileSystem fs = p.getFileSystem(hadoop);
        InvalidParametersException.require(fs.exists(p), "--data", "%s does not exist", dir);
        Rows data = DatasetRows.read(fs, p);
        double ref =
                reference != null
                        ? reference
                        : Reference.compute(Workload.LR, data, true, 1.0 / data.rows(), 1);
        return new Prepared(fs.makeQualified(p).toString(), data.rows(), ref);
    }
}
