package io.codedyarn.am.net;

import static io.codedyarn.am.net.TestingCluster.SECRET;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.codedyarn.compute.task.Piece;
import io.codedyarn.compute.task.Task;
import io.codedyarn.compute.task.TaskExecutor;
import io.codedyarn.compute.task.TaskResult;
import io.codedyarn.compute.task.WorkUnit;
import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.cluster.CoordinatorEvent;
import io.codedyarn.coordinator.cluster.CoordinatorEvent.ResultArrived;
import io.codedyarn.coordinator.cluster.CoordinatorEvent.WorkerFailed;
import io.codedyarn.coordinator.cluster.CoordinatorEvent.WorkerReady;
import io.codedyarn.protocol.ProtocolCodec;
import io.codedyarn.protocol.v1.CoordinatorMessage;
import io.codedyarn.protocol.v1.Failure;
import io.codedyarn.protocol.v1.Hello;
import io.codedyarn.protocol.v1.Loaded;
import io.codedyarn.protocol.v1.Ready;
import io.codedyarn.protocol.v1.Result;
import io.codedyarn.protocol.v1.Vector;
import io.codedyarn.protocol.v1.WorkerMessage;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Randomly mutated worker streams against a real endpoint (TLS, loopback): each case takes the
 * valid conversation (Hello, Ready, two Results for the tasks the AM sends) and mutates it —
 * messages dropped, repeated, swapped or inserted, fields set to wrong values, encoded bytes
 * flipped — then checks what the AM let through:
 *
 * <ul>
 *   <li>the coordinator sees only well-formed results: for a round its stream was sent, once, with
 *       the task's unit count, the model's length and, for a finite iterate, finite numbers;
 *   <li>no event for a peer whose Hello was refused (it cannot fail a worker);
 *   <li>the server lives on: afterwards a fresh, valid worker connects and its result equals the
 *       executor's bit for bit;
 *   <li>no thread is left behind once the peers are gone.
 * </ul>
 *
 * <p>Seeded ({@value #DEFAULT_SEED}, or {@code -Dcodedyarn.fuzz.seed=S}; every assertion names the
 * seed and case), {@value #CASES} cases: 16 s on this 2-core machine.
 */
class ProtocolFuzzTest {
    private static final long DEFAULT_SEED = 20261126L;
    private static final int CASES = 300;

    /** x of 5 (an LR answer is 6 numbers per value) and a diverged one (NaN answers are fine). */
    private static final double[] X = {0.5, -0.25, 1.5, 0.0, -2.0};

    private static final double[] DIVERGED = {0.5, Double.POSITIVE_INFINITY, 1.5, 0.0, -2.0};

    /** The last id, kept for the valid worker at the end (no case uses it). */
    private static final int WORKERS = CASES + 1;

    private static final long HELLO_TIMEOUT_MILLIS = 200;

    /** What the AM was asked to send one worker for one round. */
    private record Sent(int units, boolean finiteX) {}

    private final Map<Integer, Map<Long, Sent>> sent = new HashMap<>();
    private final Set<Integer> accepted = new HashSet<>();
    private final Set<String> answered = new HashSet<>();
    private long round;

    @Test
    void mutatedStreamsNeverGetAWrongResultThroughNorKillTheServerNorLeakThreads()
            throws Exception {
        long seed = Long.getLong("codedyarn.fuzz.seed", DEFAULT_SEED);
        System.err.println("ProtocolFuzzTest seed " + seed);
        SplittableRandom random = new SplittableRandom(seed);
        Set<String> before = threadNames();
        int results = 0;
        try (TestingCluster c =
                new TestingCluster(
                        WORKERS,
                        ServerOptions.defaults()
                                .withMaxMessageBytes(ServerOptions.messageBytesFor(X.length, 2, 2))
                                .withHelloTimeoutMillis(HELLO_TIMEOUT_MILLIS))) {
            for (int i = 0; i < CASES; i++) {
                runCase(c, i, random);
                results += check(c, seed, i);
            }
            Thread.sleep(2 * HELLO_TIMEOUT_MILLIS); // the last case's events
            results += check(c, seed, CASES);
            // the server lives on: a fresh worker connects, loads and computes right
            int w = WORKERS - 1;
            c.start(w);
            assertThat(c.next(WorkerReady.class).worker()).as("seed %d", seed).isEqualTo(w);
            Task t = new Task(++round, X, List.of(WorkUnit.of(Piece.whole(w))));
            c.server.send(w, t);
            TaskResult got = c.next(ResultArrived.class).result();
            TaskResult want =
                    new TaskExecutor(w, c.storedRows(w), Workload.LR, 1, () -> 0L).execute(t);
            assertThat(got.values()[0]).as("seed %d", seed).containsExactly(want.values()[0]);
        }
        System.err.println(
                "ProtocolFuzzTest: "
                        + CASES
                        + " cases, "
                        + accepted.size()
                        + " Hellos accepted, "
                        + results
                        + " results accepted (each checked)");
        // the valid conversations in the mix must get through, or the oracle checked nothing
        assertThat(results).as("seed %d: results accepted", seed).isGreaterThan(CASES / 10);
        assertThat(settled(before)).as("seed %d: threads left behind", seed).isEmpty();
    }

    // ---- one case ----

    private void runCase(TestingCluster c, int worker, SplittableRandom random) throws Exception {
        int[] units = {1 + random.nextInt(2), 1 + random.nextInt(2)};
        boolean[] finite = {random.nextInt(10) > 0, random.nextInt(10) > 0};
        List<WorkerMessage> script = new ArrayList<>();
        script.add(RawPeer.hello(worker, SECRET));
        script.add(WorkerMessage.newBuilder().setReady(Ready.newBuilder().setRows(14)).build());
        for (int r = 0; r < 2; r++) {
            script.add(result(r, units[r], finite[r], random));
        }
        int mutations = random.nextInt(4);
        for (int m = 0; m < mutations; m++) {
            mutate(script, random);
        }
        try (RawPeer p = new RawPeer(c)) {
            int task = 0;
            long[] rounds = new long[2];
            boolean ended = false;
            for (WorkerMessage m : script) {
                if (m.getKindCase() == WorkerMessage.KindCase.HELLO) {
                    p.send(m);
                    // wait for the answer (unless the stream has ended): a Welcome makes the
                    // stream the Hello's worker
                    Object answer = ended ? null : p.poll(HELLO_TIMEOUT_MILLIS * 5);
                    if (answer instanceof CoordinatorMessage cm && cm.hasWelcome()) {
                        accepted.add(m.getHello().getWorker());
                    }
                    ended |= answer == null || answer instanceof io.grpc.Status;
                    continue;
                }
                if (m.getKindCase() == WorkerMessage.KindCase.RESULT && task < 2) {
                    // the AM sends this worker a task first (skipped if no stream is its)
                    rounds[task] = ++round;
                    send(c, worker, rounds[task], units[task], finite[task]);
                    task++;
                }
                p.send(relabel(m, rounds));
            }
            // let the server read what was sent before the stream is cut
            p.poll(20);
        }
    }

    private void send(TestingCluster c, int worker, long r, int units, boolean finiteX) {
        Task t =
                new Task(
                        r,
                        finiteX ? X : DIVERGED,
                        Collections.nCopies(units, WorkUnit.of(Piece.whole(worker))),
                        Task.Kind.OBJECTIVE);
        sent.computeIfAbsent(worker, k -> new HashMap<>()).put(r, new Sent(units, finiteX));
        c.server.send(worker, t);
    }

    /** Results are written for rounds 0 and 1 of the case; the AM's rounds are global. */
    private static WorkerMessage relabel(WorkerMessage m, long[] rounds) {
        if (m.getKindCase() != WorkerMessage.KindCase.RESULT) {
            return m;
        }
        long r = m.getResult().getRound();
        long global = r == 0 || r == 1 ? rounds[(int) r] : r;
        return WorkerMessage.newBuilder()
                .setResult(m.getResult().toBuilder().setRound(global))
                .build();
    }

    // ---- the oracle ----

    /** Drains the events so far and checks each; the number of results accepted. */
    private int check(TestingCluster c, long seed, int i) throws InterruptedException {
        int results = 0;
        CoordinatorEvent e;
        while ((e = c.events.poll(TimeUnit.MILLISECONDS.toNanos(30))) != null) {
            String at = "seed " + seed + " case " + i + ": " + e;
            int w = worker(e);
            assertThat(accepted).as(at + " from a refused peer").contains(w);
            if (e instanceof ResultArrived a) {
                TaskResult r = a.result();
                Sent s = sent.getOrDefault(w, Map.of()).get(r.round());
                assertThat(s).as(at + ": a round never sent").isNotNull();
                assertThat(answered.add(w + "/" + r.round())).as(at + ": twice").isTrue();
                assertThat(r.values().length).as(at + ": unit count").isEqualTo(s.units());
                for (double[] v : r.values()) {
                    assertThat(v).as(at + ": length").hasSize(1 + X.length);
                    if (s.finiteX()) {
                        for (double d : v) {
                            assertThat(Double.isFinite(d)).as(at + ": finite").isTrue();
                        }
                    }
                }
                results++;
            }
        }
        return results;
    }

    private static int worker(CoordinatorEvent e) {
        if (e instanceof ResultArrived a) {
            return a.result().worker();
        }
        if (e instanceof WorkerReady r) {
            return r.worker();
        }
        if (e instanceof WorkerFailed f) {
            return f.worker();
        }
        throw new AssertionError("unexpected event " + e);
    }

    // ---- messages and their mutations ----

    /** The right answer's shape: {@code units} values of 6 finite numbers (NaN allowed if not). */
    private static WorkerMessage result(int r, int units, boolean finite, SplittableRandom random) {
        Result.Builder b = Result.newBuilder().setRound(r).setComputeNanos(random.nextInt(1000));
        for (int u = 0; u < units; u++) {
            double[] v = new double[1 + X.length];
            for (int i = 0; i < v.length; i++) {
                v[i] = finite ? random.nextDouble(-1, 1) : Double.NaN;
            }
            b.addValues(ProtocolCodec.vector(v));
        }
        return WorkerMessage.newBuilder().setResult(b).build();
    }

    private static void mutate(List<WorkerMessage> s, SplittableRandom random) {
        if (s.isEmpty()) {
            return;
        }
        int i = random.nextInt(s.size());
        switch (random.nextInt(7)) {
            case 0 -> s.remove(i);
            case 1 -> s.add(i, s.get(i));
            case 2 -> {
                int j = random.nextInt(s.size());
                Collections.swap(s, i, j);
            }
            case 3 -> s.add(i, randomMessage(random));
            case 4 -> s.set(i, flipBytes(s.get(i), random));
            default -> s.set(i, mutateField(s.get(i), random));
        }
    }

    /** Flips 1–3 bytes of the encoding; a message that no longer parses is dropped. */
    private static WorkerMessage flipBytes(WorkerMessage m, SplittableRandom random) {
        byte[] bytes = m.toByteArray();
        if (bytes.length == 0) {
            return m;
        }
        for (int k = 1 + random.nextInt(3); k > 0; k--) {
            bytes[random.nextInt(bytes.length)] ^= (byte) (1 + random.nextInt(255));
        }
        try {
            return WorkerMessage.parseFrom(bytes);
        } catch (InvalidProtocolBufferException e) {
            return WorkerMessage.getDefaultInstance(); // no kind at all
        }
    }

    private static WorkerMessage randomMessage(SplittableRandom random) {
        return switch (random.nextInt(5)) {
            case 0 -> RawPeer.hello(random.nextInt(-2, WORKERS - 1), SECRET);
            case 1 -> WorkerMessage.newBuilder().setReady(Ready.newBuilder()).build();
            case 2 ->
                    WorkerMessage.newBuilder()
                            .setLoaded(Loaded.newBuilder().setLoadNanos(random.nextInt(-5, 5)))
                            .build();
            case 3 ->
                    WorkerMessage.newBuilder()
                            .setFailure(Failure.newBuilder().setMessage("fuzz"))
                            .build();
            default -> result(random.nextInt(-1, 4), 1 + random.nextInt(3), true, random);
        };
    }

    private static WorkerMessage mutateField(WorkerMessage m, SplittableRandom random) {
        switch (m.getKindCase()) {
            case HELLO -> {
                Hello.Builder h = m.getHello().toBuilder();
                switch (random.nextInt(4)) {
                    case 0 -> h.setWorker(random.nextInt(-3, WORKERS - 1));
                    case 1 -> {
                        byte[] s = SECRET.clone();
                        s[random.nextInt(s.length)] ^= 1;
                        h.setSecret(ByteString.copyFrom(s));
                    }
                    case 2 -> h.setProtocolVersion(random.nextInt(0, 4));
                    default -> h.clearSecret();
                }
                return WorkerMessage.newBuilder().setHello(h).build();
            }
            case READY -> {
                return WorkerMessage.newBuilder()
                        .setReady(
                                Ready.newBuilder()
                                        .setLoadNanos(random.nextLong(-10, 10))
                                        .setRows(random.nextLong(-10, 10)))
                        .build();
            }
            case RESULT -> {
                return WorkerMessage.newBuilder()
                        .setResult(mutateResult(m.getResult().toBuilder(), random))
                        .build();
            }
            default -> {
                return m;
            }
        }
    }

    private static Result mutateResult(Result.Builder r, SplittableRandom random) {
        switch (random.nextInt(7)) {
            case 0 -> r.setRound(r.getRound() + random.nextInt(-2, 3));
            case 1 -> r.setComputeNanos(-1 - random.nextInt(100));
            case 2 -> {
                if (r.getValuesCount() > 0) {
                    r.removeValues(random.nextInt(r.getValuesCount()));
                }
            }
            case 3 -> r.addValues(ProtocolCodec.vector(new double[1 + X.length]));
            case 4 -> { // a vector cut or lengthened by a few bytes, or of another model
                if (r.getValuesCount() > 0) {
                    int u = random.nextInt(r.getValuesCount());
                    ByteString b = r.getValues(u).getLeDoubles();
                    int n = Math.max(0, b.size() + random.nextInt(-12, 12));
                    byte[] bytes = new byte[n];
                    b.copyTo(bytes, 0, 0, Math.min(n, b.size()));
                    r.setValues(u, Vector.newBuilder().setLeDoubles(ByteString.copyFrom(bytes)));
                }
            }
            default -> { // a NaN, ±∞ or a huge number at one place
                if (r.getValuesCount() > 0) {
                    int u = random.nextInt(r.getValuesCount());
                    double[] v = ProtocolCodec.values(r.getValues(u));
                    double[] bad = {
                        Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 1e308
                    };
                    if (v.length > 0) {
                        v[random.nextInt(v.length)] = bad[random.nextInt(bad.length)];
                    }
                    r.setValues(u, ProtocolCodec.vector(v));
                }
            }
        }
        return r.build();
    }

    // ---- threads ----

    private static Set<String> threadNames() {
        Set<String> names = new TreeSet<>();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.isAlive()) {
                names.add(t.getName() + "#" + t.getId());
            }
        }
        return names;
    }

    /**
     * Threads alive now and not before, after waiting up to 10 s for them to end (gRPC releases a
     * channel's shared event loop and executor about a second after the last channel closes).
     */
    private static Set<String> settled(Set<String> before) throws InterruptedException {
        Set<String> extra = new TreeSet<>();
        for (int i = 0; i < 100; i++) {
            extra = threadNames();
            extra.removeAll(before);
            if (extra.isEmpty()) {
                break;
            }
            Thread.sleep(100);
        }
        return extra;
    }
}
