package io.codedyarn.placement.coding;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Group search of group-based heterogeneity-aware coding (Wang et al. 2019, §V, Algorithm 2; digest
 * hetero-gc §4.2–§4.4) for cyclic supports.
 *
 * <p>A group is a set of workers whose partition sets are pairwise disjoint with union D (condition
 * ①, an exact cover). With cyclic-interval supports an exact cover is a <em>chain</em>: each
 * interval starts where the previous one ended and the lengths sum to K. Chains are found by
 * depth-first search over "the workers whose interval starts at the next position", starting each
 * chain at its lowest-id member (so each set is found once), with at most {@code maxSize} members
 * (the digest's bound n − s: a group is only useful if it can finish before n − s results).
 *
 * <p>Pruning to pairwise-disjoint groups (condition ②), the rule used here: repeatedly take, among
 * the chains disjoint from those already taken, the one with the fewest workers, ties broken by the
 * lexicographically smallest sorted id list; stop at s+1 groups (each group uses one copy of every
 * partition, so g ≤ s+1). This equals "enumerate all chains, sort by (size, ids), keep each one
 * disjoint from those kept", but re-searches only the unused workers each round, so a search cut
 * short by {@link #SEARCH_BUDGET} (many chains, e.g. homogeneous speeds with k_i = 1) still finds
 * disjoint groups.
 *
 * <p>Example (digest "Cluster A groups"): k = (2,2,4,4,8,8,8,12), K = 24, 0-based chains {4,5,6},
 * {0,1,6,7}, {2,3,4,5}, {0,1,2,3,7}; kept: {4,5,6} then {0,1,2,3,7}.
 */
public final class ChainGroups {
    /** Search nodes per round before the enumeration stops with what it found. */
    public static final int SEARCH_BUDGET = 200_000;

    private final int[] load;
    private final int[] start;
    private final int partitions;
    private final int maxSize;
    private boolean truncated;

    /**
     * @param load k_i (0 = unloaded)
     * @param start first position of each cyclic interval
     * @param partitions K
     * @param maxSize largest group size considered
     */
    public ChainGroups(int[] load, int[] start, int partitions, int maxSize) {
        this.load = load.clone();
        this.start = start.clone();
        this.partitions = partitions;
        this.maxSize = maxSize;
    }

    /** Whether some enumeration hit {@link #SEARCH_BUDGET}. */
    public boolean truncated() {
        return truncated;
    }

    /** Every chain among the workers not in {@code used}, each as sorted worker ids. */
    public List<int[]> chains(boolean[] used) {
        List<List<Integer>> byStart = new ArrayList<>();
        for (int p = 0; p < partitions; p++) {
            byStart.add(new ArrayList<>());
        }
        for (int i = 0; i < load.length; i++) {
            if (load[i] > 0 && !used[i]) {
                byStart.get(start[i]).add(i);
            }
        }
        Search search = new Search(byStart);
        for (int w = 0; w < load.length && !search.outOfBudget(); w++) {
            if (load[w] > 0 && !used[w]) {
                int[] chain = new int[Math.max(1, maxSize)];
                chain[0] = w;
                search.dfs(chain, 1, load[w], (start[w] + load[w]) % partitions);
            }
        }
        truncated |= search.outOfBudget();
        return search.found;
    }

    /** Pairwise-disjoint groups by the rule in the class doc, at most {@code maxGroups}. */
    public List<int[]> select(int maxGroups) {
        boolean[] used = new boolean[load.length];
        List<int[]> groups = new ArrayList<>();
        while (groups.size() < maxGroups) {
            int[] best = null;
            for (int[] c : chains(used)) {
                if (best == null
                        || c.length < best.length
                        || (c.length == best.length && Arrays.compare(c, best) < 0)) {
                    best = c;
                }
            }
            if (best == null) {
                break;
            }
            groups.add(best);
            for (int i : best) {
                used[i] = true;
            }
        }
        return groups;
    }

    private final class Search {
        final List<List<Integer>> byStart;
        final List<int[]> found = new ArrayList<>();
        long nodes;

        Search(List<List<Integer>> byStart) {
            this.byStart = byStart;
        }

        boolean outOfBudget() {
            return nodes >= SEARCH_BUDGET;
        }

        /** chain[0..size) covers `covered` positions; the next interval must start at `next`. */
        void dfs(int[] chain, int size, int covered, int next) {
            nodes++;
            if (covered == partitions) {
                int[] set = Arrays.copyOf(chain, size);
                Arrays.sort(set);
                found.add(set);
                return;
            }
            if (size >= maxSize || outOfBudget()) {
                return;
            }
            for (int v : byStart.get(next)) {
                // v > chain[0]: each chain is enumerated from its lowest id only. Members are
                // distinct automatically: starts strictly increase within one lap.
                if (v > chain[0] && covered + load[v] <= partitions) {
                    chain[size] = v;
                    dfs(chain, size + 1, covered + load[v], (next + load[v]) % partitions);
                    if (outOfBudget()) {
                        return;
                    }
                }
            }
        }
    }
}
