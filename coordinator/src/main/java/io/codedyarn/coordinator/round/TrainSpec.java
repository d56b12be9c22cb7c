package io.codedyarn.coordinator.round;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import com.fasterxml.jackson.databind.util.StdConverter;
import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.optim.Optimizer;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.latency.LatencySpec;
import io.codedyarn.placement.scheme.Auto;
import io.codedyarn.placement.scheme.AutoCode;
import io.codedyarn.placement.scheme.Schemes;
import io.codedyarn.placement.slowdown.StraggleSpec;

/**
 * Everything a training run is asked to do, typed and parsed once (by the {@code train} command),
 * then shipped to the ApplicationMaster as {@code job.json} (Jackson; records serialise as is). NaN
 * / 0 mean "not given" as documented per field.
 *
 * @param workload lr, pca or lsq
 * @param scheme the scheme's CLI name (see {@code Schemes})
 * @param params the plan flags (workers, stragglers, ... and the seed)
 * @param components PCA's k (ignored otherwise)
 * @param lambda L2 regularisation λ; NaN = 1/n
 * @param intercept append a constant-1 feature (LR, LSQ)
 * @param optimizer gd, nesterov or lbfgs; null = the method's own update (or lbfgs for exact
 *     gradients)
 * @param step step size η; NaN = 1/L from power iteration over the partitions
 * @param iterations at most this many iterations (rounds)
 * @param targetGap stop once the relative gap to {@code reference} is ≤ this; NaN = never
 * @param timeLimitSeconds stop after this much coordinator time; NaN = never
 * @param waitFor SAG/DSAG: fresh results to wait for (w); 0 = n − s
 * @param reference the reference optimum (F*, or the optimal explained variance for PCA); NaN =
 *     unknown (gap column left empty)
 * @param latency simulated clusters: the latency spec (as {@code simulate --latency}); null
 *     otherwise
 * @param straggle the slowness workers inject into themselves ({@code --straggle}); null for none
 * @param seed the seed of every random choice in the run (logged)
 * @param autoStart {@code --scheme auto --trace FILE}: the code the run starts with; null: uncoded
 *     (and left out of {@code job.json})
 */
public record TrainSpec(
        Workload workload,
        String scheme,
        SchemeParams params,
        int components,
        double lambda,
        boolean intercept,
        Optimizer optimizer,
        double step,
        int iterations,
        double targetGap,
        double timeLimitSeconds,
        int waitFor,
        double reference,
        @JsonSerialize(using = ToStringSerializer.class)
                @JsonDeserialize(converter = LatencyText.class)
                LatencySpec latency,
        @JsonSerialize(using = ToStringSerializer.class)
                @JsonDeserialize(converter = StraggleText.class)
                StraggleSpec straggle,
        long seed,
        @JsonInclude(JsonInclude.Include.NON_NULL) AutoStart autoStart) {

    @JsonCreator
    public TrainSpec {
        straggle = straggle == null ? StraggleSpec.none() : straggle;
        if (autoStart != null && !Auto.NAME.equals(scheme)) {
            throw new IllegalArgumentException(
                    "a start code is for --scheme auto only, not " + scheme);
        }
    }

    /** A spec that starts as its scheme says (no {@link AutoStart}). */
    public TrainSpec(
            Workload workload,
            String scheme,
            SchemeParams params,
            int components,
            double lambda,
            boolean intercept,
            Optimizer optimizer,
            double step,
            int iterations,
            double targetGap,
            double timeLimitSeconds,
            int waitFor,
            double reference,
            LatencySpec latency,
            StraggleSpec straggle,
            long seed) {
        this(
                workload,
                scheme,
                params,
                components,
                lambda,
                intercept,
                optimizer,
                step,
                iterations,
                targetGap,
                timeLimitSeconds,
                waitFor,
                reference,
                latency,
                straggle,
                seed,
                null);
    }

    /** This auto spec starting with {@code start} ({@code --trace}). */
    public TrainSpec withAutoStart(AutoStart start) {
        return with(iterations, targetGap, timeLimitSeconds, latency, straggle, start);
    }

    /**
     * The plan of this spec: a pure function of the scheme, its flags and the seed (not a record
     * component, so not in {@code job.json}).
     */
    public Plan plan() {
        if (autoStart != null) {
            return Auto.starting(params, AutoCode.parse(autoStart.code()));
        }
        return Schemes.byName(scheme).place(params, Seeds.generator(seed));
    }

    /** This spec with another iteration budget (train --resume --iterations). */
    public TrainSpec withIterations(int iterations) {
        return with(iterations, targetGap, timeLimitSeconds, latency, straggle);
    }

    /** This spec with another target gap, latency model and injected slowness. */
    public TrainSpec withConditions(double targetGap, LatencySpec latency, StraggleSpec straggle) {
        return with(iterations, targetGap, timeLimitSeconds, latency, straggle);
    }

    /** This spec with a time limit (coordinator seconds; NaN: none). */
    public TrainSpec withTimeLimit(double timeLimitSeconds) {
        return with(iterations, targetGap, timeLimitSeconds, latency, straggle);
    }

    private TrainSpec with(
            int iterations,
            double targetGap,
            double timeLimitSeconds,
            LatencySpec latency,
            StraggleSpec straggle) {
        return with(iterations, targetGap, timeLimitSeconds, latency, straggle, autoStart);
    }

    private TrainSpec with(
            int iterations,
            double targetGap,
            double timeLimitSeconds,
            LatencySpec latency,
            StraggleSpec straggle,
            AutoStart autoStart) {
        return new TrainSpec(
                workload,
                scheme,
                params,
                components,
                lambda,
                intercept,
                optimizer,
                step,
                iterations,
                targetGap,
                timeLimitSeconds,
                waitFor,
                reference,
                latency,
                straggle,
                seed,
                autoStart);
    }

    /** job.json's latency text as the parsed spec (the text is what was given; null: none). */
    static final class LatencyText extends StdConverter<String, LatencySpec> {
        @Override
        public LatencySpec convert(String text) {
            return LatencySpec.ofNullable(text);
        }
    }

    /** job.json's straggle text as the parsed spec. */
    static final class StraggleText extends StdConverter<String, StraggleSpec> {
        @Override
        public StraggleSpec convert(String text) {
            return StraggleSpec.parse(text);
        }
    }
}
