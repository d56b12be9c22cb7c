package io.codedyarn.am.cli.data;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Spec;

/**
 * {@code coded-yarn data}: datasets onto any Hadoop FileSystem (HDFS, the embedded MiniDFSCluster,
 * file://). Subcommands: import, generate, prepare, inspect, verify.
 */
@Command(
        name = "data",
        mixinStandardHelpOptions = true,
        description = "Import, generate, place (prepare), inspect and verify datasets.",
        subcommands = {
            // DATA-SUBCOMMANDS: one class per line below.
            PrepareCommand.class,
            InspectCommand.class,
            VerifyCommand.class,
            LoadBenchCommand.class,
            ImportCommand.class,
            BenchImportCommand.class,
            GenerateCommand.class,
            BenchGenerateCommand.class,
        })
public final class DataCommand implements Runnable {
    @Spec CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(
                spec.commandLine(),
                "missing subcommand: import, generate, prepare, inspect or verify");
    }
}
