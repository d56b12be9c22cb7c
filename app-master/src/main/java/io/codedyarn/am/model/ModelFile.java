package io.codedyarn.am.model;

import io.codedyarn.am.output.ModelJson;
import java.io.FileNotFoundException;
import java.io.IOException;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** Finds the {@code model.json} that {@code --model} names: a run's directory, or the file. */
public final class ModelFile {
    private ModelFile() {}

    /**
     * Reads the model at {@code path}: {@code path/model.json} when it is a directory (a {@code
     * train} run's {@code --out}), else the file itself.
     *
     * @throws IllegalArgumentException naming {@code --model}: missing, not a model, a newer format
     */
    public static ModelJson.Model read(FileSystem fs, Path path) throws IOException {
        FileStatus st;
        try {
            st = fs.getFileStatus(path);
        } catch (FileNotFoundException e) {
            throw new IllegalArgumentException("--model: " + path + " does not exist", e);
        }
        Path file = path;
        if (st.isDirectory()) {
            file = new Path(path, ModelJson.FILE);
            if (!fs.exists(file)) {
                throw new IllegalArgumentException(
                        "--model: "
                                + path
                                + " has no "
                                + ModelJson.FILE
                                + " (give a train run's --out directory, or the model file)");
            }
        }
        ModelJson.Model m;
        try {
            m = ModelJson.read(fs, file);
        } catch (ModelJson.InvalidModelException e) {
            throw new IllegalArgumentException("--model: " + e.getMessage().replace('\n', ' '), e);
        }
        checkFinite(m, file);
        return m;
    }

    /** A diverged run's model (NaN or infinite numbers) is refused, naming the field. */
    private static void checkFinite(ModelJson.Model m, Path file) {
        String bad = null;
        if (m.coefficients() != null && !finite(m.coefficients())) {
            bad = "coefficients";
        } else if (m.intercept() != null && !Double.isFinite(m.intercept())) {
            bad = "intercept";
        } else if (m.mean() != null && !finite(m.mean())) {
            bad = "mean";
        } else if (m.components() != null) {
            for (double[] row : m.components()) {
                if (!finite(row)) {
                    bad = "components";
                }
            }
        }
        if (bad != null) {
            throw new IllegalArgumentException(
                    "--model: "
                            + file
                            + ": field '"
                            + bad
                            + "' holds a number that is not finite (NaN or infinite): the run"
                            + " diverged");
        }
    }

    private static boolean finite(double[] xs) {
        for (double x : xs) {
            if (!Double.isFinite(x)) {
                return false;
            }
        }
        return true;
    }
}
