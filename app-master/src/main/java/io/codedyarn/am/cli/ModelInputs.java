package io.codedyarn.am.cli;

import io.codedyarn.am.cli.common.CliContext;
import io.codedyarn.am.cli.data.Paths;
import io.codedyarn.am.model.BoundModel;
import io.codedyarn.am.model.ModelFile;
import io.codedyarn.hdfs.dataset.DatasetFormatException;
import io.codedyarn.hdfs.dataset.DatasetReader;
import java.io.IOException;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * The flags {@code evaluate} and {@code predict} share ({@code --model}, {@code --data}, {@code
 * --threshold}, {@code --allow-missing}) and what they do with them: read the model, open the
 * dataset and bind the one to the other.
 */
final class ModelInputs {
    @Option(
            names = "--model",
            required = true,
            paramLabel = "RUN_DIR|FILE",
            description = "a train run's --out directory, or its model.json")
    String model;

    @Option(
            names = "--data",
            required = true,
            paramLabel = "DIR",
            description = "the dataset (local path or URI)")
    String data;

    @Option(
            names = "--threshold",
            defaultValue = "0.5",
            description =
                    "lr: +1 when the probability of +1 is above this (default ${DEFAULT-VALUE})")
    double threshold;

    @Option(
            names = "--allow-missing",
            description = "fill a feature the dataset lacks with the training mean")
    boolean allowMissing;

    /** The model and the dataset, checked against each other. */
    record Bound(BoundModel model, DatasetReader reader) {}

    /**
     * Reads {@code --model}, opens {@code --data} and matches their features; says on stderr which
     * features {@code --allow-missing} filled.
     *
     * @throws IllegalArgumentException naming the flag: a bad threshold, a missing or unreadable
     *     model or dataset, features that do not match
     */
    Bound bind(CliContext ctx, CommandLine.Model.CommandSpec spec) throws IOException {
        if (!(threshold >= 0 && threshold <= 1)) {
            throw new IllegalArgumentException(
                    "--threshold: " + threshold + " is not a probability in [0, 1]");
        }
        Paths.Located m = Paths.resolve(model, ctx.hadoop());
        var trained = ModelFile.read(m.fs(), m.path());
        Paths.Located at = Paths.resolve(data, ctx.hadoop());
        if (!at.fs().exists(at.path())) {
            throw new IllegalArgumentException("--data: " + data + " does not exist");
        }
        DatasetReader reader;
        try {
            reader = DatasetReader.open(at.fs(), at.path());
        } catch (DatasetFormatException e) {
            throw new IllegalArgumentException("--data: " + e.getMessage(), e);
        }
        BoundModel bound = BoundModel.of(trained, reader.manifest(), allowMissing, data);
        Long trainedOn = trained.dataset() == null ? null : trained.dataset().manifestCrc32c();
        if (spec.name().equals("evaluate")
                && trainedOn != null
                && trainedOn
                        == io.codedyarn.hdfs.dataset.DatasetVerifier.crc32c(
                                at.fs(),
                                new org.apache.hadoop.fs.Path(
                                        at.path(), io.codedyarn.hdfs.dataset.Manifest.FILE_NAME))) {
            spec.commandLine()
                    .getErr()
                    .println(
                            spec.name()
                                    + ": note: --data is the dataset the model was trained on"
                                    + " (the same manifest fingerprint), not held-out rows");
        }
        if (!bound.missing().isEmpty()) {
            spec.commandLine()
                    .getErr()
                    .println(
                            spec.name()
                                    + ": filled with the training mean (--allow-missing): "
                                    + String.join(", ", bound.missing()));
        }
        return new Bound(bound, reader);
    }
}
