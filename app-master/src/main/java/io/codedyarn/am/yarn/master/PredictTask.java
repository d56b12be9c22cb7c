package io.codedyarn.am.yarn.master;

import io.codedyarn.am.model.BoundModel;
import io.codedyarn.am.model.PredictJob;
import io.codedyarn.am.model.PredictionColumns;
import io.codedyarn.am.model.PredictionParts;
import io.codedyarn.am.output.ModelJson;
import io.codedyarn.hdfs.dataset.DatasetReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.yarn.api.ApplicationConstants.Environment;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@code predict} task's container main: {@code PredictTask PART} writes part PART (the rows of
 * the dataset's block file PART) into the job's temporary directory. It writes into a directory of
 * its own first ({@code _attempts/<container id>}) and renames the finished file into place, so a
 * second attempt of the same part replaces the first's file and never mixes with it.
 */
public final class PredictTask {
    private static final Logger LOG = LoggerFactory.getLogger(PredictTask.class);

    /** The temporary directory's sub-directory of attempts (removed before the commit). */
    public static final String ATTEMPTS = "_attempts";

    private PredictTask() {}

    public static void main(String[] args) {
        int status = 0;
        try {
            run(Integer.parseInt(args[0]), Path.of("."), new Configuration());
        } catch (Throwable t) {
            LOG.error("predict task failed", t);
            status = 1;
        }
        System.exit(status);
    }

    static void run(int part, Path dir, Configuration conf) throws Exception {
        PredictJob job =
                PredictJob.fromJson(
                        Files.readString(dir.resolve(PredictJob.FILE), StandardCharsets.UTF_8));
        ModelJson.Model model =
                ModelJson.read(
                        Files.readAllBytes(dir.resolve(PredictJob.MODEL_FILE)), "model.json");
        org.apache.hadoop.fs.Path data = new org.apache.hadoop.fs.Path(job.data());
        DatasetReader reader =
                DatasetReader.open(FileSystem.get(URI.create(job.data()), conf), data);
        BoundModel bound = BoundModel.of(model, reader.manifest(), job.allowMissing(), job.data());
        PredictionColumns columns = PredictionColumns.of(job.keep(), reader.manifest(), bound);
        org.apache.hadoop.fs.Path temp = new org.apache.hadoop.fs.Path(job.temp());
        FileSystem outFs = FileSystem.get(URI.create(job.temp()), conf);
        String attempt = System.getenv(Environment.CONTAINER_ID.name());
        org.apache.hadoop.fs.Path own =
                new org.apache.hadoop.fs.Path(
                        temp, ATTEMPTS + "/" + (attempt == null ? "local" : attempt));
        outFs.mkdirs(own);
        long t0 = System.nanoTime();
        long rows = PredictionParts.write(reader, part, job.settings(bound, columns), outFs, own);
        String name = job.format().partName(part);
        org.apache.hadoop.fs.Path target = new org.apache.hadoop.fs.Path(temp, name);
        outFs.delete(target, false); // an earlier attempt's
        if (!outFs.rename(new org.apache.hadoop.fs.Path(own, name), target)) {
            throw new java.io.IOException("cannot rename the part into " + target);
        }
        outFs.delete(own, true);
        LOG.info("part {}: {} rows in {} s", part, rows, (System.nanoTime() - t0) / 1e9);
    }
}
