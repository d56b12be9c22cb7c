package io.codedyarn.am.bench.stragglers;

import java.io.IOException;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Puts a lab scenario's fault on the hosts of one training run, from outside the product, the way
 * {@code .ci/lab-smoke} does by hand (issue 26 §4).
 *
 * <p>{@link #begin} is called before the run is submitted. A watcher thread then lists the lab's
 * container JVMs until the new application's ApplicationMaster and its N workers all run, and then
 * waits for training to run with all of them: a round done and no worker still starting, as the
 * ApplicationMaster publishes it for the client's progress line (once a second). An exact code
 * trains once n − s workers are ready; a fault on one of them while another still loads its data
 * would make two stragglers, not the scenario's one (measured: cyclic's rounds then waited for the
 * slowed host until the late worker joined, 8–12 s into training). It picks the victims, hosts that
 * run a worker and not the ApplicationMaster, lowest-numbered first, so that the AM's own host is
 * never what is slow, and applies the fault (for a flap: freeze, thaw after on seconds, freeze
 * again every period) until {@link Session#end}, which stops the watcher and undoes the fault on
 * every victim.
 *
 * <p>Why at the start of training: the time to target counts training seconds, so the fault is
 * there for the rounds it measures, and it is not there during the start-up it does not count. A
 * slow link earlier would hold up the job jar's localization (44 MB) and the data load and turn the
 * victim into a worker that never starts, and a 5 s-in-30 s freeze would mostly fall into the
 * start-up (what start-up does under faults is the fault matrix's, docs/reliability.md). The price:
 * the fault lands up to about 1.3 s into training (the publishing interval plus a poll), which
 * favours the methods that suffer from it; the record gives the training second it landed at.
 */
public final class LabFaults {
    /**
     * How often the containers are listed, and how long to wait for the run's AM and workers before
     * giving up on the fault (the run then goes on without it, and its record says so).
     */
    public record Timing(Duration poll, Duration waitForWorkers) {
        public static Timing defaults() {
            return new Timing(Duration.ofMillis(250), Duration.ofMinutes(5));
        }
    }

    /** Training's progress as the ApplicationMaster publishes it. */
    @FunctionalInterface
    public interface TrainingClock {
        /**
         * The training seconds of the last round {@code applicationId} published; null before its
         * first round (or when it cannot be read now).
         */
        Double seconds(String applicationId);
    }

    private final LabControl lab;
    private final TrainingClock training;
    private final double linkRateMbit;
    private final Timing timing;
    private final LongSupplier nanos;
    private final PrintWriter log;

    /**
     * @param linkRateMbit the rate of a {@link LabFault.Kind#LINK} fault, Mbit/s
     * @param nanos the clock of the fault times in the record (System::nanoTime)
     */
    public LabFaults(
            LabControl lab,
            TrainingClock training,
            double linkRateMbit,
            Timing timing,
            LongSupplier nanos,
            PrintWriter log) {
        this.lab = lab;
        this.training = training;
        this.linkRateMbit = linkRateMbit;
        this.timing = timing;
        this.nanos = nanos;
        this.log = log;
    }

    /**
     * Before a run is submitted: notes the applications already running and starts watching for the
     * next one's workers.
     *
     * @param workers N, the workers the run starts
     */
    public Session begin(LabFault fault, int workers) throws IOException, InterruptedException {
        Set<String> before = new TreeSet<>();
        for (LabControl.Container c : lab.containers()) {
            if (c.application() != null) {
                before.add(c.application());
            }
        }
        Session s = new Session(fault, workers, before);
        Runtime.getRuntime().addShutdownHook(s.onExit);
        s.watcher.start();
        return s;
    }

    /**
     * The victims among {@code app}'s containers: hosts that run one of its workers and not its
     * ApplicationMaster, by host number (h2 before h10), at most {@code hosts}.
     */
    static List<String> victims(List<LabControl.Container> app, int hosts) {
        Set<String> am = new TreeSet<>();
        Set<String> workers = new TreeSet<>();
        for (LabControl.Container c : app) {
            (c.isAppMaster() ? am : workers).add(c.host());
        }
        workers.removeAll(am);
        return workers.stream()
                .sorted(Comparator.comparing(LabFaults::hostNumber))
                .limit(hosts)
                .toList();
    }

    private static long hostNumber(String host) {
        String digits = host.replaceAll("\\D", "");
        return digits.isEmpty() ? Long.MAX_VALUE : Long.parseLong(digits);
    }

    /** One run's fault: watched for, applied, undone. */
    public final class Session {
        private final LabFault fault;
        private final int workers;
        private final Set<String> before;
        private final long t0 = nanos.getAsLong();
        private final Thread watcher;
        private final List<String> applied = new ArrayList<>(); // guarded by this
        private final CountDownLatch stop = new CountDownLatch(1);
        private volatile boolean stopped;
        private volatile String what =
                "not applied: the run ended before its workers all ran and trained";
        private volatile IOException failure;
        private volatile int freezes;

        private Session(LabFault fault, int workers, Set<String> before) {
            this.fault = fault;
            this.workers = workers;
            this.before = before;
            this.watcher = new Thread(this::watch, "lab fault watcher");
            this.watcher.setDaemon(true);
        }

        /**
         * The benchmark's JVM ends (Ctrl-C, TERM) while the fault is on: take it off, so that the
         * lab is not left with a slow, cut-off or frozen host.
         */
        private final Thread onExit = new Thread(this::undoOnExit, "lab fault undo on exit");

        private void undoOnExit() {
            stopped = true;
            stop.countDown();
            try {
                undoAll();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        /**
         * Takes the fault off every host it was put on; the last failure, or null (each one is
         * logged, and the other hosts are still undone).
         */
        private IOException undoAll() throws InterruptedException {
            List<String> hosts;
            synchronized (this) {
                hosts = List.copyOf(applied);
            }
            IOException failed = null;
            for (String v : hosts) {
                try {
                    lab.run(fault.undo(v));
                } catch (IOException e) {
                    failed = e;
                    say("could not undo the fault on " + v + ": " + e.getMessage());
                }
            }
            return failed;
        }

        private double sinceStart() {
            return (nanos.getAsLong() - t0) / 1e9;
        }

        private void watch() {
            try {
                List<LabControl.Container> app =
                        await(
                                () -> running(lab.containers()),
                                "the run's ApplicationMaster and "
                                        + workers
                                        + " workers were not all running");
                if (app == null) {
                    return;
                }
                String appId = "application_" + app.get(0).application();
                Double started =
                        await(() -> training.seconds(appId), appId + " published no round");
                if (started == null) {
                    return;
                }
                List<String> victims = victims(app, fault.hosts());
                String am =
                        app.stream()
                                .filter(LabControl.Container::isAppMaster)
                                .map(LabControl.Container::host)
                                .findFirst()
                                .orElse("?");
                if (victims.size() < fault.hosts()) {
                    what =
                            "not applied: "
                                    + victims.size()
                                    + " host(s) run a worker and not the ApplicationMaster (on "
                                    + am
                                    + "), the scenario needs "
                                    + fault.hosts();
                    say(what);
                    return;
                }
                double at = sinceStart();
                for (String v : victims) {
                    synchronized (this) {
                        applied.add(v);
                    }
                    lab.run(fault.apply(v, linkRateMbit));
                }
                what =
                        String.format(
                                Locale.ROOT,
                                "%s: %s, from training second %.1f or later (%.1f s after"
                                        + " submission; ApplicationMaster on %s)",
                                String.join(",", victims),
                                fault.describe(linkRateMbit),
                                started,
                                at,
                                am);
                say(what);
                if (fault.kind() == LabFault.Kind.FLAP) {
                    flap(victims);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (IOException e) {
                failure = e;
                say("could not apply the fault: " + e.getMessage());
            }
        }

        /** Frozen on seconds, thawed for the rest of each period, until stopped. */
        private void flap(List<String> victims) throws IOException, InterruptedException {
            freezes = 1;
            long on = Math.round(fault.onSeconds() * 1000);
            long off = Math.round((fault.periodSeconds() - fault.onSeconds()) * 1000);
            while (!stopped) {
                if (pause(on)) {
                    return; // end() thaws
                }
                for (String v : victims) {
                    lab.run(fault.undo(v));
                }
                if (pause(off)) {
                    return;
                }
                for (String v : victims) {
                    lab.run(fault.apply(v, linkRateMbit));
                }
                freezes++;
            }
        }

        /** A probe of the lab that may block on a {@code bin/lab} command. */
        private interface Probe<T> {
            T get() throws IOException, InterruptedException;
        }

        /**
         * {@code probe}'s first non-null answer, polled; null when the session ended first or the
         * deadline (the submission plus {@link Timing#waitForWorkers}) passed, which is recorded as
         * "not applied: {@code late} within ... s of its submission".
         */
        private <T> T await(Probe<T> probe, String late) throws IOException, InterruptedException {
            long deadline = t0 + timing.waitForWorkers().toNanos();
            while (!stopped) {
                T t = probe.get();
                if (t != null) {
                    return t;
                }
                if (nanos.getAsLong() - deadline > 0) {
                    what =
                            "not applied: "
                                    + late
                                    + " within "
                                    + timing.waitForWorkers().toSeconds()
                                    + " s of its submission";
                    say(what);
                    return null;
                }
                if (pause(timing.poll().toMillis())) {
                    return null;
                }
            }
            return null;
        }

        /**
         * Waits {@code millis} or until {@link #end}; true when ended. Not an interrupt: a {@code
         * bin/lab} command under way is left to finish, so that {@link #end} undoes a whole fault.
         */
        private boolean pause(long millis) throws InterruptedException {
            return stop.await(millis, TimeUnit.MILLISECONDS);
        }

        /** The new application's containers once its AM and N workers run; else null. */
        private List<LabControl.Container> running(List<LabControl.Container> all) {
            Map<String, List<LabControl.Container>> apps = new LinkedHashMap<>();
            for (LabControl.Container c : all) {
                String a = c.application();
                if (a != null && !before.contains(a)) {
                    apps.computeIfAbsent(a, k -> new ArrayList<>()).add(c);
                }
            }
            for (List<LabControl.Container> app : apps.values()) {
                long w = app.stream().filter(c -> !c.isAppMaster()).count();
                if (w >= workers && app.stream().anyMatch(LabControl.Container::isAppMaster)) {
                    return app;
                }
            }
            return null;
        }

        /**
         * After the run: stops the watcher and takes the fault off every victim.
         *
         * @return what was applied, where and when (or why not), for the run's record
         * @throws LabFaultException when the fault could not be applied or undone: the next run
         *     would start on a lab in an unknown state
         */
        public String end() throws IOException, InterruptedException {
            stopped = true;
            stop.countDown();
            // a bin/lab call is bounded by its own deadline
            watcher.join(Duration.ofMinutes(2).toMillis());
            try {
                Runtime.getRuntime().removeShutdownHook(onExit);
            } catch (IllegalStateException e) {
                // the JVM is exiting: the hook undoes the fault
            }
            IOException undoFailure = undoAll();
            if (failure != null) {
                throw new LabFaultException("lab fault: " + failure.getMessage(), failure);
            }
            if (undoFailure != null) {
                throw new LabFaultException(
                        "lab fault not undone: " + undoFailure.getMessage(), undoFailure);
            }
            return fault.kind() == LabFault.Kind.FLAP && freezes > 0
                    ? what + "; " + freezes + " freeze(s)"
                    : what;
        }
    }

    /**
     * A fault that could not be applied or undone: the lab is in an unknown state, so no later run
     * of the benchmark would mean anything.
     */
    public static final class LabFaultException extends IOException {
        LabFaultException(String message, IOException cause) {
            super(message, cause);
        }
    }

    private void say(String s) {
        synchronized (log) {
            log.println("bench stragglers: lab: " + s);
            log.flush();
        }
    }
}
