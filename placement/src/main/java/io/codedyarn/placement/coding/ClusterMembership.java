package io.codedyarn.placement.coding;

import java.util.random.RandomGenerator;

/**
 * GC-DC's multi-cluster membership matrix A_cluster (Buyukates et al. 2022, §IV-B, eq. 13): K
 * workers, P clusters of ℓ = K/P, each worker a member of n distinct clusters. The workers form ℓ
 * groups of P consecutive workers, G_g = {gP, …, gP+P−1}; group g draws n distinct shifts
 * σ_{g,1..n} from {0..P−1}, and layer q places G_g[j] in column (j + σ_{g,q}) mod P (a right
 * circular shift). The ℓn×P matrix has row q·ℓ + g. Every layer is a perfect partition into P
 * clusters of ℓ, so a perfect dynamic assignment always exists; layer 0 is the static clustering of
 * GC-SC (eq. 5).
 *
 * <p>Example (1-based, K = 12, P = 4, n = 2, shifts {(0,1), (3,2), (0,3)}), eq. 13:
 *
 * <pre>
 *   w1  w2  w3  w4        layer 1
 *   w6  w7  w8  w5
 *   w9  w10 w11 w12
 *   w4  w1  w2  w3        layer 2
 *   w7  w8  w5  w6
 *   w10 w11 w12 w9
 * </pre>
 *
 * Column 1 = {1, 4, 6, 7, 9, 10} (eq. 18).
 */
public final class ClusterMembership {
    private final int workers;
    private final int clusters;
    private final int size;
    private final int[][] shifts; // [group][layer]
    private final boolean[][] eligible; // [worker][cluster]

    private ClusterMembership(int workers, int clusters, int[][] shifts) {
        this.workers = workers;
        this.clusters = clusters;
        this.size = workers / clusters;
        this.shifts = shifts;
        this.eligible = new boolean[workers][clusters];
        for (int w = 0; w < workers; w++) {
            for (int q = 0; q < shifts[0].length; q++) {
                eligible[w][cluster(w, q)] = true;
            }
        }
    }

    /** Draws n distinct shifts per group uniformly without replacement. */
    public static ClusterMembership random(
            int workers, int clusters, int memberships, RandomGenerator rng) {
        check(workers, clusters);
        if (memberships < 1 || memberships > clusters) {
            throw new IllegalArgumentException(
                    "memberships must be in [1, " + clusters + "], got " + memberships);
        }
        int groups = workers / clusters;
        int[][] shifts = new int[groups][memberships];
        for (int g = 0; g < groups; g++) {
            int[] perm = new int[clusters];
            for (int i = 0; i < clusters; i++) {
                perm[i] = i;
            }
            for (int q = 0; q < memberships; q++) {
                int j = q + rng.nextInt(clusters - q);
                int t = perm[q];
                perm[q] = perm[j];
                perm[j] = t;
                shifts[g][q] = perm[q];
            }
        }
        return new ClusterMembership(workers, clusters, shifts);
    }

    /** Explicit shifts: {@code shifts[g][q]} for group g and layer q (0-based). */
    public static ClusterMembership ofShifts(int workers, int clusters, int[][] shifts) {
        check(workers, clusters);
        int groups = workers / clusters;
        if (shifts.length != groups || shifts[0].length < 1) {
            throw new IllegalArgumentException("need " + groups + " groups of shifts");
        }
        int[][] copy = new int[groups][];
        for (int g = 0; g < groups; g++) {
            copy[g] = shifts[g].clone();
            if (copy[g].length != shifts[0].length || copy[g].length > clusters) {
                throw new IllegalArgumentException("group " + g + ": wrong number of shifts");
            }
            boolean[] seen = new boolean[clusters];
            for (int v : copy[g]) {
                if (v < 0 || v >= clusters || seen[v]) {
                    throw new IllegalArgumentException(
                            "group " + g + ": shifts must be distinct in [0, " + clusters + ")");
                }
                seen[v] = true;
            }
        }
        return new ClusterMembership(workers, clusters, copy);
    }

    private static void check(int workers, int clusters) {
        if (clusters < 1 || workers < clusters || workers % clusters != 0) {
            throw new IllegalArgumentException(
                    "clusters must divide workers, got K=" + workers + ", P=" + clusters);
        }
    }

    /** The smallest n with n > P(K−1)/(2K) (Lemma 1: one swap resolves any conflict). */
    public static int lemma1Memberships(int workers, int clusters) {
        return Math.min(clusters, (int) ((long) clusters * (workers - 1) / (2L * workers)) + 1);
    }

    /** Lemma 1's condition n > P(K−1)/(2K), i.e. 2Kn > P(K−1). */
    public static boolean satisfiesLemma1(int workers, int clusters, int memberships) {
        return 2L * workers * memberships > (long) clusters * (workers - 1);
    }

    public int workers() {
        return workers;
    }

    public int clusters() {
        return clusters;
    }

    /** ℓ = K/P. */
    public int clusterSize() {
        return size;
    }

    /** n, the clusters every worker belongs to. */
    public int memberships() {
        return shifts[0].length;
    }

    /** σ_{g,q} (copy). */
    public int[][] shifts() {
        int[][] c = new int[shifts.length][];
        for (int g = 0; g < shifts.length; g++) {
            c[g] = shifts[g].clone();
        }
        return c;
    }

    /** The cluster worker w serves in layer q: (j + σ_{g,q}) mod P with w = gP + j. */
    public int cluster(int worker, int layer) {
        return (worker % clusters + shifts[worker / clusters][layer]) % clusters;
    }

    public boolean eligible(int worker, int cluster) {
        return eligible[worker][cluster];
    }

    /** P_k: the clusters worker k belongs to, ascending. */
    public int[] clustersOf(int worker) {
        int[] out = new int[memberships()];
        int t = 0;
        for (int p = 0; p < clusters; p++) {
            if (eligible[worker][p]) {
                out[t++] = p;
            }
        }
        return out;
    }

    /** Column p sorted ascending (eq. 18): the workers that can serve cluster p. */
    public int[] column(int cluster) {
        int[] out = new int[memberships() * size];
        int t = 0;
        for (int w = 0; w < workers; w++) {
            if (eligible[w][cluster]) {
                out[t++] = w;
            }
        }
        return out;
    }

    /** The ℓn×P matrix, row q·ℓ + g, entries 0-based worker ids. */
    public int[][] matrix() {
        int[][] a = new int[memberships() * size][clusters];
        for (int q = 0; q < memberships(); q++) {
            for (int w = 0; w < workers; w++) {
                a[q * size + w / clusters][cluster(w, q)] = w;
            }
        }
        return a;
    }

    /**
     * Worker → codeword p·ℓ + g in layer q: the worker of group g is at row g of its column, and
     * rows ascend with worker index, so positions follow ascending worker index.
     */
    public int[] layerAssignment(int layer) {
        int[] c = new int[workers];
        for (int w = 0; w < workers; w++) {
            c[w] = cluster(w, layer) * size + w / clusters;
        }
        return c;
    }
}
