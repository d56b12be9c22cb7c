package io.codedyarn.am.yarn.client;

import java.io.BufferedReader;
import java.io.Console;
import java.io.PrintWriter;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Ctrl-C while following an application, on an interactive console: instead of the JVM's default
 * (run the shutdown hooks and exit — the hook kills the application), asks {@link InterruptPrompt}
 * on a daemon thread and raises {@link #killRequested()} on yes; the follow loop does the kill. A
 * second Ctrl-C while the question is open counts as yes (the user is insisting, and a blocked
 * console read cannot be answered any other way). {@link #close} restores the previous handler.
 * Without a console (scripts, CI, nohup) or where SIGINT cannot be handled, {@link #install}
 * returns null and the caller keeps the shutdown hook's non-interactive kill.
 */
final class CtrlC implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(CtrlC.class);

    private final String applicationId;
    private final Console console;
    private final AtomicBoolean asking = new AtomicBoolean();
    private final AtomicBoolean kill = new AtomicBoolean();
    private SignalHandler previous;

    private CtrlC(String applicationId, Console console) {
        this.applicationId = applicationId;
        this.console = console;
    }

    /** The handler, installed; null without a console or when SIGINT cannot be handled. */
    static CtrlC install(String applicationId) {
        Console console = System.console();
        if (console == null) {
            return null;
        }
        CtrlC c = new CtrlC(applicationId, console);
        try {
            c.previous = Signal.handle(new Signal("INT"), sig -> c.interrupted());
        } catch (IllegalArgumentException | UnsupportedOperationException e) {
            LOG.info(
                    "cannot handle Ctrl-C here ({}); Ctrl-C kills {}", e.toString(), applicationId);
            return null;
        }
        return c;
    }

    /** Whether the user said yes (or pressed Ctrl-C twice). */
    boolean killRequested() {
        return kill.get();
    }

    private void interrupted() {
        if (!asking.compareAndSet(false, true)) {
            kill.set(true); // a second Ctrl-C while the question is open
            return;
        }
        Thread t =
                new Thread(
                        () -> {
                            try {
                                BufferedReader in = new BufferedReader(console.reader());
                                PrintWriter out = console.writer();
                                if (InterruptPrompt.ask(applicationId, in, out)
                                        == InterruptPrompt.Answer.KILL) {
                                    kill.set(true);
                                }
                            } catch (java.io.IOException e) {
                                LOG.warn(
                                        "cannot read the answer ({}); still following",
                                        e.toString());
                            } finally {
                                asking.set(false);
                            }
                        },
                        "ctrl-c-prompt");
        t.setDaemon(true);
        t.start();
    }

    @Override
    public void close() {
        if (previous != null) {
            Signal.handle(new Signal("INT"), previous);
        }
    }
}
