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
     * Reads and checks the model ({@code evaluate}'s and {@code predict}'s reader, {@link
     * io.codedyarn.am.model.ModelFile}); a file that is not a readable {@code model.json}, or one
     * whose numbers are not finite, is bad input (one line naming the file and what is wrong).
     */
    public static ModelJson.Model read(Path path) throws IOException {
        Path file = file(path);
        org.apache.hadoop.fs.FileSystem local =
                org.apache.hadoop.fs.FileSystem.getLocal(new org.apache.hadoop.conf.Configuration())
                        .getRawFileSystem();
        return io.codedyarn.am.model.ModelFile.read(
                local, new org.apache.hadoop.fs.Path(file.toUri()));
    }
}
