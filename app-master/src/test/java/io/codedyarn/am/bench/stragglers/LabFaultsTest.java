package io.codedyarn.am.bench.stragglers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * {@link LabFaults} against a small fake lab: which hosts it slows, when, and that it always undoes
 * what it did (the real {@code bin/lab} is exercised by the lab benchmark, docs/benchmarks.md).
 */
class LabFaultsTest {
    private static final String OLD = "container_1795841033243_0001_01_000001";

    private static String ctr(int app, int n) {
        return String.format("container_1795841033243_%04d_01_%06d", app, n);
    }

    /** A lab whose listing is {@code before} for the first call, {@code during} after. */
    private static final class FakeLab implements LabControl {
        final List<List<String>> commands = new ArrayList<>();
        final List<Container> before;
        final List<Container> during;
        final AtomicInteger listings = new AtomicInteger();
        String failOn;

        FakeLab(List<Container> before, List<Container> during) {
            this.before = before;
            this.during = during;
        }

        @Override
        public List<Container> containers() {
            return listings.getAndIncrement() == 0 ? before : during;
        }

        @Override
        public synchronized void run(List<String> args) throws IOException {
            commands.add(args);
            if (args.get(0).equals(failOn)) {
                throw new IOException("bin/lab " + String.join(" ", args) + " exited 1: no");
            }
        }

        synchronized List<List<String>> commands() {
            return List.copyOf(commands);
        }
    }

    private static List<LabControl.Container> app2(String amHost, String... workerHosts) {
        List<LabControl.Container> out = new ArrayList<>();
        out.add(
                new LabControl.Container(
                        amHost, 100, "io.codedyarn.am.yarn.master.AppMaster", ctr(2, 1)));
        for (int i = 0; i < workerHosts.length; i++) {
            out.add(
                    new LabControl.Container(
                            workerHosts[i], 200 + i, "io.codedyarn.worker.Main", ctr(2, i + 2)));
        }
        return out;
    }

    private static final List<LabControl.Container> OLD_APP =
            List.of(
                    new LabControl.Container(
                            "h1", 50, "io.codedyarn.am.yarn.master.AppMaster", OLD));

    private final StringWriter logged = new StringWriter();

    private LabFaults faults(FakeLab lab, LabFaults.TrainingClock clock) {
        return new LabFaults(
                lab,
                clock,
                0.02,
                new LabFaults.Timing(Duration.ofMillis(5), Duration.ofSeconds(20)),
                System::nanoTime,
                new PrintWriter(logged, true));
    }

    /** Training "starts" at the clock's third reading. */
    private static LabFaults.TrainingClock startsLater(AtomicInteger reads) {
        return app -> {
            assertThat(app).isEqualTo("application_1795841033243_0002");
            return reads.incrementAndGet() < 3 ? null : 2.5;
        };
    }

    private static void awaitCommands(FakeLab lab, int n) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (lab.commands().size() < n && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
    }

    @Test
    void slowsTheLowestWorkerHostThatDoesNotRunTheAppMasterOnceTrainingStartsAndUndoesIt()
            throws Exception {
        FakeLab lab = new FakeLab(OLD_APP, concat(OLD_APP, app2("h1", "h1", "h2", "h3", "h4")));
        AtomicInteger reads = new AtomicInteger();
        LabFaults.Session s = faults(lab, startsLater(reads)).begin(LabFault.cpu(1, 0.2), 4);
        awaitCommands(lab, 1);
        assertThat(reads.get()).isGreaterThanOrEqualTo(3); // not before training started
        String what = s.end();
        assertThat(lab.commands())
                .containsExactly(
                        List.of("slow", "h2", "--share", "0.2"), List.of("slow", "h2", "--reset"));
        assertThat(what)
                .contains("h2: CPU quota 0.2 of the host's share")
                .contains("training second 2.5")
                .contains("ApplicationMaster on h1");
    }

    @Test
    void twoHostsAreTheTwoLowestAndTheOldApplicationIsIgnored() throws Exception {
        // the old application's AM on h3 is not this run's: h3 may be a victim
        List<LabControl.Container> old =
                List.of(
                        new LabControl.Container(
                                "h3", 50, "io.codedyarn.am.yarn.master.AppMaster", OLD));
        FakeLab lab = new FakeLab(old, concat(old, app2("h2", "h4", "h3", "h2", "h1")));
        LabFaults.Session s = faults(lab, app -> 0.4).begin(LabFault.cpu(2, 0.4), 4);
        awaitCommands(lab, 2);
        s.end();
        assertThat(lab.commands())
                .containsExactly(
                        List.of("slow", "h1", "--share", "0.4"),
                        List.of("slow", "h3", "--share", "0.4"),
                        List.of("slow", "h1", "--reset"),
                        List.of("slow", "h3", "--reset"));
    }

    @Test
    void waitsForAllWorkersOfTheRunBeforeChoosing() throws Exception {
        // three of four workers running: no fault yet, whatever training says
        FakeLab lab = new FakeLab(List.of(), app2("h1", "h2", "h3", "h4"));
        LabFaults.Session s = faults(lab, app -> 1.0).begin(LabFault.link(1), 4);
        Thread.sleep(200);
        String what = s.end();
        assertThat(lab.commands()).isEmpty();
        assertThat(what).startsWith("not applied");
    }

    @Test
    void noVictimWhenEveryWorkerRunsBesideTheAppMaster() throws Exception {
        FakeLab lab = new FakeLab(List.of(), app2("h1", "h1", "h1", "h1", "h1"));
        LabFaults.Session s = faults(lab, app -> 1.0).begin(LabFault.link(1), 4);
        Thread.sleep(200);
        String what = s.end();
        assertThat(lab.commands()).isEmpty();
        assertThat(what).contains("not applied: 0 host(s) run a worker").contains("on h1");
        assertThat(logged.toString()).contains("not applied");
    }

    @Test
    void aFlapFreezesAndThawsInTurnAndEndsThawed() throws Exception {
        FakeLab lab = new FakeLab(List.of(), app2("h4", "h1", "h2", "h3", "h4"));
        LabFaults.Session s = faults(lab, app -> 0.1).begin(LabFault.flap(1, 0.02, 0.05), 4);
        awaitCommands(lab, 5);
        String what = s.end();
        List<List<String>> c = lab.commands();
        assertThat(c.size()).isGreaterThanOrEqualTo(5);
        for (int i = 0; i < c.size(); i++) {
            assertThat(c.get(i).get(1)).isEqualTo("h1");
        }
        // freeze, thaw, freeze, ... and a thaw at the end whatever state the flap was in
        assertThat(c.get(0).get(0)).isEqualTo("freeze");
        assertThat(c.get(1).get(0)).isEqualTo("thaw");
        assertThat(c.get(2).get(0)).isEqualTo("freeze");
        assertThat(c.get(c.size() - 1).get(0)).isEqualTo("thaw");
        assertThat(what).contains("frozen 0.02 s of every 0.05 s").containsPattern("\\d+ freeze");
    }

    @Test
    void aFaultThatCannotBeAppliedFailsTheBenchAfterUndoingIt() throws Exception {
        FakeLab lab = new FakeLab(List.of(), app2("h1", "h1", "h2", "h3", "h4"));
        lab.failOn = "net";
        LabFaults.Session s = faults(lab, app -> 0.3).begin(LabFault.link(1), 4);
        awaitCommands(lab, 1);
        Thread.sleep(50);
        assertThatThrownBy(s::end)
                .isInstanceOf(LabFaults.LabFaultException.class)
                .hasMessageContaining("lab fault");
        // what may have been half applied was undone
        assertThat(lab.commands()).endsWith(List.of("net", "h2", "--clear"));
    }

    @Test
    void containersParseAndNameTheirApplication() {
        List<LabControl.Container> c =
                LabControl.parse(
                        "h1 4242 io.codedyarn.am.yarn.master.AppMaster container_1795841033243_0003_01_000001\n"
                                + "h2 77 ? ?\n"
                                + "h3 88 io.codedyarn.worker.Main container_e17_1795841033243_0003_01_000004\n"
                                + "garbage\n");
        assertThat(c).hasSize(2);
        assertThat(c.get(0).isAppMaster()).isTrue();
        assertThat(c.get(0).application()).isEqualTo("1795841033243_0003");
        assertThat(c.get(1).isAppMaster()).isFalse();
        assertThat(c.get(1).application()).isEqualTo("1795841033243_0003");
        assertThat(c.get(1).pid()).isEqualTo(88);
    }

    @Test
    void victimsAreOrderedByHostNumberNotByName() {
        List<LabControl.Container> app = app2("h1", "h10", "h2", "h9");
        assertThat(LabFaults.victims(app, 2)).containsExactly("h2", "h9");
    }

    @Test
    void faultCommandsAreBinLabsOwn() {
        assertThat(LabFault.cpu(1, 0.2).apply("h3", 1))
                .containsExactly("slow", "h3", "--share", "0.2");
        assertThat(LabFault.link(1).apply("h3", 0.02))
                .containsExactly("net", "h3", "--rate", "0.02");
        assertThat(LabFault.link(1).undo("h3")).containsExactly("net", "h3", "--clear");
        assertThat(LabFault.flap(1, 5, 30).apply("h3", 1)).containsExactly("freeze", "h3");
        assertThat(LabFault.flap(1, 5, 30).describe(1)).isEqualTo("frozen 5 s of every 30 s");
    }

    private static List<LabControl.Container> concat(
            List<LabControl.Container> a, List<LabControl.Container> b) {
        List<LabControl.Container> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }
}
