package io.codedyarn.am.yarn;

import io.codedyarn.am.config.YarnJobKeys;
import org.apache.hadoop.yarn.api.ApplicationConstants;
import org.apache.hadoop.yarn.api.ApplicationConstants.Environment;

/**
 * The launch command of the ApplicationMaster's, workers' and predict tasks' containers: their
 * {@code java} (the role's configured JDK, else the NodeManager's {@code JAVA_HOME}) behind a check
 * of its version. A NodeManager may run on Java 8 or 11 (Hadoop 3.3/3.4 clusters do) while our
 * classes need 17: without the check such a container dies of an {@code UnsupportedClassVersion}
 * trace, or earlier of a JVM option it does not know, neither of which says what to set.
 *
 * <p>The check runs in the container's shell rather than in a class of ours compiled for Java 8,
 * because the JVM options that follow (class-data sharing, {@code --add-modules}) already stop an
 * old JVM before any class runs. It reads {@code JAVA_VERSION} from the JDK's {@code release} file
 * (every JDK since 9 has one, and 8u's too), which costs no JVM start, and only where there is none
 * asks {@code java -version}.
 */
public final class ContainerJava {
    /** The oldest Java our classes run on. */
    public static final int MIN_VERSION = 17;

    /** A container's exit status when its Java is older than {@link #MIN_VERSION}. */
    public static final int EXIT_TOO_OLD = 65;

    /** Whose container: the message names it and the key that sets its JDK. */
    public enum Role {
        AM("the ApplicationMaster's container", YarnJobKeys.AM_JAVA_HOME.name()),
        WORKER("this worker's container", YarnJobKeys.WORKER_JAVA_HOME.name()),
        PREDICT_TASK("this predict task's container", YarnJobKeys.WORKER_JAVA_HOME.name());

        private final String who;
        private final String key;

        Role(String who, String key) {
            this.who = who;
            this.key = key;
        }
    }

    private ContainerJava() {}

    /**
     * {@code <javaHome>/bin/java <rest>}, run only when that java is 17 or newer; otherwise the
     * container exits with {@link #EXIT_TOO_OLD} after appending one line naming the version found
     * and the keys to set to {@code <LOG_DIR>/<stderrFile>}, whose tail the NodeManager puts in the
     * container's diagnostics.
     *
     * @param javaHome the role's JDK ({@link io.codedyarn.am.config.YarnSettings#amJavaHome} or
     *     {@code workerJavaHome}); empty: the NodeManager's {@code JAVA_HOME}
     * @param rest the JVM options, main class, arguments and redirections
     */
    public static String command(String javaHome, Role role, String rest, String stderrFile) {
        String home = javaHome.isEmpty() ? Environment.JAVA_HOME.$$() : javaHome;
        String java = home + "/bin/java";
        String log = ApplicationConstants.LOG_DIR_EXPANSION_VAR + "/" + stderrFile;
        // for the inner shell: the NodeManager runs the command as exec /bin/bash -c "<command>"
        // (ContainerLaunch's UnixShellScriptBuilder), so the check is escaped for those quotes
        String check =
                "v=$(awk -F'\"' '/^JAVA_VERSION=/{print $2; exit}' "
                        + home
                        + "/release 2>/dev/null);"
                        + " [ -n \"$v\" ] || v=$("
                        + java
                        + " -version 2>&1 | awk -F'\"' '/version \"/{print $2; exit}');"
                        + " m=${v#1.}; m=${m%%[!0-9]*};"
                        + " if [ \"${m:-0}\" -lt "
                        + MIN_VERSION
                        + " ]; then echo \"coded-yarn: "
                        + role.who
                        + " runs Java ${v:-unknown} ("
                        + java
                        + "); coded-yarn needs Java "
                        + MIN_VERSION
                        + " or newer: set "
                        + YarnJobKeys.CONTAINER_JAVA_HOME.name()
                        + " (or "
                        + role.key
                        + ") to a JDK "
                        + MIN_VERSION
                        + "+ directory on the nodes\" >>"
                        + log
                        + "; exit "
                        + EXIT_TOO_OLD
                        + "; fi;";
        return escapeForDoubleQuotes(check) + " exec " + java + " " + rest;
    }

    /**
     * {@code s} as it must appear inside a double-quoted bash string to reach the inner shell
     * unchanged: the NodeManager's {@code {{VAR}}} and {@code <LOG_DIR>} markers have no such
     * characters and are replaced before the shell sees them.
     */
    static String escapeForDoubleQuotes(String s) {
        StringBuilder b = new StringBuilder(s.length() + 32);
        for (char c : s.toCharArray()) {
            if (c == '\\' || c == '$' || c == '"' || c == '`') {
                b.append('\\');
            }
            b.append(c);
        }
        return b.toString();
    }
}
