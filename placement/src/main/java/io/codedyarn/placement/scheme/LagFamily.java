package io.codedyarn.placement.scheme;

import io.codedyarn.placement.Codeword;
import io.codedyarn.placement.Decoder;
import io.codedyarn.placement.FamilySettings;
import io.codedyarn.placement.InvalidParametersException;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.Scheme;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.Training;
import io.codedyarn.placement.coding.BlockDecoder;
import io.codedyarn.placement.coding.EachOfPromise;
import io.codedyarn.placement.coding.GroupCode;
import io.codedyarn.placement.coding.KOfNPromise;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * The layouts of the LAGC paper (Zhang and Simeone; LAGC digest §2): M workers in G = M/M_G groups
 * of M_G consecutive workers, group g = {g·M_G, ..., g·M_G + M_G − 1}. The data is split into K = M
 * batches; group g owns batches g·M_G .. g·M_G + M_G − 1 exclusively, and inside the group the k-th
 * worker stores batches [k + t]_{M_G}, t = 0..r_G − 1, with r_G = min(r, M_G): the
 * cyclic-repetition gradient code with n = M_G and s = r_G − 1 (§2.5). A group's sum g_g decodes
 * from any F = M_G − r_G + 1 of its workers; the full gradient decodes when every group does.
 *
 * <ul>
 *   <li>{@code lag}: M_G = 1, r = 1 (§2.4): worker m holds batch m; every selected worker is waited
 *       for.
 *   <li>{@code lagc}: any M_G dividing M and any r (§2.5, Algorithm 1). M_G = M is plain GC, M_G ≤
 *       r degenerates to the G-LAG layout.
 *   <li>{@code g-lag}, {@code g-gd}: M_G ≤ r, so r_G = M_G (§2.6, §2.3): every group member stores
 *       all the group's batches and sends their plain sum; the fastest one suffices (F = 1). g-gd
 *       selects every group each iteration (ξ = 0); the others are lazy.
 *   <li>{@code g-gd} with coded groups: --groups and --load with M_G = M/G &gt; r, the LAGC layout
 *       (r_G = r, any F = M_G − r + 1 members decode) with every group selected each iteration:
 *       LAGC with ξ = 0, the G-GD rows of the paper's Table II with M_G &gt; r (§2.3, Remark 2).
 * </ul>
 *
 * The lazy trigger (17) is not part of the placement; it reads the groups from {@link
 * Plan#family()}, their batches from {@link PlanGroups}, and decodes one group with {@link
 * BlockDecoder#decodeBlock}. The parameters carry the per-iteration counts of §2.7.
 *
 * <p>Example (the paper's Fig. 3, 0-based): lagc with M = 3, G = 1, r = 2: W0 = {0, 1}, W1 = {1,
 * 2}, W2 = {2, 0}; any F = 2 workers decode g_0 + g_1 + g_2. With M = 20, r = 4, G = 4 (M_G = 5):
 * worker 7 (group 1, k = 2) stores {7, 8, 9, 5}, and group 1 needs any 2 of workers 5..9.
 */
public final class LagFamily implements Scheme {

    /** The four variants and their command-line names. */
    public enum Variant {
        LAG("lag", "each worker its own batch; lazily selected workers, wait for each (LAGC §2.4)"),
        LAGC(
                "lagc",
                "groups with in-group cyclic gradient coding; lazily selected groups decode from"
                        + " any M_G-r_G+1 members (LAGC §2.5)"),
        G_LAG(
                "g-lag",
                "groups whose members all store the group's data; lazily selected groups, fastest"
                        + " member (LAGC §2.6)"),
        G_GD(
                "g-gd",
                "groups whose members all store the group's data, fastest member; or, with"
                        + " --load r < M/--groups, cyclic-coded groups, any M_G-r+1 members;"
                        + " every group each iteration (LAGC §2.3)");

        final String cliName;
        final String description;

        Variant(String cliName, String description) {
            this.cliName = cliName;
            this.description = description;
        }
    }

    private final Variant variant;

    public LagFamily(Variant variant) {
        this.variant = variant;
    }

    @Override
    public Training training(Plan plan) {
        return new Training.Lazy(
                variant != Variant.G_GD, plan.family(FamilySettings.Lazy.class).minimalWait());
    }

    @Override
    public String name() {
        return variant.cliName;
    }

    @Override
    public String description() {
        return variant.description;
    }

    @Override
    public Plan place(SchemeParams p, RandomGenerator rng) {
        Shape shape = shape(p);
        int m = shape.workers;
        int mg = shape.groupSize;
        int g = m / mg;
        int rg = Math.min(shape.load, mg);
        int f = mg - rg + 1;
        // One in-group code serves every group: the layouts are identical up to the offset g·M_G.
        GroupCode code = GroupCode.cyclic(mg, rg - 1, rng);
        Plan.Builder b = Plan.builder(name(), m, m).stragglers(rg - 1).seed(p.seed());
        int[][] members = new int[g][mg];
        int[] groupOf = new int[m];
        List<KOfNPromise> parts = new ArrayList<>(g);
        for (int grp = 0; grp < g; grp++) {
            int base = grp * mg;
            for (int k = 0; k < mg; k++) {
                int w = base + k;
                Codeword local = code.codewords().get(k);
                int[] global = local.partitions();
                for (int t = 0; t < global.length; t++) {
                    global[t] += base;
                }
                b.stored(w, global);
                b.assign(w, b.addCodeword(new Codeword(global, local.coefficients())));
                groupOf[w] = grp;
                members[grp][k] = w;
            }
            parts.add(new KOfNPromise(m, members[grp], f));
        }
        b.promise(new EachOfPromise(m, parts));
        b.decoder(new BlockDecoder(m, members, Collections.nCopies(g, code.decoder())));
        boolean lazy = variant != Variant.G_GD;
        b.parameter("workers", m)
                .parameter("groups", g)
                .parameter("groupSize", mg)
                .parameter("load", shape.load)
                .parameter("groupLoad", rg)
                .parameter("partitions", m)
                .family(new FamilySettings.Lazy(f, groupOf))
                .parameter("stragglersPerGroup", rg - 1)
                .parameter("lazy", lazy)
                .parameter("groupCode", code.construction())
                // LAGC §2.7: a selected group costs M_G downloads and F uploads, and (r_G/M)·M_G
                // passes over the data (41); g-gd selects all G groups every iteration.
                .parameter("downloadsPerSelectedGroup", mg)
                .parameter("uploadsPerSelectedGroup", f)
                .parameter("computationPerSelectedGroup", (double) rg * mg / m);
        if (!lazy) {
            b.parameter("downloadsPerIteration", m).parameter("uploadsPerIteration", g * f);
        }
        b.diagnostic("worstConditionNumber", code.worstCondition());
        return b.build();
    }

    private record Shape(int workers, int groupSize, int load) {}

    /** Resolves M, M_G and r from the flags, with the defaults documented per variant. */
    private Shape shape(SchemeParams p) {
        int m = p.workers();
        InvalidParametersException.require(m >= 1, "--workers", "must be >= 1, got %d", m);
        InvalidParametersException.require(
                p.partitions() == 0 || p.partitions() == m,
                "--partitions",
                "%s uses one batch per worker (K = --workers = %d), got %d",
                name(),
                m,
                p.partitions());
        int s = p.stragglers();
        InvalidParametersException.require(s >= 0, "--stragglers", "must be >= 0, got %d", s);
        double load = p.load();
        InvalidParametersException.require(
                load == 0 || (load == Math.rint(load) && load >= 1 && load <= m),
                "--load",
                "must be an integer in [1, --workers = %d], got %s",
                m,
                load);
        int groups = p.groups();
        InvalidParametersException.require(
                groups >= 0 && groups <= m,
                "--groups",
                "must be in [1, --workers], got %d",
                groups);
        InvalidParametersException.require(
                groups == 0 || m % groups == 0,
                "--groups",
                "must divide --workers (%d), got %d",
                m,
                groups);
        // Default r: the given load, else s + 1 (the cyclic code's s = r − 1); lag's is 1.
        int r = load > 0 ? (int) load : variant == Variant.LAG ? 1 : s + 1;
        int mg;
        switch (variant) {
            case LAG:
                InvalidParametersException.require(
                        r == 1, "--load", "lag stores one batch per worker (r = 1), got %d", r);
                InvalidParametersException.require(
                        groups == 0 || groups == m,
                        "--groups",
                        "lag has one worker per group (--groups = --workers = %d), got %d",
                        m,
                        groups);
                mg = 1;
                break;
            case LAGC:
                mg = m / (groups == 0 ? 1 : groups);
                break;
            default:
                if (groups == 0) {
                    InvalidParametersException.require(
                            m % r == 0,
                            "--groups",
                            "not given and r = %d does not divide --workers (%d); give --groups",
                            r,
                            m);
                    mg = r;
                } else {
                    mg = m / groups;
                    if (load == 0) {
                        r = mg; // the layout needs exactly r_G = M_G
                    }
                    // g-gd also takes coded groups (M_G > r): LAGC's layout, every group selected.
                    InvalidParametersException.require(
                            mg <= r || variant == Variant.G_GD,
                            "--groups",
                            "%s needs workers per group (M/G = %d) <= --load (%d)",
                            name(),
                            mg,
                            r);
                }
                break;
        }
        InvalidParametersException.require(
                r <= m, "--stragglers", "needs load r = s + 1 <= --workers, got s = %d", s);
        int rg = Math.min(r, mg);
        InvalidParametersException.require(
                s <= rg - 1,
                "--stragglers",
                "%s with M_G = %d, r_G = %d tolerates at most r_G - 1 = %d per group, got %d",
                name(),
                mg,
                rg,
                rg - 1,
                s);
        return new Shape(m, mg, r);
    }

    /** The plan's decoder as a {@link BlockDecoder} (for decoding one group). */
    public static BlockDecoder groupDecoder(Plan plan) {
        Decoder d = plan.decoder();
        if (d instanceof BlockDecoder bd) {
            return bd;
        }
        throw new IllegalArgumentException(plan.scheme() + " has no per-group decoder");
    }
}
