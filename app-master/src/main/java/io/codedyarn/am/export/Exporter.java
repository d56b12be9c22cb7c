package io.codedyarn.am.export;

import io.codedyarn.am.output.ModelJson;
import io.codedyarn.am.output.StagedOutput;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * {@code export}: reads the model, refuses what the format cannot hold, writes {@code --out}
 * atomically (a {@link StagedOutput} on the raw local file system: no {@code .crc} files) and says
 * what was written and in which order the features go.
 */
public final class Exporter {
    /** The formats {@code --format} takes. */
    public enum Format {
        SPARK,
        PMML;

        public static Format parse(String s) {
            String v = s.toLowerCase(Locale.ROOT);
            if (v.equals("onnx")) {
                throw new IllegalArgumentException(
                        "--format onnx is not supported (formats: spark, pmml)");
            }
            for (Format f : values()) {
                if (f.name().toLowerCase(Locale.ROOT).equals(v)) {
                    return f;
                }
            }
            throw new IllegalArgumentException(
                    "--format: '" + s + "' is not a format (formats: spark, pmml)");
        }
    }

    /** Names printed in full up to this many; beyond, the first ones and where the rest are. */
    static final int LISTED_FEATURES = 20;

    /** Writes the file or directory {@code --out} at the temporary path it is given. */
    @FunctionalInterface
    private interface Content {
        void writeTo(Path tmp) throws IOException;
    }

    private Exporter() {}

    /**
     * Exports the model at {@code modelPath} (a run directory or a model.json) to {@code out}. Bad
     * input (a missing or unreadable model, an existing {@code out}, a workload the format cannot
     * hold) throws IllegalArgumentException before anything is written.
     */
    public static void export(
            Path modelPath, Format format, Path out, PrintWriter stdout, PrintWriter stderr)
            throws IOException {
        checkAbsent(out);
        ModelJson.Model m = ModelSource.read(modelPath);
        String source = ModelSource.file(modelPath).toString();
        String what = describe(m);
        if (m.training() != null && "FAILED".equals(m.training().status())) {
            stderr.println(
                    "coded-yarn export: note: the run FAILED; its model is the best exactly"
                            + " evaluated iterate before it stopped");
        }
        if (format == Format.PMML) {
            PmmlModel.check(m);
            write(out, tmp -> PmmlModel.write(m, tmp));
            stdout.println(
                    "exported "
                            + what
                            + " from "
                            + source
                            + " as PMML 4.4 ("
                            + (m.workload().equals("lr")
                                    ? "RegressionModel, classification, logit; target y in {-1, 1}"
                                    : "RegressionModel, regression; target y")
                            + ") to "
                            + out);
            stdout.println("input fields, by name: " + listed(m.features(), null));
            return;
        }
        SparkModel.Written[] written = new SparkModel.Written[1];
        write(out, tmp -> written[0] = SparkModel.write(m, tmp, source));
        SparkModel.Written w = written[0];
        String sparkName = w.sparkClass().substring(w.sparkClass().lastIndexOf('.') + 1);
        stdout.println(
                "exported "
                        + what
                        + " from "
                        + source
                        + " as a Spark ML "
                        + sparkName
                        + " to "
                        + out
                        + " (load it with "
                        + sparkName
                        + ".load)");
        stdout.println(
                "the '"
                        + w.inputCol()
                        + "' vector must hold the features in this order: "
                        + listed(m.features(), out.resolve(SparkModel.SIDE_FILE)));
        if (m.workload().equals("pca") && m.explainedVariance() == null) {
            stderr.println(
                    "coded-yarn export: note: the model has no explained variance (the run did not"
                            + " evaluate it exactly); Spark's explainedVariance is empty");
        }
        if (w.projectionOffset() != null) {
            stderr.println(
                    "coded-yarn export: note: this PCA model subtracts a mean before projecting"
                            + " (it was trained after --standardize) and Spark's PCAModel does"
                            + " not: Spark's output minus 'projectionOffset' in "
                            + out.resolve(SparkModel.SIDE_FILE)
                            + " is this model's score");
        }
    }

    /**
     * Refuses an existing {@code out} (a dangling link too: exit 2), or a parent that is not a
     * directory.
     */
    private static void checkAbsent(Path out) {
        if (Files.exists(out, LinkOption.NOFOLLOW_LINKS)) {
            throw new IllegalArgumentException(
                    "--out: " + out + " already exists; remove it or give another path");
        }
        Path parent = out.toAbsolutePath().getParent();
        if (parent != null && Files.exists(parent) && !Files.isDirectory(parent)) {
            throw new IllegalArgumentException("--out: " + parent + " is not a directory");
        }
    }

    private static void write(Path out, Content content) throws IOException {
        checkAbsent(out);
        org.apache.hadoop.fs.FileSystem local =
                org.apache.hadoop.fs.FileSystem.getLocal(new org.apache.hadoop.conf.Configuration())
                        .getRawFileSystem();
        org.apache.hadoop.fs.Path target =
                new org.apache.hadoop.fs.Path(out.toAbsolutePath().normalize().toUri());
        try (StagedOutput staged =
                StagedOutput.reserve(
                        local,
                        target,
                        "--out: " + out + " appeared while exporting; nothing written")) {
            content.writeTo(Path.of(staged.dir().toUri()));
            staged.commit();
        }
    }

    private static String describe(ModelJson.Model m) {
        int d = m.features().size();
        return switch (m.workload()) {
            case "lr" -> "a logistic regression model (" + d + " features)";
            case "lsq" -> "a least-squares model (" + d + " features)";
            default ->
                    "a PCA model (" + m.components().length + " components of " + d + " features)";
        };
    }

    private static String listed(List<String> names, Path whereAll) {
        if (names.size() <= LISTED_FEATURES) {
            return String.join(", ", names);
        }
        return String.join(", ", names.subList(0, LISTED_FEATURES))
                + ", ... ("
                + names.size()
                + " in all"
                + (whereAll == null
                        ? "; every one in the DataDictionary"
                        : "; every name in " + whereAll)
                + ")";
    }
}
