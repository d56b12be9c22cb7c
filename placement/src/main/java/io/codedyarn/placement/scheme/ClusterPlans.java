package io.codedyarn.placement.scheme;

import io.codedyarn.placement.FamilySettings;
import io.codedyarn.placement.InvalidParametersException;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.coding.CachingDecoder;
import io.codedyarn.placement.coding.ClusterMembership;
import io.codedyarn.placement.coding.CyclicCode;
import io.codedyarn.placement.coding.CyclicDecoder;
import io.codedyarn.placement.coding.EachOfPromise;
import io.codedyarn.placement.coding.KOfNPromise;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What GC-SC and GC-DC share (Buyukates et al. 2022, §II, §IV-A): K = n workers and partitions, P
 * clusters of ℓ = K/P; cluster p owns partitions [pℓ, pℓ+ℓ) and the per-cluster cyclic codewords
 * c_{p,i} (index pℓ + i) over {pℓ + (i+t) mod ℓ : t = 0..s}; decoding needs ℓ−s codewords of every
 * cluster. One cyclic code (ℓ, s) serves every cluster.
 */
final class ClusterPlans {
    private ClusterPlans() {}

    /** Validates n, P, s and K; returns ℓ. */
    static int validate(SchemeParams p, String scheme) {
        int n = p.workers();
        int clusters = p.clusters();
        int s = p.stragglers();
        InvalidParametersException.require(n >= 1, "--workers", "must be >= 1, got %d", n);
        InvalidParametersException.require(
                clusters >= 1 && clusters <= n && n % clusters == 0,
                "--clusters",
                "must divide --workers (%d), got %d",
                n,
                clusters);
        int size = n / clusters;
        InvalidParametersException.require(
                s >= 0 && s < size,
                "--stragglers",
                "stragglers per cluster must be in [0, --workers/--clusters = %d), got %d",
                size,
                s);
        InvalidParametersException.require(
                p.partitions() == 0 || p.partitions() == n,
                "--partitions",
                "%s uses K = --workers (%d) partitions, got %d",
                scheme,
                n,
                p.partitions());
        return size;
    }

    /** Adds the P·ℓ codewords c_{p,i} at index pℓ + i. */
    static void addCodewords(Plan.Builder b, CyclicCode code, int clusters) {
        int size = code.codewords();
        for (int p = 0; p < clusters; p++) {
            for (int i = 0; i < size; i++) {
                b.addCodeword(code.codeword(i, p * size));
            }
        }
    }

    /** EachOfPromise over clusters of KOfNPromise(ℓ − s of the cluster's ℓ codewords). */
    static EachOfPromise promise(int clusters, int size, int s) {
        List<KOfNPromise> parts = new ArrayList<>();
        for (int p = 0; p < clusters; p++) {
            int[] members = new int[size];
            Arrays.setAll(members, i -> i);
            for (int i = 0; i < size; i++) {
                members[i] += p * size;
            }
            parts.add(new KOfNPromise(clusters * size, members, size - s));
        }
        return new EachOfPromise(clusters * size, parts);
    }

    /**
     * Decoder, promise, default assignment (layer 0) and the common parameters; the scheme adds its
     * family settings ({@link #layout}) next.
     */
    static void finish(
            Plan.Builder b, CyclicCode code, ClusterMembership m, SchemeParams p, int size) {
        int clusters = m.clusters();
        int[] layer0 = m.layerAssignment(0);
        for (int w = 0; w < m.workers(); w++) {
            b.assign(w, layer0[w]);
        }
        CyclicCode[] codes = new CyclicCode[clusters];
        Arrays.fill(codes, code);
        b.decoder(CachingDecoder.of(new CyclicDecoder(codes)));
        b.promise(promise(clusters, size, p.stragglers()));
        b.parameter("workers", m.workers()).parameter("partitions", m.workers());
        b.diagnostic("worstCondition", code.worstCondition());
        b.diagnostic("draws", code.draws());
    }

    /** The clusters of {@code m}: worker w's is that of its layer-0 codeword pℓ + i, p. */
    static FamilySettings.Clusters layout(ClusterMembership m, int stragglers) {
        int size = m.workers() / m.clusters();
        int[] layer0 = m.layerAssignment(0);
        int[] group = new int[m.workers()];
        for (int w = 0; w < group.length; w++) {
            group[w] = layer0[w] / size;
        }
        return new FamilySettings.Clusters(m.clusters(), stragglers, m.shifts(), group);
    }
}
