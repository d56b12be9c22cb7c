package io.codedyarn.am.cli;

import io.codedyarn.am.export.Exporter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code coded-yarn export --model RUN_DIR|model.json --format spark|pmml --out DIR|FILE}. */
@Command(
        name = "export",
        mixinStandardHelpOptions = true,
        description = {
            "Write a trained model (a run's model.json) in a format other tools load:",
            "spark: the directory Spark ML's LogisticRegressionModel.load (lr),",
            "LinearRegressionModel.load (lsq) or PCAModel.load (pca) reads;",
            "pmml: a PMML 4.4 RegressionModel file (lr, lsq).",
            "Features go in model.json's order (printed; docs/commands.md, \"export\")."
        })
final class ExportCommand implements Callable<Integer> {
    @Spec picocli.CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--model",
            required = true,
            paramLabel = "RUN_DIR|FILE",
            description = "a train --out directory (its model.json) or a model.json file")
    Path model;

    @Option(
            names = "--format",
            required = true,
            paramLabel = "spark|pmml",
            description = "spark (a model directory) or pmml (one XML file)")
    String format;

    @Option(
            names = "--out",
            required = true,
            paramLabel = "DIR|FILE",
            description = "what to write (spark: a directory, pmml: a file); must not exist")
    Path out;

    @Override
    public Integer call() throws Exception {
        Exporter.export(
                model,
                Exporter.Format.parse(format),
                out,
                spec.commandLine().getOut(),
                spec.commandLine().getErr());
        spec.commandLine().getOut().flush();
        spec.commandLine().getErr().flush();
        return 0;
    }
}
