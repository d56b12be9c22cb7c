package io.codedyarn.am.cli.data;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.codedyarn.am.cli.common.CliContext;
import io.codedyarn.hdfs.dataset.DatasetFormatException;
import io.codedyarn.hdfs.dataset.DatasetInspection;
import io.codedyarn.hdfs.dataset.DatasetInspector;
import io.codedyarn.hdfs.dataset.ManifestJson;
import io.codedyarn.hdfs.prepare.PlacementInspection;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code coded-yarn data inspect}: shape, labels, files, and where their blocks are. */
@Command(
        name = "inspect",
        mixinStandardHelpOptions = true,
        description = {
            "Show a dataset: shape, sparsity, labels, files and block locations.",
            "Per block file: replication and the DataNodes holding each block. For a",
            "prepared dataset also the plan: per partition the workers that should",
            "hold it, their DataNodes and the DataNodes that do (ok / differs)."
        })
public final class InspectCommand implements Callable<Integer> {
    private final CliContext ctx;

    @Spec CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "PATH", description = "the dataset directory")
    String path;

    @Option(names = "--json", description = "print JSON (manifest fields, files, placement)")
    boolean json;

    public InspectCommand(CliContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() throws Exception {
        try {
            Paths.Located at = Paths.resolve(path, ctx.hadoop());
            if (!at.fs().exists(at.path())) {
                throw new IllegalArgumentException(at.path() + " does not exist");
            }
            DatasetInspection in = DatasetInspector.inspect(at.fs(), at.path());
            Optional<PlacementInspection> plan = PlacementInspection.of(at.fs(), at.path(), in);
            PrintWriter w = spec.commandLine().getOut();
            if (json) {
                ObjectNode root = (ObjectNode) ManifestJson.mapper().readTree(in.toJson());
                plan.ifPresent(p -> p.addTo(root));
                w.println(ManifestJson.mapper().writeValueAsString(root));
            } else {
                w.print(in.toText());
                plan.ifPresent(p -> w.print(p.toText()));
            }
            w.flush();
            return 0;
        } catch (DatasetFormatException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        } catch (IOException e) {
            return PrepareCommand.ioFailure(spec, e);
        }
    }
}
