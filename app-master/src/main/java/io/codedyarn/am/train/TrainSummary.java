package io.codedyarn.am.train;

import io.codedyarn.am.coord.RunResult;
import io.codedyarn.am.coord.TrainSpec;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The run's JSON summary ({@code summary.json}, and what {@code train --json} prints): at least
 * applicationId (yarn and embedded runs), scheme, workload, workers, iterations, wallSeconds,
 * objective (LR/LSQ: F at the final iterate; PCA: explained variance) and seed.
 */
public final class TrainSummary {
    private TrainSummary() {}

    public static Map<String, Object> of(
            TrainSpec spec, RunResult result, String applicationId, String cluster) {
        Map<String, Object> m = new LinkedHashMap<>();
        if (applicationId != null) {
            m.put("applicationId", applicationId);
        }
        m.put("cluster", cluster);
        m.put("status", result.succeeded() ? "SUCCEEDED" : "FAILED");
        if (!result.succeeded()) {
            m.put("diagnostic", result.diagnostic());
        }
        m.put("scheme", spec.scheme());
        m.put("workload", spec.workload().cliName());
        m.put("workers", spec.params().workers());
        m.put("iterations", result.iterations());
        m.put("wallSeconds", result.wallSeconds());
        m.put("objective", finite(result.objective()));
        m.put("metric", spec.workload().cliName().equals("pca") ? "explainedVariance" : "F");
        if (!Double.isNaN(spec.reference())) {
            m.put("reference", spec.reference());
            m.put("gap", finite(relativeGap(spec, result.objective())));
        }
        m.put("optimizer", optimizer(spec));
        m.put("seed", spec.seed());
        return m;
    }

    /** The update rule the run used: the optimiser for exact gradients, else the method's own. */
    static String optimizer(TrainSpec spec) {
        return switch (spec.scheme()) {
            case "sag", "dsag" -> spec.scheme();
            case "lag", "lagc", "g-lag", "g-gd" -> "lazy-gd";
            default -> spec.optimizer() == null ? "lbfgs" : spec.optimizer();
        };
    }

    private static double relativeGap(TrainSpec spec, double value) {
        double ref = spec.reference();
        return spec.workload().cliName().equals("pca")
                ? (ref - value) / ref
                : (value - ref) / Math.abs(ref);
    }

    private static Object finite(double v) {
        return Double.isFinite(v) ? v : String.valueOf(v);
    }
}
