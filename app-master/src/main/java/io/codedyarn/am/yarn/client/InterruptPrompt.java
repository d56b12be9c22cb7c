package io.codedyarn.am.yarn.client;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * The question Ctrl-C asks while the client follows an application: "Kill application ID? [y/N]". y
 * or yes (any case) kills; anything else — an empty line, no, other text, end of input — keeps
 * following (killing is the destructive choice, so it needs an explicit yes). No Hadoop or signal
 * types here: the streams are the console's in the client, strings in tests.
 */
final class InterruptPrompt {
    enum Answer {
        KILL,
        CONTINUE
    }

    private InterruptPrompt() {}

    static Answer ask(String applicationId, BufferedReader in, PrintWriter out) throws IOException {
        out.printf(
                Locale.ROOT,
                "%nKill application %s? [y/N] (Ctrl-C again: kill; --detach leaves an"
                        + " application running) ",
                applicationId);
        out.flush();
        String line = in.readLine();
        Answer a = parse(line);
        if (a == Answer.KILL) {
            out.printf(Locale.ROOT, "killing %s%n", applicationId);
        } else {
            out.printf(
                    Locale.ROOT,
                    "%sstill following %s; Ctrl-C to be asked again%n",
                    line == null ? System.lineSeparator() : "",
                    applicationId);
        }
        out.flush();
        return a;
    }

    /** y / yes in any case, surrounding blanks ignored → KILL; anything else or null → CONTINUE. */
    static Answer parse(String line) {
        if (line == null) {
            return Answer.CONTINUE;
        }
        String s = line.trim().toLowerCase(Locale.ROOT);
        return s.equals("y") || s.equals("yes") ? Answer.KILL : Answer.CONTINUE;
    }
}
