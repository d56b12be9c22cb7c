package io.codedyarn.protocol;

import com.google.protobuf.ByteString;
import com.google.protobuf.UnsafeByteOperations;
import io.codedyarn.compute.task.Piece;
import io.codedyarn.compute.task.Task;
import io.codedyarn.compute.task.TaskResult;
import io.codedyarn.compute.task.WorkUnit;
import io.codedyarn.compute.task.WorkerAssignment;
import io.codedyarn.compute.task.Workload;
import io.codedyarn.placement.slowdown.WorkerStraggle;
import io.codedyarn.protocol.v1.Partition;
import io.codedyarn.protocol.v1.Result;
import io.codedyarn.protocol.v1.Straggle;
import io.codedyarn.protocol.v1.TaskKind;
import io.codedyarn.protocol.v1.Unit;
import io.codedyarn.protocol.v1.Vector;
import io.codedyarn.protocol.v1.Welcome;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Translation between the task types and protocol version {@value #VERSION}'s messages (both sides
 * use it, so the encodings cannot drift apart). Vectors are IEEE-754 doubles, little-endian, 8
 * bytes each: bit-exact, and one bulk copy each way (faster than {@code repeated double}, see
 * docs/performance.md).
 */
public final class ProtocolCodec {
    /** The protocol version this build speaks (Hello/Welcome {@code protocol_version}). */
    public static final int VERSION = 1;

    /**
     * How a Hello's kernels are compared and logged: {@code "vector path, 4 threads"}; {@code path}
     * is {@code KernelPath#label()}.
     */
    public static String kernels(String path, int threads) {
        return path + " path, " + threads + (threads == 1 ? " thread" : " threads");
    }

    /**
     * Default bound on one message, either direction: 64 MiB holds a vector of 8 million doubles
     * (PCA with d·k up to 8·10^6) plus framing.
     */
    public static final int DEFAULT_MAX_MESSAGE_BYTES = 64 << 20;

    /**
     * The worker pings the AM after this long without traffic and gives up on it when no answer
     * comes within as long again (the AM's server permits pings this often).
     */
    public static final long WORKER_KEEPALIVE_MILLIS = 10_000;

    private ProtocolCodec() {}

    // ---- vectors ----

    public static Vector vector(double[] values) {
        byte[] bytes = new byte[Math.multiplyExact(values.length, Double.BYTES)];
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asDoubleBuffer().put(values);
        // the array is ours and never written again: wrapping saves a copy of up to 64 MiB
        return Vector.newBuilder().setLeDoubles(UnsafeByteOperations.unsafeWrap(bytes)).build();
    }

    /**
     * @throws IllegalArgumentException when the byte count is not a multiple of 8
     */
    public static double[] values(Vector v) {
        ByteString b = v.getLeDoubles();
        if (b.size() % Double.BYTES != 0) {
            throw new IllegalArgumentException(
                    "vector of " + b.size() + " bytes is not a whole number of doubles");
        }
        double[] out = new double[b.size() / Double.BYTES];
        b.asReadOnlyByteBuffer().order(ByteOrder.LITTLE_ENDIAN).asDoubleBuffer().get(out);
        return out;
    }

    // ---- tasks ----

    public static io.codedyarn.protocol.v1.Task task(Task t) {
        return task(t, vector(t.x()));
    }

    /** With an already encoded iterate (one encoding shared by a broadcast). */
    public static io.codedyarn.protocol.v1.Task task(Task t, Vector x) {
        io.codedyarn.protocol.v1.Task.Builder b =
                io.codedyarn.protocol.v1.Task.newBuilder()
                        .setRound(t.round())
                        .setIteration(t.iteration())
                        .setX(x)
                        .setKind(
                                switch (t.kind()) {
                                    case OBJECTIVE -> TaskKind.TASK_KIND_OBJECTIVE;
                                    case GRAM -> TaskKind.TASK_KIND_GRAM;
                                    case SQUARED_NORM -> TaskKind.TASK_KIND_SQUARED_NORM;
                                });
        for (WorkUnit u : t.units()) {
            Unit.Builder ub = Unit.newBuilder();
            for (Piece p : u.pieces()) {
                ub.addPieces(
                        io.codedyarn.protocol.v1.Piece.newBuilder()
                                .setPartition(p.partition())
                                .setFirstRow(p.firstRow())
                                .setRowCount(p.rowCount())
                                .setCoefficient(p.coefficient()));
            }
            b.addUnits(ub);
        }
        return b.build();
    }

    /**
     * @throws IllegalArgumentException for a task that breaks the task types' invariants
     */
    public static Task task(io.codedyarn.protocol.v1.Task t) {
        List<WorkUnit> units = new ArrayList<>(t.getUnitsCount());
        for (Unit u : t.getUnitsList()) {
            List<Piece> pieces = new ArrayList<>(u.getPiecesCount());
            for (io.codedyarn.protocol.v1.Piece p : u.getPiecesList()) {
                pieces.add(
                        new Piece(
                                p.getPartition(),
                                p.getFirstRow(),
                                p.getRowCount(),
                                p.getCoefficient()));
            }
            units.add(new WorkUnit(pieces));
        }
        Task.Kind kind =
                switch (t.getKind()) {
                    case TASK_KIND_OBJECTIVE -> Task.Kind.OBJECTIVE;
                    case TASK_KIND_GRAM -> Task.Kind.GRAM;
                    case TASK_KIND_SQUARED_NORM -> Task.Kind.SQUARED_NORM;
                    default ->
                            throw new IllegalArgumentException(
                                    "unknown task kind " + t.getKindValue());
                };
        return new Task(t.getRound(), values(t.getX()), units, kind, t.getIteration());
    }

    // ---- results ----

    public static Result result(TaskResult r) {
        Result.Builder b =
                Result.newBuilder().setRound(r.round()).setComputeNanos(r.computeNanos());
        for (double[] v : r.values()) {
            b.addValues(vector(v));
        }
        return b.build();
    }

    public static TaskResult result(int worker, Result r) {
        double[][] values = new double[r.getValuesCount()][];
        for (int u = 0; u < values.length; u++) {
            values[u] = values(r.getValues(u));
        }
        return new TaskResult(worker, r.getRound(), values, r.getComputeNanos());
    }

    // ---- welcome ----

    public static Welcome welcome(
            Workload workload, int components, boolean intercept, Map<Integer, String> partitions) {
        return welcome(workload, components, intercept, partitions, WorkerStraggle.NONE);
    }

    /** With the slowness the worker must inject into itself ({@code --straggle}). */
    public static Welcome welcome(
            Workload workload,
            int components,
            boolean intercept,
            Map<Integer, String> partitions,
            WorkerStraggle straggle) {
        Welcome.Builder b =
                Welcome.newBuilder()
                        .setProtocolVersion(VERSION)
                        .setWorkload(workload.cliName())
                        .setComponents(components)
                        .setIntercept(intercept);
        if (!straggle.isNone()) {
            b.setStraggle(straggle(straggle));
        }
        new TreeMap<>(partitions)
                .forEach(
                        (index, uri) ->
                                b.addPartitions(
                                        Partition.newBuilder().setIndex(index).setUri(uri)));
        return b.build();
    }

    /** The wire form of the slowness a worker must inject (not {@link WorkerStraggle#NONE}). */
    public static Straggle straggle(WorkerStraggle straggle) {
        Straggle.Builder sb =
                Straggle.newBuilder()
                        .setSpec(straggle.spec())
                        .setSeed(straggle.seed())
                        .setWorkers(straggle.workers())
                        .setNode(straggle.node())
                        .setNodeIndex(straggle.nodeIndex());
        if (straggle.recorded() != null) {
            for (double v : straggle.recorded()) {
                sb.addRecorded(v);
            }
        }
        return sb.build();
    }

    /** The slowness a Welcome asks the worker to inject ({@link WorkerStraggle#NONE} if none). */
    public static WorkerStraggle straggle(Welcome w) {
        return w.hasStraggle() ? straggle(w.getStraggle()) : WorkerStraggle.NONE;
    }

    /** The slowness a Straggle message names ({@link WorkerStraggle#NONE} for a blank spec). */
    public static WorkerStraggle straggle(Straggle s) {
        if (s.getSpec().isBlank()) {
            return WorkerStraggle.NONE;
        }
        double[] recorded = new double[s.getRecordedCount()];
        for (int i = 0; i < recorded.length; i++) {
            recorded[i] = s.getRecorded(i);
        }
        return new WorkerStraggle(
                s.getSpec(), s.getSeed(), s.getWorkers(), s.getNode(), s.getNodeIndex(), recorded);
    }

    /**
     * @throws IllegalArgumentException for an unknown workload or a repeated partition
     */
    public static WorkerAssignment assignment(int worker, Welcome w) {
        Map<Integer, String> uris = new TreeMap<>();
        for (Partition p : w.getPartitionsList()) {
            if (uris.put(p.getIndex(), p.getUri()) != null) {
                throw new IllegalArgumentException(
                        "welcome lists partition " + p.getIndex() + " twice");
            }
        }
        return new WorkerAssignment(
                worker, Workload.parse(w.getWorkload()), w.getComponents(), w.getIntercept(), uris);
    }
}
