package io.codedyarn.am.cli;

import io.codedyarn.am.cli.common.CliContext;
import io.codedyarn.am.model.Evaluation;
import io.codedyarn.am.model.EvaluationReport;
import io.codedyarn.hdfs.dataset.DatasetFormatException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code coded-yarn evaluate}: a trained model's quality figures on a labelled dataset. */
@Command(
        name = "evaluate",
        mixinStandardHelpOptions = true,
        description = {
            "Judge a trained model on a dataset (held-out rows, say).",
            "lr: log loss, accuracy, precision, recall, F1 and the confusion matrix at",
            "--threshold, ROC AUC, PR AUC (average precision). lsq: RMSE, MAE, R^2.",
            "pca: explained variance ratio per component and in total, reconstruction",
            "error. Features are matched by name; lr and lsq need labelled rows."
        })
final class EvaluateCommand implements Callable<Integer> {
    private final CliContext ctx;

    @Spec CommandLine.Model.CommandSpec spec;

    @Mixin ModelInputs inputs;

    @Option(names = "--json", description = "print JSON instead of a table")
    boolean json;

    EvaluateCommand(CliContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() throws Exception {
        ModelInputs.Bound b = inputs.bind(ctx, spec);
        Evaluation e;
        try {
            e = Evaluation.run(b.model(), b.reader(), inputs.threshold, inputs.data);
        } catch (DatasetFormatException ex) {
            throw new IllegalArgumentException("--data " + ex.getMessage(), ex);
        }
        PrintWriter out = spec.commandLine().getOut();
        out.print(
                json
                        ? EvaluationReport.json(e, inputs.model, inputs.data)
                        : EvaluationReport.text(e, inputs.model, inputs.data));
        out.flush();
        return 0;
    }
}
