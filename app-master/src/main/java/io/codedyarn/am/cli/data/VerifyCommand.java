package io.codedyarn.am.cli.data;

import io.codedyarn.am.cli.common.CliContext;
import io.codedyarn.hdfs.dataset.DatasetVerifier;
import io.codedyarn.hdfs.dataset.VerificationResult;
import java.io.IOException;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code coded-yarn data verify}: the first problem of a dataset, or OK. */
@Command(
        name = "verify",
        mixinStandardHelpOptions = true,
        description = {
            "Check a dataset's manifest, checksums and content; first problem or OK.",
            "Manifest fields, version, contiguous blocks; per block file: exists,",
            "length, header, CRC32C, finite values, labels in the classes, CSR",
            "structure, nnz. Prints OK with counts (exit 0) or the first problem as",
            "'file[: row R][: byte offset O]: message' (exit 1); bad arguments: exit 2."
        })
public final class VerifyCommand implements Callable<Integer> {
    private final CliContext ctx;

    @Spec CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "PATH", description = "the dataset directory")
    String path;

    public VerifyCommand(CliContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() throws Exception {
        try {
            Paths.Located at = Paths.resolve(path, ctx.hadoop());
            if (!at.fs().exists(at.path())) {
                throw new IllegalArgumentException(at.path() + " does not exist");
            }
            VerificationResult r = DatasetVerifier.verify(at.fs(), at.path());
            if (r.isOk()) {
                spec.commandLine().getOut().println(r);
                spec.commandLine().getOut().flush();
                return 0;
            }
            spec.commandLine().getErr().println(r);
            spec.commandLine().getErr().flush();
            return 1;
        } catch (IOException e) {
            return PrepareCommand.ioFailure(spec, e);
        }
    }
}
