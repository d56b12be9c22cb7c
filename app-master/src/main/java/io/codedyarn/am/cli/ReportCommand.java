package io.codedyarn.am.cli;

import io.codedyarn.am.report.Report;
import io.codedyarn.am.report.Reports;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code coded-yarn report RUN_DIR... [--out report.html]}: one self-contained HTML report. */
@Command(
        name = "report",
        mixinStandardHelpOptions = true,
        description = {
            "Write one self-contained HTML file (the charting library inlined: it opens offline)",
            "with the plots of the live tracking page for one or more runs' --out directories,",
            "overlaid: gap and objective against time and iteration (gap on a log scale, the",
            "target and each run's time to it marked), iteration time, per-worker latency heat",
            "maps (stale, discarded and lost results marked), placement, adaptation events and",
            "parameters. A benchmark's JSON (bench stragglers' bench.json or its directory, or",
            "any bench ... --json output saved to a .json file) adds its table, and for bench",
            "stragglers each row's first run, one gap-vs-time plot per scenario."
        })
final class ReportCommand implements Callable<Integer> {
    @Spec picocli.CommandLine.Model.CommandSpec spec;

    @Parameters(
            arity = "1..*",
            paramLabel = "RUN_DIR|BENCH_JSON",
            description = "run directories (train --out) and benchmark JSON files")
    List<Path> inputs;

    @Option(
            names = "--out",
            paramLabel = "FILE",
            description = "the report to write (replaced if it exists; default: ${DEFAULT-VALUE})")
    Path out = Path.of("report.html");

    @Option(
            names = "--target",
            paramLabel = "GAP",
            description =
                    "the relative gap whose time to target is marked (default: each run's own"
                            + " --target-gap, if it had one)")
    Double target;

    @Override
    public Integer call() throws Exception {
        if (target != null && !(target > 0)) {
            throw new IllegalArgumentException("--target: need a gap > 0, got " + target);
        }
        var err = spec.commandLine().getErr();
        Report report =
                Reports.build(
                        inputs,
                        target == null ? Double.NaN : target,
                        w -> err.println("coded-yarn report: warning: " + w));
        Reports.write(report, out);
        spec.commandLine()
                .getOut()
                .println(
                        "report of "
                                + report.runs().size()
                                + " run(s)"
                                + (report.benches().isEmpty()
                                        ? ""
                                        : " and " + report.benches().size() + " benchmark table(s)")
                                + " written to "
                                + out.toAbsolutePath());
        err.flush();
        return 0;
    }
}
