package io.codedyarn.am.model;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.codedyarn.compute.metrics.BinaryMetrics;
import io.codedyarn.compute.metrics.PcaMetrics;
import io.codedyarn.compute.metrics.RegressionMetrics;
import java.util.Locale;

/**
 * {@code evaluate}'s output: a table, or JSON (camelCase names; a figure that is undefined, such as
 * the areas with one class only, is null).
 */
public final class EvaluationReport {
    private static final ObjectMapper JSON =
            new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private EvaluationReport() {}

    /** The JSON document (with a line break at the end). */
    public static String json(Evaluation e, String model, String data) {
        ObjectNode root = JSON.createObjectNode();
        root.put("model", model);
        root.put("data", data);
        root.put("workload", e.workload().cliName());
        root.put("rows", e.rows());
        if (e.binary() != null) {
            BinaryMetrics b = e.binary();
            root.put("threshold", b.threshold());
            put(root, "logLoss", b.logLoss());
            put(root, "accuracy", b.accuracy());
            put(root, "precision", b.precision());
            put(root, "recall", b.recall());
            put(root, "f1", b.f1());
            put(root, "rocAuc", b.rocAuc());
            put(root, "prAuc", b.prAuc());
            ObjectNode c = root.putObject("confusion");
            c.put("truePositives", b.confusion().truePositives());
            c.put("falsePositives", b.confusion().falsePositives());
            c.put("trueNegatives", b.confusion().trueNegatives());
            c.put("falseNegatives", b.confusion().falseNegatives());
        }
        if (e.regression() != null) {
            RegressionMetrics r = e.regression();
            put(root, "rmse", r.rmse());
            put(root, "mae", r.mae());
            put(root, "r2", r.r2());
        }
        if (e.pca() != null) {
            PcaMetrics p = e.pca();
            ArrayNode ratio = root.putArray("explainedVarianceRatio");
            for (double v : p.explainedVarianceRatio()) {
                ratio.add(v);
            }
            put(root, "explainedVarianceTotal", p.total());
            put(root, "reconstructionError", p.reconstructionError());
        }
        try {
            return JSON.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException ex) {
            throw new IllegalStateException(ex);
        }
    }

    private static void put(ObjectNode node, String key, double v) {
        if (Double.isFinite(v)) {
            node.put(key, v);
        } else {
            node.putNull(key);
        }
    }

    /** The table. */
    public static String text(Evaluation e, String model, String data) {
        StringBuilder s = new StringBuilder();
        s.append(e.workload().cliName())
                .append(" model ")
                .append(model)
                .append(" on ")
                .append(data)
                .append(": ")
                .append(e.rows())
                .append(" rows\n");
        if (e.binary() != null) {
            BinaryMetrics b = e.binary();
            row(s, "log loss", b.logLoss());
            row(s, "accuracy", b.accuracy());
            row(s, "precision", b.precision());
            row(s, "recall", b.recall());
            row(s, "F1", b.f1());
            row(s, "ROC AUC", b.rocAuc());
            row(s, "PR AUC (average precision)", b.prAuc());
            BinaryMetrics.Confusion c = b.confusion();
            s.append(String.format(Locale.ROOT, "confusion at threshold %s:%n", b.threshold()));
            s.append(
                    String.format(
                            Locale.ROOT,
                            "  %-12s %14s %14s%n",
                            "",
                            "predicted +1",
                            "predicted -1"));
            s.append(
                    String.format(
                            Locale.ROOT,
                            "  %-12s %14d %14d%n",
                            "actual +1",
                            c.truePositives(),
                            c.falseNegatives()));
            s.append(
                    String.format(
                            Locale.ROOT,
                            "  %-12s %14d %14d%n",
                            "actual -1",
                            c.falsePositives(),
                            c.trueNegatives()));
        }
        if (e.regression() != null) {
            row(s, "RMSE", e.regression().rmse());
            row(s, "MAE", e.regression().mae());
            row(s, "R^2", e.regression().r2());
        }
        if (e.pca() != null) {
            double[] ratio = e.pca().explainedVarianceRatio();
            for (int c = 0; c < ratio.length; c++) {
                row(s, "explained variance pc" + (c + 1), ratio[c]);
            }
            row(s, "explained variance, total", e.pca().total());
            row(s, "reconstruction error", e.pca().reconstructionError());
        }
        return s.toString();
    }

    private static void row(StringBuilder s, String name, double v) {
        String value =
                Double.isFinite(v)
                        ? String.format(Locale.ROOT, "%.6g", v)
                        : "undefined (one class only)";
        s.append(String.format(Locale.ROOT, "  %-28s %s%n", name, value));
    }
}
