package io.codedyarn.am.repro;

import io.codedyarn.placement.repro.Reproduction;
import java.util.List;

/**
 * The reproductions that train through the real coordinator on the simulated cluster ({@code
 * coordinator.simulated.SimulatedTrain}, the worker kernels and hdfs-tools' generators); the
 * analytical ones, which need only the placement module, are {@code placement.repro}. Both packages
 * make up the reproduction module.
 */
public final class TrainingReproductions {
    private TrainingReproductions() {}

    public static List<Reproduction> all() {
        return List.of(
                new LagcTraining(), new DsagTraining(), new DsagLbTraining(), new LargeCluster());
    }
}
