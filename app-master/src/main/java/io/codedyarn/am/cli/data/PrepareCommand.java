package io.codedyarn.am.cli.data;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.codedyarn.am.cli.common.CliContext;
import io.codedyarn.am.cli.common.PlanFlags;
import io.codedyarn.hdfs.dataset.DatasetFormatException;
import io.codedyarn.hdfs.prepare.DatasetPreparer;
import io.codedyarn.hdfs.prepare.PrepareReport;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.json.PlanDocument;
import io.codedyarn.placement.scheme.Schemes;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code coded-yarn data prepare}: lay a dataset out as a placement plan needs it. */
@Command(
        name = "prepare",
        mixinStandardHelpOptions = true,
        description = {
            "Lay a dataset out as a placement plan needs it (one file per partition).",
            "Partition j (0-based) = rows p_start..p_stop of K; its file gets HDFS",
            "replication = the workers storing it and favored nodes = their DataNodes.",
            "plan.json (as plan --json) and placement.json are written beside the data.",
            "On an existing --out (needs --overwrite) only what the plan changes is",
            "redone: unchanged partitions are kept, a changed copy count only",
            "re-replicates, changed rows or holders are rewritten. Non-HDFS",
            "filesystems ignore replication and favored nodes."
        })
public final class PrepareCommand implements Callable<Integer> {
    private final CliContext ctx;

    @Spec CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--dataset",
            required = true,
            paramLabel = "DIR",
            description = "the source dataset directory")
    String dataset;

    @Option(
            names = "--scheme",
            required = true,
            paramLabel = "NAME",
            description = "placement scheme: ${COMPLETION-CANDIDATES}",
            completionCandidates = SchemeNames.class)
    String scheme;

    @Mixin PlanFlags flags;

    @Option(
            names = "--hosts",
            split = ",",
            paramLabel = "h1,h2,...",
            description =
                    "DataNode of worker i = entry i mod count (host or host:xferPort); default:"
                            + " the live DataNodes sorted by host, IP, port, round robin")
    List<String> hosts;

    @Option(
            names = "--strict-locality",
            description =
                    "also rewrite partitions whose replicas are not exactly on their favored"
                            + " DataNodes (instead of only re-replicating)")
    boolean strict;

    @Option(names = "--overwrite", description = "update (or replace) an existing --out directory")
    boolean overwrite;

    @Option(
            names = "--out",
            required = true,
            paramLabel = "DIR",
            description = "the prepared dataset directory")
    String out;

    public PrepareCommand(CliContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() throws Exception {
        SchemeParams params = flags.toParams(ctx.config().defaultSeed());
        Plan plan = Schemes.byName(scheme).place(params, Seeds.generator(params.seed()));
        String planJson =
                new ObjectMapper()
                                .enable(SerializationFeature.INDENT_OUTPUT)
                                .writeValueAsString(PlanDocument.of(plan, null))
                        + "\n";
        PrintWriter w = spec.commandLine().getOut();
        try {
            Paths.Located src = Paths.resolve(dataset, ctx.hadoop());
            Paths.Located dst = Paths.resolve(out, ctx.hadoop());
            if (!src.fs().exists(src.path())) {
                throw new IllegalArgumentException("--dataset: " + src.path() + " does not exist");
            }
            PrepareReport report =
                    DatasetPreparer.prepare(
                            src.fs(),
                            src.path(),
                            dst.fs(),
                            dst.path(),
                            new DatasetPreparer.Request(
                                    plan,
                                    planJson,
                                    hosts == null ? List.of() : hosts,
                                    overwrite,
                                    strict));
            w.print(report.toText());
            w.flush();
            return 0;
        } catch (DatasetFormatException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        } catch (IOException e) {
            return ioFailure(spec, e);
        }
    }

    /** One line for an I/O failure (unreachable or full filesystem): exit 1. */
    static int ioFailure(CommandLine.Model.CommandSpec spec, IOException e) {
        PrintWriter err = spec.commandLine().getErr();
        String msg = e.getMessage() == null ? e.toString() : e.getMessage();
        err.println("coded-yarn data " + spec.name() + ": " + msg.lines().findFirst().orElse(""));
        err.flush();
        return 1;
    }

    /** Scheme names for --help. */
    static final class SchemeNames implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Schemes.names().iterator();
        }
    }
}
