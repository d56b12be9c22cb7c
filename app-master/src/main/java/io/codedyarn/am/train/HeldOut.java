package io.codedyarn.am.train;

import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.coordinator.validation.HeldOutRows;
import io.codedyarn.coordinator.validation.Validation;
import io.codedyarn.hdfs.dataset.DatasetReader;
import io.codedyarn.hdfs.dataset.HoldOut;
import io.codedyarn.hdfs.dataset.Manifest;
import io.codedyarn.hdfs.dataset.WriterOptions;
import io.codedyarn.placement.InvalidParametersException;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Locale;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * {@code train}'s held-out rows: {@code --validation DIR} (a dataset of its own) or {@code
 * --validation-fraction F} (a seeded split of the training data before it is placed, so the
 * held-out rows are never trained on: {@link HoldOut}, seed = the run's {@code --seed}), scored
 * every {@code --validation-every K} iterates, with {@code --early-stop P}.
 *
 * @param dir the validation dataset, or null
 * @param fraction the share held out of the training data, or NaN
 * @param every score every this many iterates
 * @param patience stop after this many scores without a lower held-out loss; 0: never
 */
public record HeldOut(String dir, double fraction, int every, int patience) {
    public HeldOut {
        InvalidParametersException.require(
                dir == null || Double.isNaN(fraction),
                "--validation",
                "give --validation DIR or --validation-fraction F, not both");
        InvalidParametersException.require(
                dir != null || Double.isNaN(fraction) || (fraction > 0 && fraction < 1),
                "--validation-fraction",
                "must be in (0, 1), got %s",
                fraction);
        InvalidParametersException.require(
                every >= 1, "--validation-every", "must be >= 1, got %d", every);
        InvalidParametersException.require(
                patience >= 0, "--early-stop", "must be >= 0, got %d", patience);
    }

    /** Where the training rows and the held-out rows are, after {@link #place}. */
    public record Placed(
            FileSystem trainFs, Path train, FileSystem validationFs, Path validation) {}

    /**
     * Splits {@code src} into {@code work/training} and {@code work/validation} on {@code fs}
     * ({@code --validation-fraction}), or takes {@code --validation DIR} as it is; checks that the
     * held-out rows have the training rows' columns, and labels where the workload needs them.
     */
    Placed place(
            FileSystem srcFs,
            Path src,
            FileSystem fs,
            Path work,
            TrainSpec spec,
            org.apache.hadoop.conf.Configuration conf,
            PrintWriter log)
            throws IOException {
        Placed placed;
        if (dir == null) {
            HoldOut.Parts parts =
                    new HoldOut(fraction, spec.seed())
                            .split(
                                    DatasetReader.open(srcFs, src),
                                    fs,
                                    new Path(work, "training"),
                                    new Path(work, "validation"),
                                    WriterOptions.defaults());
            log.println(
                    String.format(
                            Locale.ROOT,
                            "train: holding out %s of the rows (seed %d): %d to train on, %d"
                                    + " held out",
                            fraction,
                            spec.seed(),
                            parts.training().rows(),
                            parts.validation().rows()));
            log.flush();
            placed =
                    new Placed(
                            fs,
                            fs.makeQualified(new Path(work, "training")),
                            fs,
                            fs.makeQualified(new Path(work, "validation")));
        } else {
            Path v = new Path(dir);
            FileSystem vfs = v.getFileSystem(conf);
            InvalidParametersException.require(
                    vfs.exists(v), "--validation", "%s does not exist", vfs.makeQualified(v));
            placed = new Placed(srcFs, src, vfs, vfs.makeQualified(v));
        }
        check(placed, spec);
        return placed;
    }

    private static void check(Placed p, TrainSpec spec) throws IOException {
        Manifest train = DatasetReader.readManifest(p.trainFs(), p.train());
        Manifest held = DatasetReader.readManifest(p.validationFs(), p.validation());
        InvalidParametersException.require(
                held.cols() == train.cols(),
                "--validation",
                "%s has %d columns, the training data %d",
                p.validation(),
                held.cols(),
                train.cols());
        InvalidParametersException.require(
                held.labels().present()
                        || spec.workload() == io.codedyarn.compute.task.Workload.PCA,
                "--validation",
                "%s has no labels; %s needs them",
                p.validation(),
                spec.workload().cliName());
    }

    /**
     * Refuses held-out rows that would take more than a quarter of the ApplicationMaster's heap
     * (the {@code -Xmx} of {@code coded-yarn.am.java-opts}; none given: no check), which holds them
     * for the whole run beside the coordinator's state.
     */
    static void fitsTheApplicationMaster(
            FileSystem fs, Path validation, io.codedyarn.am.config.YarnSettings settings)
            throws IOException {
        long heap = maxHeapBytes(settings.amJavaOpts());
        long bytes = DatasetReader.readManifest(fs, validation).bytes();
        InvalidParametersException.require(
                heap <= 0 || bytes <= heap / 4,
                "--validation",
                "the held-out rows (%d MiB) would take more than a quarter of the"
                        + " ApplicationMaster's heap (%d MiB, -Xmx in coded-yarn.am.java-opts):"
                        + " hold out fewer rows, or raise coded-yarn.am.memory-mb and -Xmx",
                bytes >> 20,
                heap >> 20);
    }

    /** The last {@code -Xmx} of JVM options, in bytes; -1 when none is given. */
    static long maxHeapBytes(String javaOpts) {
        long heap = -1;
        for (String o : javaOpts.trim().split("\\s+")) {
            if (o.startsWith("-Xmx") && o.length() > 4) {
                String v = o.substring(4).toLowerCase(Locale.ROOT);
                char unit = v.charAt(v.length() - 1);
                long scale =
                        switch (unit) {
                            case 'k' -> 1L << 10;
                            case 'm' -> 1L << 20;
                            case 'g' -> 1L << 30;
                            case 't' -> 1L << 40;
                            default -> 1;
                        };
                String digits = Character.isDigit(unit) ? v : v.substring(0, v.length() - 1);
                try {
                    heap = Long.parseLong(digits) * scale;
                } catch (NumberFormatException e) {
                    heap = -1; // not ours to judge: the JVM will say
                }
            }
        }
        return heap;
    }

    /** The held-out rows read into this JVM, scored as this request says. */
    Validation load(FileSystem fs, Path validation, TrainSpec spec) throws IOException {
        return of(DatasetRows.read(fs, validation), spec, every, patience);
    }

    /** What the coordinator scores: {@code rows} held out of a run of {@code spec}. */
    public static Validation of(
            io.codedyarn.compute.data.Rows rows, TrainSpec spec, int every, int patience) {
        return new Validation(
                new HeldOutRows(spec.workload(), rows, spec.intercept(), spec.components()),
                every,
                patience);
    }
}
