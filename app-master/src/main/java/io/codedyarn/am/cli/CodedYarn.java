package io.codedyarn.am.cli;

import io.codedyarn.am.cli.common.CliContext;
import io.codedyarn.am.cli.common.ConsoleLogging;
import io.codedyarn.am.cli.common.GenericOptions;
import io.codedyarn.am.cli.common.UsageErrors;
import io.codedyarn.am.config.CodedYarnConfig;
import io.codedyarn.am.yarn.ClassDataSharing;
import io.codedyarn.am.yarn.ConfigFiles;
import io.codedyarn.am.yarn.YarnKeys;
import io.codedyarn.placement.InvalidParametersException;
import java.io.PrintWriter;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * The command-line entry point: {@code coded-yarn [generic options] <command> [options]}, run by
 * {@code bin/coded-yarn} or {@code yarn jar coded-yarn-VERSION.jar}. Hadoop's ToolRunner handles
 * the generic options ({@code -D key=value}, {@code -conf file.xml}, which must come before the
 * command, as with every Hadoop tool); picocli parses the command and its flags.
 *
 * <p>Exit codes: 0 success, 1 a check failed (e.g. {@code plan --verify}) or an I/O error, 2 bad
 * input.
 */
public final class CodedYarn extends Configured implements Tool {
    public static final int EXIT_CHECK_FAILED = 1;
    public static final int EXIT_BAD_INPUT = 2;

    private final PrintWriter out;
    private final PrintWriter err;

    public CodedYarn(PrintWriter out, PrintWriter err) {
        this.out = out;
        this.err = err;
    }

    public static void main(String[] args) throws Exception {
        PrintWriter out = new PrintWriter(System.out, true);
        PrintWriter err = new PrintWriter(System.err, true);
        ConsoleLogging.install();
        int rc;
        try {
            rc = run(ConfigFiles.client(), args, out, err);
        } catch (IllegalArgumentException e) {
            err.println("coded-yarn: " + e.getMessage());
            rc = EXIT_BAD_INPUT;
        } catch (Exception | Error e) {
            // exit even when non-daemon threads (an embedded cluster's) are still around
            err.println("coded-yarn: internal error: " + e);
            e.printStackTrace(err);
            rc = 1;
        }
        out.flush();
        err.flush();
        ClassDataSharing.discardUnusedClientList();
        System.exit(rc);
    }

    /**
     * {@link #main} without the exit: checks that the generic options come before the command, then
     * runs the command through ToolRunner on {@code conf} (its defaults and site files).
     */
    static int run(Configuration conf, String[] args, PrintWriter out, PrintWriter err)
            throws Exception {
        String misplaced = GenericOptions.misplaced(args);
        if (misplaced != null) {
            err.println("coded-yarn: " + misplaced);
            return EXIT_BAD_INPUT;
        }
        return ToolRunner.run(conf, new CodedYarn(out, err), args);
    }

    @Override
    public int run(String[] args) {
        CodedYarnConfig config;
        try {
            if (getConf() != null && !GenericOptions.checkKeys(getConf(), YarnKeys.INTERNAL, err)) {
                return EXIT_BAD_INPUT;
            }
            config = CodedYarnConfig.parse(key -> getConf() == null ? null : getConf().get(key));
        } catch (IllegalArgumentException e) {
            err.println("coded-yarn: " + e.getMessage());
            return EXIT_BAD_INPUT;
        }
        return commandLine(new CliContext(config, getConf()), out, err).execute(args);
    }

    /** The picocli tree with a default (empty) Hadoop configuration. Used by tests. */
    public static CommandLine commandLine(
            CodedYarnConfig config, PrintWriter out, PrintWriter err) {
        return commandLine(new CliContext(config, new Configuration()), out, err);
    }

    /**
     * The picocli tree, with one-line errors for bad input. Commands with a constructor taking
     * {@link CliContext} get the context; the rest come from picocli's default factory.
     */
    public static CommandLine commandLine(CliContext context, PrintWriter out, PrintWriter err) {
        CodedYarnConfig config = context.config();
        CommandLine cl =
                new CommandLine(
                        new Root(),
                        new CommandLine.IFactory() {
                            @Override
                            public <K> K create(Class<K> cls) throws Exception {
                                if (cls == PlanCommand.class) {
                                    return cls.cast(new PlanCommand(config));
                                }
                                if (cls == SimulateCommand.class) {
                                    return cls.cast(new SimulateCommand(config));
                                }
                                try {
                                    return cls.getDeclaredConstructor(CliContext.class)
                                            .newInstance(context);
                                } catch (NoSuchMethodException e) {
                                    // no context needed: picocli's default below
                                }
                                return CommandLine.defaultFactory().create(cls);
                            }
                        });
        cl.setOut(out);
        cl.setErr(err);
        cl.setParameterExceptionHandler(new UsageErrors(EXIT_BAD_INPUT));
        cl.setExecutionExceptionHandler(
                (ex, commandLine, parseResult) -> {
                    if (ex instanceof InvalidParametersException
                            || ex instanceof IllegalArgumentException) {
                        commandLine
                                .getErr()
                                .println(
                                        "coded-yarn "
                                                + commandLine.getCommandName()
                                                + ": "
                                                + ex.getMessage());
                        return EXIT_BAD_INPUT;
                    }
                    if (ex instanceof java.io.IOException) {
                        // A dataset/input file we cannot read as such is bad input (2); any other
                        // I/O failure (unreachable or full filesystem) is reported in one line (1).
                        boolean bad =
                                ex instanceof io.codedyarn.hdfs.dataset.DatasetFormatException
                                        || ex
                                                instanceof
                                                org.apache.hadoop.fs.FileAlreadyExistsException;
                        commandLine
                                .getErr()
                                .println(
                                        "coded-yarn "
                                                + commandLine.getCommandName()
                                                + ": "
                                                + ex.getMessage());
                        return bad ? EXIT_BAD_INPUT : EXIT_CHECK_FAILED;
                    }
                    throw ex;
                });
        return cl;
    }

    @Command(
            name = "coded-yarn",
            mixinStandardHelpOptions = true,
            version = "coded-yarn 0.1.0-SNAPSHOT",
            description = {
                "Straggler-tolerant iterative training on YARN with redundant data placement on HDFS.",
                "Generic Hadoop options (-D key=value, -conf file.xml) go before the command."
            },
            subcommands = {
                PlanCommand.class,
                SimulateCommand.class,
                TrainCommand.class,
                EvaluateCommand.class,
                PredictCommand.class,
                AdviseCommand.class,
                ReproduceCommand.class,
                io.codedyarn.am.cli.data.DataCommand.class,
                BenchCommand.class,
                ReportCommand.class,
                ExportCommand.class,
                CommandLine.HelpCommand.class
            })
    static final class Root implements Runnable {
        @Spec CommandLine.Model.CommandSpec spec;

        @Option(
                names = {"-v", "--verbose"},
                scope = ScopeType.INHERIT,
                description =
                        "Full logs: every logger at INFO, the embedded cluster's Hadoop, Jetty"
                                + " and Guice lines included (default: coded-yarn's own lines,"
                                + " and other libraries' warnings and errors).")
        void verbose(boolean on) {
            if (on) {
                ConsoleLogging.verbose();
            }
        }

        @Override
        public void run() {
            throw new CommandLine.ParameterException(spec.commandLine(), "missing command");
        }
    }
}
