package io.codedyarn.placement.scheme;

import io.codedyarn.placement.FamilySettings;
import io.codedyarn.placement.InvalidParametersException;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.Scheme;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.coding.ClusterMembership;
import io.codedyarn.placement.coding.CyclicCode;
import io.codedyarn.placement.coding.DynamicClustering;
import java.util.OptionalDouble;
import java.util.random.RandomGenerator;

/**
 * Gradient coding with dynamic clustering, GC-DC (Buyukates et al. 2022, §IV-V): the GC-SC
 * codewords c_{p,i} (index pℓ + i), but every worker is a member of n clusters (the ℓn×P membership
 * matrix, eq. 13, random distinct shifts) and stores all ℓ partitions of each (m = nℓ). Each
 * iteration the coordinator re-clusters with {@link DynamicClustering} (Algorithm 1) from the
 * predicted straggler state and tells each worker which codeword to compute; decoding is keyed by
 * codeword position and needs ℓ−s positions of every cluster. The plan's default assignment is
 * layer 0 (the GC-SC clustering).
 *
 * <p>--memberships defaults to the smallest n > P(K−1)/(2K) (Lemma 1: a single swap resolves every
 * conflict). Example K = 12, P = 4: bound 11/6, n = 2; worker w1 (1-based) is in clusters 1 and 2
 * of eq. 13 and stores g1..g6.
 *
 * <p>{@code gc-dc-rerank} is the same scheme with footnote 5's refinement: Algorithm 1 ranks the
 * clusters again after every placement round ({@link DynamicClustering.Ranking#PER_ROUND}); the
 * plan records it in its {@link FamilySettings.DynamicClusters} (parameter "ranking": once /
 * per-round).
 *
 * <p>For the coordinator: {@link #membership(Plan)} and {@link #clustering(Plan)} rebuild the
 * matrix and the clustering policy from the plan's {@link FamilySettings.DynamicClusters}.
 */
public final class GcDc implements Scheme {
    public static final String NAME = "gc-dc";

    /** The footnote-5 variant: clusters re-ranked after every placement round. */
    public static final String RERANK_NAME = "gc-dc-rerank";

    private final DynamicClustering.Ranking ranking;

    /** {@code gc-dc}: Algorithm 1 as printed (one ranking per group). */
    public GcDc() {
        this(DynamicClustering.Ranking.ONCE);
    }

    public GcDc(DynamicClustering.Ranking ranking) {
        this.ranking = ranking;
    }

    /** Whether plans of {@code scheme} re-cluster each iteration (gc-dc or gc-dc-rerank). */
    public static boolean isGcDc(String scheme) {
        return NAME.equals(scheme) || RERANK_NAME.equals(scheme);
    }

    @Override
    public String name() {
        return ranking == DynamicClustering.Ranking.ONCE ? NAME : RERANK_NAME;
    }

    @Override
    public String description() {
        return ranking == DynamicClustering.Ranking.ONCE
                ? "GC with dynamic clustering (GC-DC): workers in --memberships clusters,"
                        + " re-clustered each iteration"
                : "gc-dc with the clusters re-ranked after every placement round (the paper's"
                        + " footnote 5)";
    }

    @Override
    public Plan place(SchemeParams p, RandomGenerator rng) {
        int size = ClusterPlans.validate(p, name());
        int clusters = p.clusters();
        int n =
                p.memberships() > 0
                        ? p.memberships()
                        : ClusterMembership.lemma1Memberships(p.workers(), clusters);
        InvalidParametersException.require(
                n >= 1 && n <= clusters,
                "--memberships",
                "must be in [1, --clusters=%d], got %d",
                clusters,
                n);
        InvalidParametersException.require(
                !p.hasSpeeds() || p.speeds().length == p.workers(),
                "--speeds",
                "need one speed per worker (%d), got %d",
                p.workers(),
                p.speeds().length);
        InvalidParametersException.require(
                p.threshold() >= 0, "--threshold", "must be >= 0, got %s", p.threshold());
        ClusterMembership m = ClusterMembership.random(p.workers(), clusters, n, rng);
        return place(p, m, CyclicCode.draw(size, p.stragglers(), rng));
    }

    /** The plan for a given membership matrix and per-cluster code. */
    public Plan place(SchemeParams p, ClusterMembership m, CyclicCode code) {
        int size = ClusterPlans.validate(p, name());
        Plan.Builder b =
                Plan.builder(name(), p.workers(), p.workers())
                        .stragglers(p.stragglers())
                        .seed(p.seed());
        ClusterPlans.addCodewords(b, code, m.clusters());
        for (int w = 0; w < p.workers(); w++) {
            int[] own = m.clustersOf(w);
            int[] parts = new int[own.length * size];
            for (int t = 0; t < own.length; t++) {
                for (int j = 0; j < size; j++) {
                    parts[t * size + j] = own[t] * size + j;
                }
            }
            b.stored(w, parts);
        }
        ClusterPlans.finish(b, code, m, p, size);
        b.family(
                new FamilySettings.DynamicClusters(
                        ClusterPlans.layout(m, p.stragglers()),
                        ClusterMembership.satisfiesLemma1(
                                p.workers(), m.clusters(), m.memberships()),
                        ranking == DynamicClustering.Ranking.PER_ROUND,
                        p.hasSpeeds() ? OptionalDouble.of(p.threshold()) : OptionalDouble.empty()));
        return b.build();
    }

    /** The membership matrix of a gc-dc plan, from its clusters and shifts. */
    public static ClusterMembership membership(Plan plan) {
        FamilySettings.Clusters layout = settings(plan).layout();
        return ClusterMembership.ofShifts(plan.workers(), layout.clusters(), layout.shifts());
    }

    private static FamilySettings.DynamicClusters settings(Plan plan) {
        if (!isGcDc(plan.scheme())) {
            throw new IllegalArgumentException("not a " + NAME + " plan: " + plan.scheme());
        }
        return plan.family(FamilySettings.DynamicClusters.class);
    }

    /**
     * The straggler threshold τ of a gc-dc plan ({@code --threshold}; 0: the slow/fast variant).
     */
    public static double threshold(Plan plan) {
        return plan.family() instanceof FamilySettings.DynamicClusters d
                ? d.threshold().orElse(0)
                : 0;
    }

    /** Algorithm 1 over the plan's membership matrix (per-group cap, the plan's ranking). */
    public static DynamicClustering clustering(Plan plan) {
        DynamicClustering.Ranking r =
                settings(plan).perRoundRanking()
                        ? DynamicClustering.Ranking.PER_ROUND
                        : DynamicClustering.Ranking.ONCE;
        return new DynamicClustering(membership(plan), DynamicClustering.Cap.PER_GROUP, r);
    }

    /** One iteration's worker → codeword assignment from the predicted state (true = fast). */
    public static int[] assignment(Plan plan, boolean[] isFast) {
        return clustering(plan).assign(isFast).codewordOf();
    }
}
