package io.codedyarn.placement.scheme;

import io.codedyarn.placement.Plan;
import io.codedyarn.placement.Scheme;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.coding.ClusterMembership;
import io.codedyarn.placement.coding.CyclicCode;
import java.util.random.RandomGenerator;

/**
 * Gradient coding with static clustering, GC-SC (Buyukates et al. 2022, §II): P clusters of ℓ = K/P
 * workers; cluster p owns partitions [pℓ, pℓ+ℓ) and runs cyclic GC with s = r−1 inside; the
 * coordinator needs ℓ−s results from every cluster (P·s stragglers in the best case, s in the
 * worst). The clusters are layer 0 of the GC-DC membership matrix (eq. 5): ℓ groups of P
 * consecutive workers, each group right-shifted by a random σ_g, so clusters are not runs of
 * consecutive workers. Each worker stores only the r = s+1 partitions of its codeword (eq. 6).
 *
 * <p>Example (1-based, K = 12, r = 2, P = 4, σ = (0, 3, 0)): clusters {w1,w6,w9}, {w2,w7,w10},
 * {w3,w8,w11}, {w4,w5,w12}; w5 computes c_{4,2} over {g11, g12} (eq. 6-7).
 */
public final class StaticClustering implements Scheme {

    @Override
    public String name() {
        return "clustered";
    }

    @Override
    public String description() {
        return "GC with static clustering (GC-SC): --clusters P groups of n/P, cyclic GC inside each";
    }

    @Override
    public Plan place(SchemeParams p, RandomGenerator rng) {
        int size = ClusterPlans.validate(p, name());
        ClusterMembership m = ClusterMembership.random(p.workers(), p.clusters(), 1, rng);
        return place(p, m, CyclicCode.draw(size, p.stragglers(), rng));
    }

    /** The plan for given clusters (layer 0 of {@code m}) and per-cluster code. */
    public Plan place(SchemeParams p, ClusterMembership m, CyclicCode code) {
        int size = ClusterPlans.validate(p, name());
        Plan.Builder b =
                Plan.builder(name(), p.workers(), p.workers())
                        .stragglers(p.stragglers())
                        .seed(p.seed());
        ClusterPlans.addCodewords(b, code, m.clusters());
        int[] layer0 = m.layerAssignment(0);
        for (int w = 0; w < p.workers(); w++) {
            b.stored(w, b.codeword(layer0[w]).partitions());
        }
        ClusterPlans.finish(b, code, m, p, size);
        b.family(ClusterPlans.layout(m, p.stragglers()));
        return b.build();
    }
}
