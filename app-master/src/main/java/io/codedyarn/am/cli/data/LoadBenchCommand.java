package io.codedyarn.am.cli.data;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.codedyarn.am.cli.common.CliContext;
import io.codedyarn.hdfs.bench.PartitionLoadBenchmark;
import io.codedyarn.hdfs.dataset.DatasetFormatException;
import io.codedyarn.hdfs.dataset.DatasetReader;
import io.codedyarn.hdfs.dataset.ManifestJson;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code coded-yarn data load-bench}: partition loading against the raw read rate. */
@Command(
        name = "load-bench",
        mixinStandardHelpOptions = true,
        description = {
            "Time partition loading against the raw read rate of the same files.",
            "DatasetReader.readPartition vs FileSystem.open + readFully into a byte[],",
            "alternating, in this process; prints medians and load/raw (target >= 50 %%)."
        })
public final class LoadBenchCommand implements Callable<Integer> {
    private final CliContext ctx;

    @Spec CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "PATH", description = "the dataset directory")
    String path;

    @Option(
            names = "--partitions",
            defaultValue = "0",
            paramLabel = "K",
            description = "K (default: the number of block files, one per prepared partition)")
    int partitions;

    @Option(
            names = "--partition",
            defaultValue = "1",
            paramLabel = "k",
            description = "the 1-based partition to load (default: ${DEFAULT-VALUE})")
    int partition;

    @Option(
            names = "--runs",
            defaultValue = "7",
            description = "timed runs (default: ${DEFAULT-VALUE})")
    int runs;

    @Option(
            names = "--warmups",
            defaultValue = "2",
            description = "untimed runs first (default: ${DEFAULT-VALUE})")
    int warmups;

    @Option(names = "--json", description = "print JSON")
    boolean json;

    public LoadBenchCommand(CliContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() throws Exception {
        try {
            Paths.Located at = Paths.resolve(path, ctx.hadoop());
            int k =
                    partitions > 0
                            ? partitions
                            : DatasetReader.readManifest(at.fs(), at.path()).blocks().size();
            PartitionLoadBenchmark.Result r =
                    PartitionLoadBenchmark.run(at.fs(), at.path(), k, partition, warmups, runs);
            PrintWriter w = spec.commandLine().getOut();
            if (json) {
                ObjectNode o = ManifestJson.mapper().valueToTree(r);
                o.put("rawMiBps", r.rawMiBps());
                o.put("loadMiBps", r.loadMiBps());
                o.put("ratio", r.ratio());
                w.println(ManifestJson.mapper().writeValueAsString(o));
            } else {
                w.println(r.toText());
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
