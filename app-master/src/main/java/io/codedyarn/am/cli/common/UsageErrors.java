package io.codedyarn.am.cli.common;

import io.codedyarn.am.config.Nearest;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;

/**
 * A command line picocli cannot parse: one line naming the command (once) and the problem, then the
 * closest command or flag when one is near. Exit code 2.
 */
public final class UsageErrors implements CommandLine.IParameterExceptionHandler {
    private final int exitCode;

    public UsageErrors(int exitCode) {
        this.exitCode = exitCode;
    }

    @Override
    public int handleParseException(CommandLine.ParameterException thrown, String[] args) {
        CommandLine where = thrown.getCommandLine();
        // a required option reported missing because its name was mistyped: the typo first
        CommandLine.ParameterException ex =
                thrown instanceof CommandLine.UnmatchedArgumentException
                                || where.getUnmatchedArguments().isEmpty()
                        ? thrown
                        : new CommandLine.UnmatchedArgumentException(
                                where, where.getUnmatchedArguments());
        PrintWriter w = where.getErr();
        String name =
                where.getParent() == null ? "coded-yarn" : "coded-yarn " + where.getCommandName();
        w.println(
                name
                        + ": "
                        + ex.getMessage()
                        + " (see "
                        + where.getCommandSpec().qualifiedName()
                        + " --help)");
        String option = unknownOption(ex);
        if (option == null) {
            // a mistyped command: "Did you mean: coded-yarn train?"
            CommandLine.UnmatchedArgumentException.printSuggestions(ex, w);
        } else {
            String near = Nearest.closest(option, optionNames(where, option));
            if (near != null) {
                w.println("Did you mean: " + near + "?");
            } else {
                CommandLine.UnmatchedArgumentException.printSuggestions(ex, w);
            }
        }
        w.flush();
        return exitCode;
    }

    /** The first unknown option's name ({@code --wrokers} of {@code --wrokers=4}), or null. */
    private static String unknownOption(CommandLine.ParameterException ex) {
        if (ex instanceof CommandLine.UnmatchedArgumentException u
                && u.isUnknownOption()
                && !u.getUnmatched().isEmpty()) {
            String arg = u.getUnmatched().get(0);
            int eq = arg.indexOf('=');
            return eq < 0 ? arg : arg.substring(0, eq);
        }
        return null;
    }

    /** The command's option names of the same kind as {@code option} (long or short). */
    private static List<String> optionNames(CommandLine where, String option) {
        boolean isLong = option.startsWith("--");
        List<String> names = new ArrayList<>();
        for (String n : where.getCommandSpec().optionsMap().keySet()) {
            if (n.startsWith("--") == isLong) {
                names.add(n);
            }
        }
        return names;
    }
}
