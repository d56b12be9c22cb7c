package io.codedyarn.am.cli.common;

import io.codedyarn.am.config.ClientKeys;
import io.codedyarn.am.config.KeyCheck;
import io.codedyarn.am.yarn.ConfigFiles;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;

/**
 * Checks of Hadoop's generic options ({@code -D key=value}, {@code -conf file.xml}), which every
 * Hadoop tool takes before the command: one given after it would otherwise reach the command as an
 * unknown flag, and a mistyped key would be accepted silently.
 */
public final class GenericOptions {
    private GenericOptions() {}

    /** Generic options that take a value as the next argument ({@code GenericOptionsParser}'s). */
    private static final Set<String> WITH_VALUE =
            Set.of("-D", "-conf", "-fs", "-jt", "-files", "-libjars", "-archives");

    /**
     * When {@code -D} or {@code -conf} follows the command name: one line saying they go before it,
     * with the command line they make there; else null.
     */
    public static String misplaced(String[] args) {
        int i = 0;
        while (i < args.length && args[i].startsWith("-")) {
            i += WITH_VALUE.contains(args[i]) ? 2 : 1;
        }
        if (i >= args.length) {
            return null;
        }
        List<String> before = new ArrayList<>(List.of(args).subList(0, i));
        List<String> after = new ArrayList<>();
        List<String> moved = new ArrayList<>();
        for (int j = i; j < args.length; j++) {
            String a = args[j];
            if ((a.equals("-D") || a.equals("-conf")) && j + 1 < args.length) {
                moved.add(a);
                moved.add(args[++j]);
            } else if (a.startsWith("-D") && a.length() > 2) {
                moved.add(a);
            } else {
                after.add(a);
            }
        }
        if (moved.isEmpty()) {
            return null;
        }
        List<String> fixed = new ArrayList<>(before);
        fixed.addAll(moved);
        fixed.addAll(after);
        return "generic options ("
                + String.join(" ", moved)
                + ") go before the command name "
                + args[i]
                + ": coded-yarn "
                + String.join(" ", quoted(fixed));
    }

    private static List<String> quoted(List<String> args) {
        List<String> q = new ArrayList<>();
        for (String a : args) {
            q.add(a.isEmpty() || a.matches(".*[\\s'\"$`\\\\|&;<>()*?].*") ? "'" + a + "'" : a);
        }
        return q;
    }

    /**
     * Reports the configuration's unknown {@code coded-yarn.*} keys on {@code err}: errors (false
     * returned) unless {@code coded-yarn.strict-keys} is false, then warnings (true).
     *
     * @throws IllegalArgumentException when {@code coded-yarn.strict-keys} is neither true nor
     *     false
     */
    public static boolean checkKeys(
            Configuration conf, Collection<String> internal, PrintWriter err) {
        boolean strict = ClientKeys.strictKeys(conf::get); // a bad value fails even with no typo
        List<String> names = new ArrayList<>();
        for (Map.Entry<String, String> e : conf) {
            names.add(e.getKey());
        }
        List<String> unknown =
                KeyCheck.unknownKeys(names, internal, key -> ConfigFiles.source(conf, key));
        if (unknown.isEmpty()) {
            return true;
        }
        for (String line : unknown) {
            err.println(
                    "coded-yarn: "
                            + (strict ? "" : "warning: ")
                            + line
                            + (strict
                                    ? " (" + ClientKeys.STRICT_KEYS.name() + "=false: a warning)"
                                    : ""));
        }
        err.flush();
        return !strict;
    }
}
