package io.codedyarn.repro;

import io.codedyarn.repro.placement.Reproduction;
import io.codedyarn.repro.placement.Reproductions;
import java.util.List;
import java.util.stream.Stream;

/**
 * The reproductions that train through the real coordinator on the simulated cluster ({@code
 * coordinator.simulated.SimulatedTrain}, the worker kernels and hdfs-tools' generators); the
 * analytical ones, which need only the placement module, are {@code repro.placement}. Both packages
 * make up the reproduction module.
 */
public final class TrainingReproductions {
    private TrainingReproductions() {}

    /** The training reproductions of {@code reproduce all} and docs/reproduction.md. */
    public static List<Reproduction> all() {
        return List.of(
                new LagcTraining(),
                LagcFashion.scaled(),
                new DsagTraining(),
                new HeteroGcTraining(),
                new LargeCluster());
    }

    /**
     * Those run only when named ({@code reproduce dsag-lb-training}): too long for the document's
     * regeneration in CI (about 25 minutes at {@code --scale 0.5} on 2 cores).
     */
    public static List<Reproduction> onRequest() {
        return List.of(new DsagLbTraining(), LagcFashion.full());
    }

    /**
     * Any reproduction by id: a training one (of {@link #all} or {@link #onRequest}) or a numeric
     * one ({@link Reproductions#byId}, which names the known ids when {@code id} is unknown).
     */
    public static Reproduction byId(String id) {
        return Stream.concat(all().stream(), onRequest().stream())
                .filter(r -> r.id().equals(id))
                .findFirst()
                .orElseGet(() -> Reproductions.byId(id));
    }
}
