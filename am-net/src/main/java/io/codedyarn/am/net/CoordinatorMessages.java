package io.codedyarn.am.net;

import io.codedyarn.compute.task.Task;
import io.codedyarn.protocol.ProtocolCodec;
import io.codedyarn.protocol.v1.CoordinatorMessage;
import io.codedyarn.protocol.v1.Load;
import io.codedyarn.protocol.v1.Partition;
import io.codedyarn.protocol.v1.Stop;
import io.codedyarn.protocol.v1.Vector;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * The messages the AM sends workers, encoded for the {@link GrpcWorkerServer}: a {@code Task},
 * whose iterate is encoded once per broadcast and shared by the broadcast's sends, and which must
 * fit the message bound ({@link ServerOptions#maxMessageBytes()}); a {@code Load}; a {@code Stop}.
 * {@link #task} runs on the coordinator's thread; the others are pure.
 */
final class CoordinatorMessages {
    private final int maxMessageBytes;

    /** The iterate's encoding, shared by the sends of one broadcast (same array, same round). */
    private volatile EncodedX lastX;

    /** One broadcast's x, encoded once; {@code finite}: no NaN or ±∞ in it. */
    private record EncodedX(double[] x, long round, Vector vector, boolean finite) {}

    /** A task's message, and whether its x is finite (a result may then hold no NaN or ±∞). */
    record EncodedTask(CoordinatorMessage message, boolean finite) {}

    CoordinatorMessages(int maxMessageBytes) {
        this.maxMessageBytes = maxMessageBytes;
    }

    /**
     * {@code task} for {@code worker}, encoded.
     *
     * @throws IllegalArgumentException when the encoded task exceeds the message limit
     */
    EncodedTask task(int worker, Task task) {
        EncodedX e = lastX;
        if (e == null || e.x() != task.x() || e.round() != task.round()) {
            e =
                    new EncodedX(
                            task.x(),
                            task.round(),
                            ProtocolCodec.vector(task.x()),
                            Arrays.stream(task.x()).allMatch(Double::isFinite));
            lastX = e;
        }
        CoordinatorMessage m =
                CoordinatorMessage.newBuilder()
                        .setTask(ProtocolCodec.task(task, e.vector()))
                        .build();
        int size = m.getSerializedSize();
        if (size > maxMessageBytes) {
            throw new IllegalArgumentException(
                    "task of round "
                            + task.round()
                            + " for worker "
                            + worker
                            + " is "
                            + size
                            + " bytes, over the message limit of "
                            + maxMessageBytes
                            + " bytes");
        }
        return new EncodedTask(m, e.finite());
    }

    /**
     * A {@code Load}: read partitions {@code add} (index → URI, sent in index order), keep {@code
     * add ∪ retain}.
     */
    static Load load(Map<Integer, String> add, int[] retain) {
        Load.Builder b = Load.newBuilder();
        new TreeMap<>(add)
                .forEach((j, uri) -> b.addAdd(Partition.newBuilder().setIndex(j).setUri(uri)));
        for (int j : retain) {
            b.addRetain(j);
        }
        return b.build();
    }

    static CoordinatorMessage stop(String reason) {
        return CoordinatorMessage.newBuilder().setStop(Stop.newBuilder().setReason(reason)).build();
    }
}
