package io.codedyarn.am.cli.common;

import java.util.Collections;
import org.apache.log4j.Level;
import org.apache.log4j.LogManager;
import org.apache.log4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.bridge.SLF4JBridgeHandler;

/**
 * The client's console logging, configured by {@code conf/log4j.properties} (log4j 1 through
 * reload4j, the binding Hadoop's minicluster needs): coded-yarn at INFO, everything else at WARN,
 * the embedded cluster's daemons quieter still. {@link #install} also routes java.util.logging —
 * which the embedded ResourceManager's and NodeManagers' web apps (shaded Guice and Jersey) use,
 * bypassing log4j, for their "Multiple Servlet injectors detected" warnings — into the same
 * configuration, so that one file decides. {@link #verbose} ({@code coded-yarn -v}) undoes the
 * quieting: every logger at INFO.
 *
 * <p>Both are no-ops where slf4j is bound to another backend (a cluster's {@code yarn jar} with
 * log4j 2, say): there the cluster's logging configuration applies.
 */
public final class ConsoleLogging {
    private ConsoleLogging() {}

    /** java.util.logging into slf4j (and on into log4j's levels and appender). */
    public static void install() {
        try {
            SLF4JBridgeHandler.removeHandlersForRootLogger();
            SLF4JBridgeHandler.install();
        } catch (LinkageError noBridge) {
            // jul-to-slf4j missing on this classpath: java.util.logging keeps its console handler
        }
    }

    /** Every logger at INFO (the levels {@code log4j.properties} set are cleared). */
    public static void verbose() {
        if (!boundToLog4j()) {
            return;
        }
        LogManager.getRootLogger().setLevel(Level.INFO);
        for (Object o : Collections.list(LogManager.getCurrentLoggers())) {
            ((Logger) o).setLevel(null); // inherit the root's INFO
        }
    }

    /** {@code logger} (and those under it) at WARN: a command whose own output is the point. */
    public static void warnOnly(String logger) {
        if (boundToLog4j()) {
            Logger.getLogger(logger).setLevel(Level.WARN);
        }
    }

    private static boolean boundToLog4j() {
        try {
            return LoggerFactory.getILoggerFactory()
                    .getClass()
                    .getName()
                    .startsWith("org.slf4j.impl.Reload4j");
        } catch (LinkageError e) {
            return false;
        }
    }
}
