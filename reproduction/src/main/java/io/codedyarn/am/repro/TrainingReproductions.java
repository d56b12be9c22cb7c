package io.codedyarn.am.repro;

import io.codedyarn.placement.repro.Reproduction;
import java.util.List;

/**
 * The reproductions that train through the real coordinator on the simulated cluster (they need the
 * app-master's coordinator and the worker kernels, so they live here rather than beside the
 * analytical ones in {@code placement.repro}).
 */
public final class TrainingReproductions {
    private TrainingReproductions() {}

    public static List<Reproduction> all() {
        return List.of(new LagcTraining(), new DsagTraining(), new LargeCluster());
    }
}
