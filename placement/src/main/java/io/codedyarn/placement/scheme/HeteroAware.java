package io.codedyarn.placement.scheme;

import io.codedyarn.placement.Codeword;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.Scheme;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.coding.AuxiliaryCode;
import io.codedyarn.placement.coding.AuxiliaryDecoder;
import io.codedyarn.placement.coding.AuxiliaryDraw;
import io.codedyarn.placement.coding.CachingDecoder;
import io.codedyarn.placement.coding.HeteroAllocation;
import io.codedyarn.placement.coding.LeastSquaresDecoder;
import java.util.random.RandomGenerator;

/**
 * Heterogeneity-aware gradient coding, scheme 1 (Wang, Guo, Tang, Li, Li, "Heterogeneity-aware
 * Gradient Coding for Straggler Tolerance", ICDCS 2019, §IV; digest hetero-gc §3).
 *
 * <ul>
 *   <li>loads k_i ∝ r_i, eq. (5), with Σ k_i = (s+1)K and k_i ≤ K ({@link HeteroAllocation}:
 *       default K = R/gcd(R, s+1) for integer speeds, water-filling cap, largest-remainder
 *       rounding); every worker then finishes at (s+1)K/Σr, Theorem 5's optimum;
 *   <li>cyclic supports, eq. (6): worker i holds k_i consecutive partitions mod K;
 *   <li>coefficients from an (s+1)×n_eff auxiliary H with H·B = 1 (Lemma 2, Algorithm 1; {@link
 *       AuxiliaryCode}), H drawn with orthonormal rows and redrawn until well conditioned ({@link
 *       AuxiliaryDraw});
 *   <li>decoding in closed form: a = x·H/(x·1) with x·H[:, S] = 0 for the s workers S outside the
 *       first n_eff − s arrivals, residual-checked; generic least squares only as a safety net.
 * </ul>
 *
 * Workers whose k_i rounds to 0 hold nothing, get the zero row, and are not counted in n_eff.
 * Promise: any n_eff − s loaded workers.
 *
 * <p>Example (digest Example A): n = 5, s = 1, r = (1, 1, 2, 2, 4): K = 5, k = (1, 1, 2, 2, 4),
 * supports {0}, {1}, {2,3}, {4,0}, {1,2,3,4}; with H = [[1,2,3,4,5],[2,3,5,7,11]], b_0 = −3·g0, b_3
 * = g0 + 2/3·g4, and straggler W0 decodes with a = (0, 1, 1, 1, −1).
 */
public final class HeteroAware implements Scheme {
    private final double[][] fixedH;

    public HeteroAware() {
        this(null);
    }

    /** With a given (s+1)×n_eff auxiliary matrix instead of a drawn one (tests). */
    HeteroAware(double[][] h) {
        this.fixedH = h;
    }

    @Override
    public String name() {
        return "hetero";
    }

    @Override
    public String description() {
        return "heterogeneity-aware GC: loads proportional to --speeds, cyclic supports, random"
                + " auxiliary-matrix coefficients; any n-s loaded workers decode";
    }

    @Override
    public Plan place(SchemeParams p, RandomGenerator rng) {
        HeteroAllocation alloc =
                HeteroAllocation.of(p.workers(), p.stragglers(), p.speeds(), p.partitions());
        int n = alloc.workers();
        int s = alloc.stragglers();
        int[] loaded = alloc.loaded();
        int[][] supports = HeteroCommon.supports(alloc, loaded);
        AuxiliaryDraw drawn =
                fixedH == null
                        ? AuxiliaryDraw.draw(supports, alloc.partitions(), s, rng)
                        : AuxiliaryDraw.given(fixedH, supports, alloc.partitions(), rng);
        AuxiliaryCode code = drawn.code();
        Plan.Builder b = HeteroCommon.skeleton(name(), alloc, p.seed());
        int l = 0;
        for (int i = 0; i < n; i++) {
            boolean isLoaded = l < loaded.length && loaded[l] == i;
            Codeword c =
                    isLoaded
                            ? new Codeword(code.support(l), code.coefficients(l))
                            : HeteroCommon.empty();
            HeteroCommon.addCodeword(b, i, c, isLoaded);
            if (isLoaded) {
                l++;
            }
        }
        HeteroCommon.conditioning(b, drawn);
        b.decoder(
                CachingDecoder.of(
                        new HeteroCommon.SafetyNet(
                                new AuxiliaryDecoder(code, loaded, n),
                                new LeastSquaresDecoder(
                                        HeteroCommon.codewords(b), alloc.partitions()),
                                loaded,
                                loaded.length - s)));
        return b.build();
    }
}
