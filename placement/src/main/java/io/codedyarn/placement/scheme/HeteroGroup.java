package io.codedyarn.placement.scheme;

import io.codedyarn.placement.Codeword;
import io.codedyarn.placement.Decoder;
import io.codedyarn.placement.Decoding;
import io.codedyarn.placement.FamilySettings;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.Scheme;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.coding.AuxiliaryDecoder;
import io.codedyarn.placement.coding.AuxiliaryDraw;
import io.codedyarn.placement.coding.CachingDecoder;
import io.codedyarn.placement.coding.ChainGroups;
import io.codedyarn.placement.coding.HeteroAllocation;
import io.codedyarn.placement.coding.LeastSquaresDecoder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * Group-based heterogeneity-aware gradient coding, scheme 2 (Wang et al., ICDCS 2019, §V,
 * Algorithms 2 and 3; digest hetero-gc §4).
 *
 * <p>Same loads and cyclic supports as {@link HeteroAware}. Groups are exact covers of the
 * partitions by ≤ n_eff − s workers, pairwise disjoint ({@link ChainGroups}: smallest chain first,
 * then lexicographically smallest ids; at most s+1). A group member's row is the plain sum of its
 * partitions (all coefficients 1), so a complete group decodes with coefficient 1 on every member,
 * eq. (8). The g groups use one copy of every partition each, so the n_L leftover workers hold
 * exactly s+1−g copies: they are coded with Algorithm 1 for s' = s − g stragglers and a fresh
 * (s'+1)×n_L auxiliary H'.
 *
 * <p>Decoding: (1) a complete group (the lowest-indexed one): plain sum; (2) else at least n_L − s'
 * leftover workers: the leftover code's closed form (residual-checked); (3) the generic least
 * squares as a numerical safety net. Theorem 6: with n_eff − s loaded workers, either some group
 * has no straggler, or every group has one and at most s − g stragglers are leftover workers, so
 * (1) or (2) applies. Promise: any n_eff − s loaded workers.
 *
 * <p>Example (digest Example B): n = 6, s = 2, r = (2, 4, 3, 1, 4, 4): K = 6, k_i = r_i, chains
 * {0,1} and {0,5}, kept {0,1}; workers 2..5 are coded for s' = 1, and with H' =
 * [[1,2,3,4],[2,3,5,7]] b_2 = −2·g0 − 2·g1 − 3·g2.
 */
public final class HeteroGroup implements Scheme {
    private final double[][] fixedLeftoverH;

    public HeteroGroup() {
        this(null);
    }

    /** With a given (s'+1)×n_L auxiliary matrix for the leftover workers (tests). */
    HeteroGroup(double[][] leftoverH) {
        this.fixedLeftoverH = leftoverH;
    }

    @Override
    public String name() {
        return "hetero-group";
    }

    @Override
    public String description() {
        return "group-based heterogeneity-aware GC: disjoint exact-cover groups send plain sums,"
                + " the other workers are coded for s - g; any n-s loaded workers decode";
    }

    @Override
    public Plan place(SchemeParams p, RandomGenerator rng) {
        HeteroAllocation alloc =
                HeteroAllocation.of(p.workers(), p.stragglers(), p.speeds(), p.partitions());
        int n = alloc.workers();
        int s = alloc.stragglers();
        int[] loaded = alloc.loaded();
        int[] start = new int[n];
        for (int i = 0; i < n; i++) {
            start[i] = alloc.start(i);
        }
        ChainGroups search =
                new ChainGroups(alloc.loads(), start, alloc.partitions(), loaded.length - s);
        List<int[]> groups = search.select(s + 1);
        int[] groupOf = new int[n];
        Arrays.fill(groupOf, -1);
        for (int g = 0; g < groups.size(); g++) {
            for (int i : groups.get(g)) {
                groupOf[i] = g;
            }
        }
        int[] leftover = Arrays.stream(loaded).filter(i -> groupOf[i] < 0).toArray();
        int tolerated = s - groups.size();
        AuxiliaryDraw drawn = null;
        if (leftover.length > 0) {
            // Each partition has s+1−g copies among the leftovers; holders() checks it.
            int[][] supports = HeteroCommon.supports(alloc, leftover);
            drawn =
                    fixedLeftoverH == null
                            ? AuxiliaryDraw.draw(supports, alloc.partitions(), tolerated, rng)
                            : AuxiliaryDraw.given(
                                    fixedLeftoverH, supports, alloc.partitions(), rng);
        }
        Plan.Builder b = HeteroCommon.skeleton(name(), alloc, p.seed());
        int l = 0;
        int[] group = new int[n];
        Arrays.fill(group, -1); // leftovers: in no group
        for (int i = 0; i < n; i++) {
            Codeword c;
            if (alloc.load(i) == 0) {
                c = HeteroCommon.empty();
            } else if (groupOf[i] >= 0) {
                c = Codeword.sumOf(alloc.support(i));
                group[i] = groupOf[i];
            } else {
                c = new Codeword(drawn.code().support(l), drawn.code().coefficients(l));
                l++;
            }
            HeteroCommon.addCodeword(b, i, c, alloc.load(i) > 0);
        }
        b.family(new FamilySettings.Groups(group));
        b.parameter("groups", groups.size()).parameter("leftoverWorkers", leftover.length);
        if (leftover.length > 0) {
            b.parameter("leftoverStragglers", tolerated);
        }
        b.diagnostic("groupSearchTruncated", search.truncated() ? 1 : 0);
        if (drawn != null) {
            HeteroCommon.conditioning(b, drawn);
        } else {
            b.diagnostic("worstCondition", 1.0);
        }
        Decoder leftoverDecoder =
                drawn == null ? null : new AuxiliaryDecoder(drawn.code(), leftover, n);
        b.decoder(
                CachingDecoder.of(
                        new HeteroCommon.SafetyNet(
                                new Groups(groups, leftoverDecoder, n),
                                new LeastSquaresDecoder(
                                        HeteroCommon.codewords(b), alloc.partitions()),
                                loaded,
                                loaded.length - s)));
        return b.build();
    }

    /** Steps (1) and (2) of the class doc. */
    private record Groups(List<int[]> groups, Decoder leftover, int codewords) implements Decoder {
        Groups {
            groups = new ArrayList<>(groups);
        }

        @Override
        public Optional<Decoding> decode(BitSet arrived) {
            for (int[] g : groups) {
                if (Arrays.stream(g).allMatch(arrived::get)) {
                    double[] a = new double[codewords];
                    for (int i : g) {
                        a[i] = 1.0; // eq. (8): the members' supports partition D
                    }
                    return Optional.of(Decoding.exact(a, 1.0));
                }
            }
            return leftover == null ? Optional.empty() : leftover.decode(arrived);
        }
    }
}
