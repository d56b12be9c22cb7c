package io.codedyarn.am.model;

import io.codedyarn.am.output.StagedOutput;
import io.codedyarn.hdfs.dataset.DatasetReader;
import java.io.IOException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * {@code predict --cluster local}: every part in this process, one after the other, into a {@link
 * StagedOutput} that is committed at the end (with an empty {@code _SUCCESS}, as Hadoop's jobs
 * write); any failure leaves nothing under {@code out}.
 */
public final class LocalPrediction {
    /** The marker a complete output carries. */
    public static final String SUCCESS = "_SUCCESS";

    private LocalPrediction() {}

    /**
     * @return the rows written
     */
    public static long run(
            DatasetReader reader, PredictionParts.Settings settings, FileSystem fs, Path out)
            throws IOException {
        long rows = 0;
        try (StagedOutput staged = StagedOutput.create(fs, out)) {
            for (int b = 0; b < reader.manifest().blocks().size(); b++) {
                rows += PredictionParts.write(reader, b, settings, fs, staged.dir());
            }
            fs.create(new Path(staged.dir(), SUCCESS), false).close();
            staged.commit();
        }
        return rows;
    }
}
