package io.codedyarn.am.output;

import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.hdfs.dataset.DatasetVerifier;
import io.codedyarn.hdfs.dataset.Manifest;
import io.codedyarn.hdfs.dataset.Standardization;
import io.codedyarn.hdfs.dataset.Transformation;
import io.codedyarn.placement.InvalidParametersException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * What {@code model.json} needs to know of the dataset a run trained on, read from its manifest
 * when the run starts (so that a manifest it cannot use fails the run before it trains, not after):
 * every column's name, the standardisation its {@code standardize} steps applied, the all-ones
 * columns its {@code intercept} steps appended, the row count, and its fingerprint.
 *
 * @param names every stored column's name, in column order ({@code intercept} for an appended
 *     all-ones column)
 * @param standardization the map the dataset's {@code standardize} steps applied; null: none
 * @param interceptColumns the all-ones columns {@code intercept} steps appended
 * @param rows n
 * @param transformations the manifest's transformations' names, in order
 * @param manifestCrc32c CRC32C of the source dataset's {@code manifest.json} (the dataset given to
 *     {@code train}, not its placed copy; the manifest lists every block's CRC32C, so this
 *     identifies the content); null when not known (a placed dataset without {@code
 *     placement.json})
 */
public record ModelDataset(
        List<String> names,
        Standardization standardization,
        List<Integer> interceptColumns,
        long rows,
        List<String> transformations,
        Long manifestCrc32c) {

    public ModelDataset {
        names = List.copyOf(names);
        interceptColumns = List.copyOf(interceptColumns);
        transformations = List.copyOf(transformations);
    }

    /**
     * From a manifest and the CRC32C of the source's {@code manifest.json}.
     *
     * @throws IllegalArgumentException a {@code standardize} step whose parameters do not fit
     */
    public static ModelDataset of(Manifest m, Long manifestCrc32c) {
        List<String> steps = new ArrayList<>();
        for (Transformation t : m.spec().transformations()) {
            steps.add(t.name());
        }
        return new ModelDataset(
                m.spec().featureNames(),
                Standardization.of(m.spec().transformations(), m.cols()),
                m.spec().interceptColumns(),
                m.rows(),
                steps,
                manifestCrc32c);
    }

    /** The dataset at {@code dir} (a source dataset: its own manifest's CRC32C). */
    public static ModelDataset read(FileSystem fs, Path dir) throws IOException {
        Manifest m = io.codedyarn.hdfs.dataset.DatasetReader.open(fs, dir).manifest();
        return of(m, DatasetVerifier.crc32c(fs, new Path(dir, Manifest.FILE_NAME)));
    }

    /** Stored columns (d). */
    public int cols() {
        return names.size();
    }

    /**
     * Refuses the double intercept: a dataset that already has an all-ones column ({@code data
     * import --intercept}) and a spec that appends another (train's default) would train two
     * identical bias columns, which share the weight between them and nothing warns. PCA has no
     * intercept.
     *
     * @param data how the dataset was given, for the message
     * @throws InvalidParametersException naming {@code --no-intercept}
     */
    public void refuseDoubleIntercept(TrainSpec spec, String data) {
        if (spec.workload() == Workload.PCA || !spec.intercept() || interceptColumns.isEmpty()) {
            return;
        }
        throw new InvalidParametersException(
                "--no-intercept",
                "the dataset "
                        + data
                        + " already has an intercept column (column "
                        + interceptColumns.get(0)
                        + ", all ones, appended by data import --intercept) and train appends"
                        + " another unless --no-intercept: two identical bias columns. Give"
                        + " --no-intercept (that column's weight is then the model's intercept),"
                        + " or import without --intercept");
    }
}
