package io.codedyarn.am.cli;

import io.codedyarn.am.advise.AdviceReport;
import io.codedyarn.am.advise.RecordedRounds;
import io.codedyarn.am.advise.SimulatedTarget;
import io.codedyarn.am.cli.common.CliContext;
import io.codedyarn.am.train.DatasetRows;
import io.codedyarn.compute.data.Rows;
import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.advise.Advisor;
import io.codedyarn.coordinator.advise.Candidate;
import io.codedyarn.coordinator.advise.CandidateGrid;
import io.codedyarn.coordinator.advise.Prediction;
import io.codedyarn.coordinator.advise.RecordedTrace;
import io.codedyarn.coordinator.advise.TraceAgreement;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.coordinator.trace.JobJson;
import io.codedyarn.placement.InvalidParametersException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.hadoop.fs.FileSystem;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code coded-yarn advise}: the simulator as a planner (issue 15 §3). From a run's recorded {@code
 * latency-trace.csv}, predicts each candidate scheme's time to a target and recommends a {@code
 * train} command; {@code --check RUN_DIR} instead tests the simulator against that run ({@link
 * TraceAgreement}).
 */
@Command(
        name = "advise",
        mixinStandardHelpOptions = true,
        description = {
            "Rank schemes by their predicted time to a target under a recorded latency trace,",
            "and recommend a train command; or --check a run's trace against its measured times."
        })
final class AdviseCommand implements Callable<Integer> {
    private final CliContext context;

    @Spec picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--trace", paramLabel = "FILE", description = "a run's latency-trace.csv")
    Path trace;

    @Option(
            names = "--check",
            paramLabel = "RUN_DIR",
            description =
                    "instead: replay RUN_DIR's trace for its own scheme (job.json) and compare the"
                            + " median iteration time with iterations.csv's; exit 1 beyond 20 %%")
    Path check;

    @Option(
            names = "--workers",
            paramLabel = "N",
            description = "workers to plan for (default: the trace's)")
    Integer workers;

    @Option(
            names = "--schemes",
            split = ",",
            paramLabel = "NAME",
            description = "only these schemes (default: all the grid covers)")
    List<String> schemes = new ArrayList<>();

    @Option(
            names = "--data",
            paramLabel = "DIR",
            description =
                    "a dataset: iterations to target from simulated training of each candidate"
                            + " (else from the recorded run's iterations.csv)")
    String data;

    @Option(
            names = "--workload",
            defaultValue = "lr",
            paramLabel = "W",
            description = "with --data: lr | pca | lsq (default: ${DEFAULT-VALUE})")
    String workload;

    @Option(
            names = "--target-gap",
            defaultValue = "1e-4",
            paramLabel = "G",
            description = "the target relative gap (default: ${DEFAULT-VALUE})")
    double targetGap;

    @Option(
            names = "--iterations",
            paramLabel = "T",
            description =
                    "without --data: the rounds to target of an exact scheme (default: from the"
                            + " iterations.csv beside the trace); with --data: the most rounds"
                            + " simulated per candidate (default 500)")
    Integer iterations;

    @Option(
            names = "--seed",
            paramLabel = "X",
            description = "plan seed (default: coded-yarn.seed)")
    Long seed;

    @Option(names = "--json", description = "print JSON")
    boolean json;

    AdviseCommand(CliContext context) {
        this.context = context;
    }

    @Override
    public Integer call() throws Exception {
        InvalidParametersException.require(
                (trace == null) != (check == null), "--trace", "give either --trace or --check");
        PrintWriter out = spec.commandLine().getOut();
        int rc = check != null ? check(out) : advise(out);
        out.flush();
        return rc;
    }

    private int check(PrintWriter out) throws Exception {
        InvalidParametersException.require(
                Files.isDirectory(check), "--check", "%s is not a directory", check);
        TraceAgreement.Result r = TraceAgreement.check(check);
        boolean ok = r.within(TraceAgreement.TOLERANCE);
        if (json) {
            Map<String, Object> doc =
                    new LinkedHashMap<>(AdviceReport.MAPPER.convertValue(r, Map.class));
            doc.put("tolerance", TraceAgreement.TOLERANCE);
            doc.put("agrees", ok);
            out.println(AdviceReport.MAPPER.writeValueAsString(doc));
        } else {
            out.println(r + (ok ? ": agrees" : ": DISAGREES") + " (tolerance 20 %)");
        }
        return ok ? 0 : CodedYarn.EXIT_CHECK_FAILED;
    }

    private int advise(PrintWriter out) throws Exception {
        InvalidParametersException.require(
                targetGap > 0, "--target-gap", "must be > 0, got %s", targetGap);
        InvalidParametersException.require(
                iterations == null || iterations >= 1,
                "--iterations",
                "must be >= 1, got %s",
                iterations);
        RecordedTrace recorded = RecordedTrace.read(trace);
        int n = workers != null ? workers : recorded.workers();
        InvalidParametersException.require(n >= 2, "--workers", "must be >= 2, got %d", n);
        long planSeed = seed != null ? seed : context.config().defaultSeed();
        List<Candidate> candidates = CandidateGrid.of(n, planSeed, recorded.speeds(n), schemes);
        Path replay = Files.createTempFile("coded-yarn-advise-", ".csv");
        try {
            Files.writeString(replay, recorded.normalised(n), StandardCharsets.UTF_8);
            String method;
            Advisor.ToTarget toTarget;
            if (data != null) {
                Workload w = workload();
                toTarget =
                        new SimulatedTarget(
                                context.config(),
                                rows(),
                                w,
                                "trace:file=" + replay,
                                targetGap,
                                iterations == null ? 500 : iterations);
                method =
                        "simulated training on "
                                + data
                                + " (train --cluster simulated, the trace as latency model)";
            } else {
                int rounds;
                if (iterations != null) {
                    rounds = iterations;
                    method = "--iterations " + rounds;
                } else {
                    Path file = trace.toAbsolutePath().resolveSibling("iterations.csv");
                    InvalidParametersException.require(
                            Files.isRegularFile(file),
                            "--iterations",
                            "no %s beside the trace: give --iterations or --data",
                            file);
                    RecordedRounds rr = RecordedRounds.read(file, targetGap);
                    rounds = rr.rounds();
                    method =
                            "the recorded run's "
                                    + rounds
                                    + " rounds"
                                    + (rr.reached()
                                            ? " to gap " + targetGap
                                            : " (it did not reach gap "
                                                    + targetGap
                                                    + ": a lower bound)")
                                    + " from "
                                    + file;
                }
                method += recordedScheme();
                method +=
                        "; exact schemes share their iterates, inexact ones (fastest-k, sag, dsag,"
                                + " lag family) need --data for their iteration counts";
                toTarget = Advisor.ToTarget.recorded(rounds);
            }
            List<Prediction> ranked =
                    Advisor.rank(
                            candidates,
                            recorded.normalised(n),
                            Math.max(recorded.iterations(), 100),
                            toTarget);
            AdviceReport report =
                    AdviceReport.of(
                            recorded, n, planSeed, targetGap, method, ranked, commandTail());
            out.print(json ? report.json() : report.text());
            return 0;
        } finally {
            Files.deleteIfExists(replay);
        }
    }

    /**
     * A caution when the recorded run (its job.json beside the trace) was itself inexact: its
     * rounds then only approximate an exact scheme's.
     */
    private String recordedScheme() throws java.io.IOException {
        Path job = trace.toAbsolutePath().resolveSibling(JobJson.SPEC_FILE);
        if (!Files.isRegularFile(job)) {
            return "";
        }
        TrainSpec run =
                JobJson.read(
                        Files.readString(job, StandardCharsets.UTF_8),
                        TrainSpec.class,
                        job.toString());
        Candidate recordedRun = new Candidate(run.scheme(), run.params(), "", List.of());
        return recordedRun.exact(run.plan())
                ? " (recorded with " + run.scheme() + ", exact)"
                : " (caution: recorded with "
                        + run.scheme()
                        + ", whose iterates are inexact: the count only approximates an exact"
                        + " scheme's)";
    }

    /** The flags the recommended train command carries beyond the scheme's own. */
    private List<String> commandTail() {
        List<String> tail = new ArrayList<>();
        if (data != null) {
            tail.addAll(List.of("--data", data, "--workload", workload));
        }
        tail.addAll(List.of("--target-gap", Double.toString(targetGap)));
        return tail;
    }

    private Workload workload() {
        try {
            return Workload.parse(workload);
        } catch (IllegalArgumentException e) {
            throw new InvalidParametersException("--workload", e.getMessage());
        }
    }

    private Rows rows() throws java.io.IOException {
        org.apache.hadoop.fs.Path dir = new org.apache.hadoop.fs.Path(data);
        FileSystem fs = dir.getFileSystem(context.hadoop());
        return DatasetRows.read(fs, dir);
    }
}
