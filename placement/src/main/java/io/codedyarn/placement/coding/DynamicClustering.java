package io.codedyarn.placement.coding;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;

/**
 * GC-DC's greedy dynamic clustering (Buyukates et al. 2022, Algorithm 1): given the membership
 * matrix and a predicted straggler state, choose per iteration a partition of the K workers into P
 * clusters of exactly ℓ, every worker in one of its own clusters, spreading the stragglers as
 * evenly as possible. Pure and deterministic.
 *
 * <p><b>Phase I</b> places the larger of K_f (non-stragglers) and K_s first, then the other. For a
 * group G, clusters take turns in ascending order of availability |G^p| (ties: lower p first; the
 * rank vector O_G), each taking the first unplaced worker of G in its sorted column, until G is
 * empty or a round places no one. {@link Cap#PER_GROUP} (default) lets a cluster take at most
 * ⌈|G|/P⌉ workers of G: the rule reconstructed in the digest (gc-dc.md §3.5) that reproduces the
 * paper's worked trace; {@link Cap#LITERAL} runs the pseudo-code as printed (only ℓ caps).
 *
 * <p>{@link Ranking#ONCE} (default) ranks the clusters once per group, as Algorithm 1 does; {@link
 * Ranking#PER_ROUND} is footnote 5's refinement: after every round (each eligible cluster took one
 * turn) the clusters are ranked again by the workers of G still unplaced in their column, so the
 * cluster that is running out of candidates picks first.
 *
 * <p><b>Phase II</b> resolves each unplaced worker k (ascending): directly into an open cluster of
 * P_k if the cap alone blocked it; else a swap k → p̄, k̄ → p for the first open p, p̄ ∈ P_k
 * ascending and member k̄ of p̄ (in placement order) that is eligible for p (the paper's lines
 * 33-34 have the direction typo k̄ → p̄); else, possible only when Lemma 1 (n > P(K−1)/(2K)) fails,
 * a BFS augmenting path over cluster slots, which always exists because layer 0 of the membership
 * matrix is a perfect assignment.
 *
 * <p>Within a cluster, positions (codeword c_{p,i}, index p·ℓ + i) go by ascending worker index.
 *
 * <p>Worked trace (1-based, eq. 18 columns, S = [1,1,0,1,0,0,0,0,1,1,1,1]): K_f first with order
 * (3,4,1,2) and cap 2 leaves w12 unplaced; K_s gives c1={1,6}, c2={10,7,8}, c3={2,11,3},
 * c4={4,9,5}; Phase II swaps w4 → c1, w12 → c4; stragglers per cluster (1,2,1,1).
 */
public final class DynamicClustering {

    /** How many workers of one group a cluster may take in Phase I. */
    public enum Cap {
        /** At most ⌈|G|/P⌉ (reconstructed; reproduces the paper's example). */
        PER_GROUP,
        /** Only the cluster size ℓ, as the paper's pseudo-code is printed. */
        LITERAL
    }

    /** When Phase I ranks the clusters (the order vector O_G). */
    public enum Ranking {
        /** Once per group, before it is placed (Algorithm 1, line 13). */
        ONCE,
        /** Again after every round, by remaining availability (footnote 5). */
        PER_ROUND
    }

    private final ClusterMembership membership;
    private final Cap cap;
    private final Ranking ranking;
    private final int workers;
    private final int clusters;
    private final int size;
    private final int[][] indexColumns;
    private final int[][] clustersOf;

    public DynamicClustering(ClusterMembership membership) {
        this(membership, Cap.PER_GROUP);
    }

    public DynamicClustering(ClusterMembership membership, Cap cap) {
        this(membership, cap, Ranking.ONCE);
    }

    public DynamicClustering(ClusterMembership membership, Cap cap, Ranking ranking) {
        this.membership = membership;
        this.cap = cap;
        this.ranking = ranking;
        this.workers = membership.workers();
        this.clusters = membership.clusters();
        this.size = membership.clusterSize();
        this.indexColumns = new int[clusters][];
        for (int p = 0; p < clusters; p++) {
            indexColumns[p] = membership.column(p);
        }
        this.clustersOf = new int[workers][];
        for (int w = 0; w < workers; w++) {
            clustersOf[w] = membership.clustersOf(w);
        }
    }

    public ClusterMembership membership() {
        return membership;
    }

    /**
     * One iteration's clusters.
     *
     * @param members P×ℓ, each cluster's workers ascending (member i computes codeword p·ℓ + i)
     * @param codewordOf worker → codeword index p·ℓ + i
     * @param clusterOf worker → cluster
     * @param swaps Phase-II single swaps
     * @param direct Phase-II direct placements (blocked only by the cap)
     * @param augmented Phase-II augmenting paths (only when Lemma 1 fails)
     */
    public record Result(
            int[][] members,
            int[] codewordOf,
            int[] clusterOf,
            int swaps,
            int direct,
            int augmented) {

        /** Stragglers (isFast false) per cluster. */
        public int[] stragglersPerCluster(boolean[] isFast) {
            int[] c = new int[members.length];
            for (int p = 0; p < members.length; p++) {
                for (int w : members[p]) {
                    c[p] += isFast[w] ? 0 : 1;
                }
            }
            return c;
        }
    }

    /** Homogeneous variant: columns in ascending worker index (eq. 16). */
    public Result assign(boolean[] isFast) {
        requireLength(isFast.length);
        return run(indexColumns, isFast);
    }

    /**
     * Heterogeneous variant (§VI-B): worker k is a straggler iff rates[k] < tau, and every column
     * is sorted by rate descending (fastest first; ties by index).
     */
    public Result assign(double[] rates, double tau) {
        requireLength(rates.length);
        boolean[] fast = new boolean[workers];
        for (int k = 0; k < workers; k++) {
            fast[k] = rates[k] >= tau;
        }
        Comparator<Integer> byRate =
                Comparator.<Integer>comparingDouble(w -> -rates[w]).thenComparingInt(w -> w);
        int[][] cols = new int[clusters][];
        for (int p = 0; p < clusters; p++) {
            cols[p] =
                    Arrays.stream(indexColumns[p])
                            .boxed()
                            .sorted(byRate)
                            .mapToInt(Integer::intValue)
                            .toArray();
        }
        return run(cols, fast);
    }

    private void requireLength(int len) {
        if (len != workers) {
            throw new IllegalArgumentException("need " + workers + " workers' states, got " + len);
        }
    }

    private Result run(int[][] cols, boolean[] isFast) {
        List<List<Integer>> cluster = new ArrayList<>();
        for (int p = 0; p < clusters; p++) {
            cluster.add(new ArrayList<>(size));
        }
        boolean[] placed = new boolean[workers];
        int fastCount = 0;
        for (boolean f : isFast) {
            fastCount += f ? 1 : 0;
        }
        boolean fastFirst = fastCount >= workers - fastCount;
        placeGroup(cols, isFast, fastFirst, cluster, placed);
        placeGroup(cols, isFast, !fastFirst, cluster, placed);
        int swaps = 0;
        int direct = 0;
        int augmented = 0;
        for (int k = 0; k < workers; k++) {
            if (placed[k]) {
                continue;
            }
            if (placeDirectly(k, cluster)) {
                direct++;
            } else if (swap(k, cluster)) {
                swaps++;
            } else {
                augment(k, cluster);
                augmented++;
            }
            placed[k] = true;
        }
        return result(cluster, swaps, direct, augmented);
    }

    /** Phase I for G = the workers with isFast == fast. */
    private void placeGroup(
            int[][] cols,
            boolean[] isFast,
            boolean fast,
            List<List<Integer>> cluster,
            boolean[] placed) {
        int groupSize = 0;
        for (int k = 0; k < workers; k++) {
            groupSize += isFast[k] == fast ? 1 : 0;
        }
        if (groupSize == 0) {
            return;
        }
        int[] order = rank(cols, isFast, fast, placed);
        int limit = cap == Cap.PER_GROUP ? (groupSize + clusters - 1) / clusters : size;
        int[] taken = new int[clusters];
        int remaining = groupSize;
        boolean progress = true;
        boolean firstRound = true;
        while (remaining > 0 && progress) {
            progress = false;
            if (ranking == Ranking.PER_ROUND && !firstRound) {
                order = rank(cols, isFast, fast, placed);
            }
            firstRound = false;
            for (int p : order) {
                if (remaining == 0) {
                    break;
                }
                if (cluster.get(p).size() >= size || taken[p] >= limit) {
                    continue;
                }
                for (int w : cols[p]) {
                    if (isFast[w] == fast && !placed[w]) {
                        cluster.get(p).add(w);
                        placed[w] = true;
                        taken[p]++;
                        remaining--;
                        progress = true;
                        break;
                    }
                }
            }
        }
    }

    /**
     * O_G: clusters by ascending availability |G^p| (the unplaced workers of G in column p), ties
     * to the lower index — the scarcest cluster picks first.
     */
    private int[] rank(int[][] cols, boolean[] isFast, boolean fast, boolean[] placed) {
        int[] avail = new int[clusters];
        for (int p = 0; p < clusters; p++) {
            for (int w : cols[p]) {
                avail[p] += isFast[w] == fast && !placed[w] ? 1 : 0;
            }
        }
        return IntStream.range(0, clusters)
                .boxed()
                .sorted(Comparator.<Integer>comparingInt(p -> avail[p]).thenComparingInt(p -> p))
                .mapToInt(Integer::intValue)
                .toArray();
    }

    /** An open cluster among P_k (the lowest): only the cap kept k out of it. */
    private boolean placeDirectly(int k, List<List<Integer>> cluster) {
        for (int p : clustersOf[k]) {
            if (cluster.get(p).size() < size) {
                cluster.get(p).add(k);
                return true;
            }
        }
        return false;
    }

    /** One swap (Lemma 1): k → p̄ in place of k̄, k̄ → open p. */
    private boolean swap(int k, List<List<Integer>> cluster) {
        for (int p = 0; p < clusters; p++) {
            if (cluster.get(p).size() >= size) {
                continue;
            }
            for (int pb : clustersOf[k]) {
                List<Integer> c = cluster.get(pb);
                for (int t = 0; t < c.size(); t++) {
                    int kb = c.get(t);
                    if (membership.eligible(kb, p)) {
                        c.set(t, k);
                        cluster.get(p).add(kb);
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /**
     * BFS over clusters from P_k: from a full cluster p, any member w may move to another of its
     * clusters; stop at an open cluster and shift the workers along the path.
     */
    private void augment(int k, List<List<Integer>> cluster) {
        int[] parent = new int[clusters];
        int[] moved = new int[clusters];
        boolean[] seen = new boolean[clusters];
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        for (int p : clustersOf[k]) {
            seen[p] = true;
            parent[p] = -1;
            queue.add(p);
        }
        int target = -1;
        while (!queue.isEmpty() && target < 0) {
            int p = queue.poll();
            if (cluster.get(p).size() < size) {
                target = p;
                break;
            }
            for (int w : cluster.get(p)) {
                for (int p2 : clustersOf[w]) {
                    if (!seen[p2]) {
                        seen[p2] = true;
                        parent[p2] = p;
                        moved[p2] = w;
                        queue.add(p2);
                    }
                }
            }
        }
        if (target < 0) {
            throw new IllegalStateException("no augmenting path for worker " + k);
        }
        int cur = target;
        cluster.get(cur).add(parent[cur] == -1 ? k : moved[cur]);
        while (parent[cur] != -1) {
            int prev = parent[cur];
            int incoming = parent[prev] == -1 ? k : moved[prev];
            List<Integer> c = cluster.get(prev);
            c.set(c.indexOf(moved[cur]), incoming);
            cur = prev;
        }
    }

    private Result result(List<List<Integer>> cluster, int swaps, int direct, int augmented) {
        int[][] members = new int[clusters][];
        int[] codewordOf = new int[workers];
        int[] clusterOf = new int[workers];
        for (int p = 0; p < clusters; p++) {
            members[p] = cluster.get(p).stream().mapToInt(Integer::intValue).sorted().toArray();
            if (members[p].length != size) {
                throw new IllegalStateException("cluster " + p + " has " + members[p].length);
            }
            for (int i = 0; i < size; i++) {
                codewordOf[members[p][i]] = p * size + i;
                clusterOf[members[p][i]] = p;
            }
        }
        return new Result(members, codewordOf, clusterOf, swaps, direct, augmented);
    }
}
