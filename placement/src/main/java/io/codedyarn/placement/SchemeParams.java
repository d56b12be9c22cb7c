package io.codedyarn.placement;

import java.util.Arrays;
import java.util.Optional;

/**
 * The plan flags, typed and parsed once. Zero (or an empty array) means "not given": each scheme
 * documents its default and rejects what it cannot use.
 *
 * @param workers n, the number of workers ({@code --workers})
 * @param stragglers s, the number of stragglers tolerated ({@code --stragglers})
 * @param clusters P, clusters for GC-SC / GC-DC ({@code --clusters})
 * @param memberships GC-DC's n: how many clusters each worker may serve ({@code --memberships})
 * @param partitions K, data partitions ({@code --partitions}); 0 = the scheme's default
 * @param speeds relative speeds r_i, one per worker ({@code --speeds}); empty = homogeneous
 * @param load per-worker load: BCC's batch size r, LAGC's r ({@code --load}); 0 = default
 * @param groups number of groups for LAG-family schemes ({@code --groups}); 0 = default
 * @param subpartitions DSAG's p_i for every worker ({@code --subpartitions}); 0 = 1
 * @param threshold GC-DC heterogeneous straggler threshold tau on speeds ({@code --threshold})
 * @param shift shifted-exponential per-unit shift alpha, for {@code bcc-hetero} ({@code --shift})
 * @param seed the seed of every random choice ({@code --seed})
 */
public record SchemeParams(
        int workers,
        int stragglers,
        int clusters,
        int memberships,
        int partitions,
        double[] speeds,
        double load,
        int groups,
        int subpartitions,
        double threshold,
        double shift,
        long seed) {

    public SchemeParams {
        speeds = speeds == null ? new double[0] : speeds.clone();
    }

    /** Homogeneous defaults: only n and s set. */
    public static SchemeParams of(int workers, int stragglers, long seed) {
        return new SchemeParams(workers, stragglers, 0, 0, 0, null, 0, 0, 0, 0, 0, seed);
    }

    @Override
    public double[] speeds() {
        return speeds.clone();
    }

    public boolean hasSpeeds() {
        return speeds.length > 0;
    }

    public Optional<Integer> partitionsIfGiven() {
        return partitions > 0 ? Optional.of(partitions) : Optional.empty();
    }

    public SchemeParams withWorkers(int value) {
        Builder b = toBuilder();
        b.workers = value;
        return b.build();
    }

    public SchemeParams withStragglers(int value) {
        Builder b = toBuilder();
        b.stragglers = value;
        return b.build();
    }

    public SchemeParams withClusters(int value) {
        Builder b = toBuilder();
        b.clusters = value;
        return b.build();
    }

    public SchemeParams withMemberships(int value) {
        Builder b = toBuilder();
        b.memberships = value;
        return b.build();
    }

    public SchemeParams withPartitions(int value) {
        Builder b = toBuilder();
        b.partitions = value;
        return b.build();
    }

    public SchemeParams withSpeeds(double... value) {
        Builder b = toBuilder();
        b.speeds = value;
        return b.build();
    }

    public SchemeParams withLoad(double value) {
        Builder b = toBuilder();
        b.load = value;
        return b.build();
    }

    public SchemeParams withGroups(int value) {
        Builder b = toBuilder();
        b.groups = value;
        return b.build();
    }

    public SchemeParams withSubpartitions(int value) {
        Builder b = toBuilder();
        b.subpartitions = value;
        return b.build();
    }

    public SchemeParams withThreshold(double value) {
        Builder b = toBuilder();
        b.threshold = value;
        return b.build();
    }

    public SchemeParams withShift(double value) {
        Builder b = toBuilder();
        b.shift = value;
        return b.build();
    }

    public SchemeParams withSeed(long value) {
        Builder b = toBuilder();
        b.seed = value;
        return b.build();
    }

    private Builder toBuilder() {
        Builder b = new Builder();
        b.workers = workers;
        b.stragglers = stragglers;
        b.clusters = clusters;
        b.memberships = memberships;
        b.partitions = partitions;
        b.speeds = speeds;
        b.load = load;
        b.groups = groups;
        b.subpartitions = subpartitions;
        b.threshold = threshold;
        b.shift = shift;
        b.seed = seed;
        return b;
    }

    /** Copy-and-change helper behind the {@code with*} methods. */
    private static final class Builder {
        int workers;
        int stragglers;
        int clusters;
        int memberships;
        int partitions;
        double[] speeds;
        double load;
        int groups;
        int subpartitions;
        double threshold;
        double shift;
        long seed;

        SchemeParams build() {
            return new SchemeParams(
                    workers,
                    stragglers,
                    clusters,
                    memberships,
                    partitions,
                    speeds,
                    load,
                    groups,
                    subpartitions,
                    threshold,
                    shift,
                    seed);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SchemeParams p
                && workers == p.workers
                && stragglers == p.stragglers
                && clusters == p.clusters
                && memberships == p.memberships
                && partitions == p.partitions
                && Arrays.equals(speeds, p.speeds)
                && Double.compare(load, p.load) == 0
                && groups == p.groups
                && subpartitions == p.subpartitions
                && Double.compare(threshold, p.threshold) == 0
                && Double.compare(shift, p.shift) == 0
                && seed == p.seed;
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(speeds) * 31 + Long.hashCode(seed) + 7 * workers + 13 * stragglers;
    }

    @Override
    public String toString() {
        return "SchemeParams[n="
                + workers
                + ", s="
                + stragglers
                + ", P="
                + clusters
                + ", memberships="
                + memberships
                + ", K="
                + partitions
                + ", speeds="
                + Arrays.toString(speeds)
                + ", load="
                + load
                + ", groups="
                + groups
                + ", subpartitions="
                + subpartitions
                + ", tau="
                + threshold
                + ", shift="
                + shift
                + ", seed="
                + seed
                + "]";
    }
}
