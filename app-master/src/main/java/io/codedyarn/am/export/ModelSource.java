package io.codedyarn.am.export;

import io.codedyarn.am.output.ModelJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The model to export: a run directory (its {@code model.json}) or a {@code model.json} file. */
public final class ModelSource {
    private ModelSource() {}

    /** The file {@code path} names: {@code path/model.json} for a directory, else path itself. */
    public static Path file(Path path) {
        if (Files.isDirectory(path)) {
            Path json = path.resolve(ModelJson.FILE);
            if (!Files.isRegularFile(json)) {
                throw new IllegalArgumentException(
                        "--model: "
                                + path
                                + " is a directory without "
                                + ModelJson.FILE
                                + " (give a train --out directory or a model.json file)");
            }
            return json;
        }
        if (!Files.isRegularFile(path)) {
            throw new IllegalArgumentException("--model: " + path + " does not exist");
        }
        return path;
    }

    /**
     * Reads and checks the model; a file that is not a readable {@code model.json} is bad input
     * (one line naming the file and what is wrong).
     */
    public static ModelJson.Model read(Path path) throws IOException {
        Path file = file(path);
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new IllegalArgumentException("--model: cannot read " + file + ": " + e, e);
        }
        try {
            ModelJson.Model m = ModelJson.read(bytes, file.toString());
            checkFinite(m, file);
            return m;
        } catch (ModelJson.InvalidModelException e) {
            throw new IllegalArgumentException("--model: " + e.getMessage().replace('\n', ' '), e);
        }
    }

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
                            + " diverged; nothing to export");
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
