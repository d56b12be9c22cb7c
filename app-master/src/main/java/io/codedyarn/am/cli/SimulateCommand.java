package io.codedyarn.am.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.codedyarn.am.cli.common.PlanFlags;
import io.codedyarn.am.config.CodedYarnConfig;
import io.codedyarn.coordinator.round.Assigners;
import io.codedyarn.placement.InvalidParametersException;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.latency.LatencySpec;
import io.codedyarn.placement.scheme.Schemes;
import io.codedyarn.placement.sim.SchemeSummary;
import io.codedyarn.placement.sim.Simulation;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code coded-yarn simulate}: iteration times of one or more schemes under a latency model. */
@Command(
        name = "simulate",
        mixinStandardHelpOptions = true,
        description = {
            "Simulate time only (no learning): per iteration, which results are enough under each",
            "scheme's decoding rule, and when. Several --scheme values share common random numbers."
        })
final class SimulateCommand implements Callable<Integer> {
    private final CodedYarnConfig config;

    @Spec picocli.CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--scheme",
            required = true,
            split = ",",
            paramLabel = "NAME",
            description = "scheme(s), repeat or comma-separate: ${COMPLETION-CANDIDATES}",
            completionCandidates = PlanCommand.SchemeNames.class)
    List<String> schemes;

    @Mixin PlanFlags flags;

    @Option(
            names = "--latency",
            required = true,
            paramLabel = "SPEC",
            description = {
                "latency model: shifted-exp:alpha=A,mu=M | exp:eta=E | pareto:eta=E,beta=B |",
                "ge:p=P,alpha=A,mu_slow=S,mu_fast=F | ge-hetero:p=P,alpha=A,max_rate=R,slowdown=X |",
                "time-varying:p=P,alpha=A,tau=T,max_rate=R | gamma:file=F | trace:file=F | fixed,",
                "optionally +burst:enter=E,leave=L,factor=X and/or +ramp:factor=0.4"
            })
    String latency;

    @Option(
            names = "--iterations",
            defaultValue = "100",
            paramLabel = "T",
            description = "iterations per run")
    int iterations;

    @Option(
            names = "--runs",
            defaultValue = "10",
            paramLabel = "R",
            description = "independent runs")
    int runs;

    @Option(
            names = "--perfect-ssi",
            description = "dynamic schemes see this iteration's straggler states")
    boolean perfectSsi;

    @Option(names = "--json", description = "print JSON")
    boolean json;

    SimulateCommand(CodedYarnConfig config) {
        this.config = config;
    }

    @Override
    public Integer call() throws Exception {
        InvalidParametersException.require(
                iterations >= 1, "--iterations", "must be >= 1, got %d", iterations);
        InvalidParametersException.require(runs >= 1, "--runs", "must be >= 1, got %d", runs);
        SchemeParams params = flags.toParams(config.defaultSeed());
        LatencySpec spec = LatencySpec.parse(latency);
        if (spec.isFixed()) {
            InvalidParametersException.require(
                    params.hasSpeeds(), "--latency", "fixed needs --speeds (one per worker)");
        }
        Simulation sim =
                new Simulation(
                        spec,
                        params.speeds(),
                        path -> Files.newBufferedReader(Path.of(path), StandardCharsets.UTF_8),
                        iterations,
                        runs,
                        params.seed(),
                        perfectSsi);
        List<SchemeSummary> results = new ArrayList<>();
        for (String name : schemes) {
            Plan plan = Schemes.byName(name).place(params, Seeds.generator(params.seed()));
            results.add(sim.run(plan, Assigners::forPlan));
        }
        PrintWriter out = spec().getOut();
        if (json) {
            Map<String, Object> doc = new LinkedHashMap<>();
            doc.put("latency", latency);
            doc.put("iterations", iterations);
            doc.put("runs", runs);
            doc.put("seed", params.seed());
            doc.put("perfectSsi", perfectSsi);
            doc.put("schemes", results);
            out.println(
                    new ObjectMapper()
                            .enable(SerializationFeature.INDENT_OUTPUT)
                            .writeValueAsString(doc));
        } else {
            out.printf(
                    "latency %s; %d runs x %d iterations; seed %d%s%n",
                    latency, runs, iterations, params.seed(), perfectSsi ? "; perfect SSI" : "");
            out.printf(
                    "%-14s %12s %12s %10s %10s %10s%n",
                    "scheme", "mean time", "std time", "waited", "comm", "comp");
            for (SchemeSummary s : results) {
                out.printf(
                        "%-14s %12.5g %12.5g %10.3f %10.3f %10.3f%s%n",
                        s.scheme(),
                        s.meanIterationTime(),
                        s.stdIterationTime(),
                        s.meanWorkersWaited(),
                        s.communication(),
                        s.computation(),
                        s.undecodable() > 0
                                ? "  (" + s.undecodable() + " iterations undecodable)"
                                : "");
            }
        }
        out.flush();
        return 0;
    }

    private picocli.CommandLine spec() {
        return spec.commandLine();
    }
}
