package io.codedyarn.hdfs.prepare;

import io.codedyarn.hdfs.dataset.DatasetSpec;
import io.codedyarn.hdfs.dataset.DatasetWriter;
import io.codedyarn.hdfs.dataset.LabelSpec;
import io.codedyarn.hdfs.dataset.Manifest;
import io.codedyarn.hdfs.dataset.WriterOptions;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.scheme.Schemes;
import java.io.IOException;
import java.util.List;
import java.util.random.RandomGenerator;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** Small datasets and plans for the prepare tests. */
final class PrepareTestData {
    private PrepareTestData() {}

    /** Dense rows (some zeros), labels ±1, written in blocks of {@code blockRows} rows. */
    static Manifest dense(FileSystem fs, Path dir, int rows, int cols, int blockRows, long seed)
            throws IOException {
        RandomGenerator g = Seeds.generator(seed);
        try (DatasetWriter w =
                DatasetWriter.create(
                        fs,
                        dir,
                        DatasetSpec.dense(cols, LabelSpec.binary()),
                        WriterOptions.defaults().withMaxBlockRows(blockRows))) {
            double[] row = new double[cols];
            for (int r = 0; r < rows; r++) {
                for (int c = 0; c < cols; c++) {
                    row[c] = g.nextDouble() < 0.2 ? 0 : g.nextGaussian();
                }
                w.appendDense(row, g.nextBoolean() ? 1 : -1);
            }
            return w.commit();
        }
    }

    /** Binary CSR rows (~10 % dense), no labels. */
    static Manifest binaryCsr(FileSystem fs, Path dir, int rows, int cols, long seed)
            throws IOException {
        RandomGenerator g = Seeds.generator(seed);
        try (DatasetWriter w =
                DatasetWriter.create(
                        fs,
                        dir,
                        DatasetSpec.csr(cols, LabelSpec.NONE),
                        WriterOptions.defaults().withMaxBlockRows(17))) {
            int[] idx = new int[cols];
            for (int r = 0; r < rows; r++) {
                int len = 0;
                for (int c = 0; c < cols; c++) {
                    if (g.nextDouble() < 0.1) {
                        idx[len++] = c;
                    }
                }
                w.appendSparse(idx, null, len);
            }
            return w.commit();
        }
    }

    static Plan plan(String scheme, int workers, int stragglers, int partitions) {
        SchemeParams p = SchemeParams.of(workers, stragglers, 7).withPartitions(partitions);
        return Schemes.byName(scheme).place(p, Seeds.generator(p.seed()));
    }

    static DatasetPreparer.Request request(Plan plan, boolean overwrite) {
        return new DatasetPreparer.Request(
                plan, "{\"scheme\":\"" + plan.scheme() + "\"}\n", List.of(), overwrite, false);
    }
}
