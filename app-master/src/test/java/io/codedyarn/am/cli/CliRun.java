package io.codedyarn.am.cli;

import io.codedyarn.am.config.CodedYarnConfig;
import java.io.PrintWriter;
import java.io.StringWriter;

/** One CLI invocation in-process (default configuration): exit code, stdout, stderr. */
public record CliRun(int rc, String out, String err) {
    public static CliRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int rc =
                CodedYarn.commandLine(
                                CodedYarnConfig.defaults(),
                                new PrintWriter(out),
                                new PrintWriter(err))
                        .execute(args);
        return new CliRun(rc, out.toString(), err.toString());
    }
}
