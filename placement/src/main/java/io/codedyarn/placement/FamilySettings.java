package io.codedyarn.placement;

import java.util.Map;
import java.util.OptionalDouble;

/**
 * What a plan carries for its scheme family beyond placement and coding, typed: the values a
 * coordinator reads back (SAG's w, SSP's staleness, LAG's F, GC-DC's membership matrix and
 * threshold) and the per-worker task metadata (group, batch, subpartitions). {@link Plan#family}
 * holds one; {@link Training} is how the coordinator trains on it.
 *
 * <p>Each record writes its own values into {@link Plan#parameters} ({@link #describe}, in a fixed
 * order), where the scheme puts them among the figures that are only shown; {@code
 * json.FamilyReader} reads them back from a {@code plan.json}. Nothing parses the shown map.
 */
public sealed interface FamilySettings
        permits FamilySettings.None,
                FamilySettings.Asynchronous,
                FamilySettings.StaleSynchronous,
                FamilySettings.Lazy,
                FamilySettings.Clusters,
                FamilySettings.DynamicClusters,
                FamilySettings.Batches,
                FamilySettings.Groups {

    /** The group of {@code worker} (LAG family, clusters, fractional, hetero-group); -1: none. */
    default int group(int worker) {
        return -1;
    }

    /** The batch of {@code worker} (BCC); -1 when none. */
    default int batch(int worker) {
        return -1;
    }

    /** DSAG's p_i: subpartitions of the worker's data, processed one per iteration; 1 when none. */
    default int subpartitions(int worker) {
        return 1;
    }

    /** Whether the per-worker values cover exactly {@code workers} workers. */
    default boolean fits(int workers) {
        return true;
    }

    /** Puts this family's values into {@code parameters}, in the order plan.json shows them. */
    default void describe(Map<String, String> parameters) {}

    /** Plans that are placement and coding only (uncoded, cyclic, hetero, bcc-hetero...). */
    record None() implements FamilySettings {}

    /**
     * SAG, DSAG and SGD (DSAG §IV-B): w fresh results per round (n − s), and the same p
     * subpartitions for every worker ({@code --subpartitions}); the load balancer re-cuts p_i at
     * run time, the plan holds the starting value.
     */
    record Asynchronous(int w, int subpartitions) implements FamilySettings {
        public Asynchronous {
            require(w >= 1, "w must be >= 1, got " + w);
            require(subpartitions >= 1, "subpartitions must be >= 1, got " + subpartitions);
        }

        @Override
        public int subpartitions(int worker) {
            return subpartitions;
        }

        @Override
        public void describe(Map<String, String> parameters) {
            put(parameters, "subpartitions", subpartitions);
            put(parameters, "w", w);
        }
    }

    /** SSP: a worker runs at most {@code staleness} clocks ahead of the slowest. */
    record StaleSynchronous(int staleness) implements FamilySettings {
        public StaleSynchronous {
            require(staleness >= 0, "staleness must be >= 0, got " + staleness);
        }

        @Override
        public void describe(Map<String, String> parameters) {
            put(parameters, "staleness", staleness);
        }
    }

    /**
     * The LAG family (LAGC §2): each worker's group, and F = M_G − r_G + 1, the fewest members of a
     * group whose results decode it.
     */
    record Lazy(int minimalWait, int[] group) implements FamilySettings {
        public Lazy {
            require(minimalWait >= 1, "F must be >= 1, got " + minimalWait);
            group = group.clone();
        }

        @Override
        public int[] group() {
            return group.clone();
        }

        @Override
        public int group(int worker) {
            return group[worker];
        }

        @Override
        public boolean fits(int workers) {
            return group.length == workers;
        }

        @Override
        public void describe(Map<String, String> parameters) {
            put(parameters, "F", minimalWait);
        }
    }

    /**
     * GC-SC (Buyukates et al. 2022, §II): P clusters of ℓ = n/P workers, s stragglers tolerated in
     * each, the random shifts σ_{g,q} of the membership matrix (eq. 5; [group][layer], one layer
     * here), and each worker's cluster.
     */
    record Clusters(int clusters, int stragglers, int[][] shifts, int[] group)
            implements FamilySettings {
        public Clusters {
            require(clusters >= 1, "clusters must be >= 1, got " + clusters);
            require(group.length % clusters == 0, "clusters must divide the workers");
            require(shifts.length >= 1 && shifts[0].length >= 1, "shifts must not be empty");
            shifts = copy(shifts);
            group = group.clone();
        }

        @Override
        public int[][] shifts() {
            return copy(shifts);
        }

        @Override
        public int[] group() {
            return group.clone();
        }

        /** ℓ = n/P workers (and partitions) per cluster. */
        public int clusterSize() {
            return group.length / clusters;
        }

        /** n, the clusters each worker may serve: the layers of the membership matrix. */
        public int memberships() {
            return shifts[0].length;
        }

        /** "σ_{0,0},σ_{0,1};σ_{1,0},…": groups separated by ';', layers by ','. */
        public String shiftsText() {
            StringBuilder sb = new StringBuilder();
            for (int g = 0; g < shifts.length; g++) {
                if (g > 0) {
                    sb.append(';');
                }
                for (int q = 0; q < shifts[g].length; q++) {
                    sb.append(q > 0 ? "," : "").append(shifts[g][q]);
                }
            }
            return sb.toString();
        }

        @Override
        public int group(int worker) {
            return group[worker];
        }

        @Override
        public boolean fits(int workers) {
            return group.length == workers;
        }

        @Override
        public void describe(Map<String, String> parameters) {
            describeLayout(parameters);
            put(parameters, "shifts", shiftsText());
        }

        /** The keys GC-SC and GC-DC show first: P, ℓ and s. */
        void describeLayout(Map<String, String> parameters) {
            put(parameters, "clusters", clusters);
            put(parameters, "clusterSize", clusterSize());
            put(parameters, "stragglers", stragglers);
        }
    }

    /**
     * GC-DC (Buyukates et al. 2022, §IV-V): the GC-SC layout with n memberships per worker, whether
     * n satisfies Lemma 1, whether Algorithm 1 re-ranks the clusters after every placement round
     * (footnote 5), and the straggler threshold τ on speeds (heterogeneous variant; absent: the
     * slow/fast variant, τ = 0).
     */
    record DynamicClusters(
            Clusters layout, boolean lemma1, boolean perRoundRanking, OptionalDouble threshold)
            implements FamilySettings {
        public DynamicClusters {
            java.util.Objects.requireNonNull(layout, "layout");
            require(
                    threshold.isEmpty() || threshold.getAsDouble() >= 0,
                    "threshold must be >= 0, got " + threshold);
        }

        @Override
        public int group(int worker) {
            return layout.group(worker);
        }

        @Override
        public boolean fits(int workers) {
            return layout.fits(workers);
        }

        @Override
        public void describe(Map<String, String> parameters) {
            layout.describeLayout(parameters);
            put(parameters, "memberships", layout.memberships());
            put(parameters, "shifts", layout.shiftsText());
            put(parameters, "lemma1", lemma1);
            // Algorithm 1's cap is per group in every gc-dc plan (DynamicClustering.Cap).
            put(parameters, "cap", "per-group");
            put(parameters, "ranking", perRoundRanking ? "per-round" : "once");
            if (threshold.isPresent()) {
                put(parameters, "threshold", threshold.getAsDouble());
            }
        }
    }

    /** BCC (§III-A): the batch σ_i each worker stores and sums. */
    record Batches(int[] batch) implements FamilySettings {
        public Batches {
            batch = batch.clone();
        }

        @Override
        public int[] batch() {
            return batch.clone();
        }

        @Override
        public int batch(int worker) {
            return batch[worker];
        }

        @Override
        public boolean fits(int workers) {
            return batch.length == workers;
        }
    }

    /**
     * Workers in groups that hold the same data: fractional repetition's blocks, hetero-group's
     * groups (-1: a leftover worker, in no group).
     */
    record Groups(int[] group) implements FamilySettings {
        public Groups {
            group = group.clone();
        }

        @Override
        public int[] group() {
            return group.clone();
        }

        @Override
        public int group(int worker) {
            return group[worker];
        }

        @Override
        public boolean fits(int workers) {
            return group.length == workers;
        }
    }

    private static void put(Map<String, String> parameters, String key, Object value) {
        parameters.put(key, String.valueOf(value));
    }

    private static void require(boolean ok, String message) {
        if (!ok) {
            throw new IllegalArgumentException(message);
        }
    }

    private static int[][] copy(int[][] a) {
        int[][] c = new int[a.length][];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i].clone();
        }
        return c;
    }
}
