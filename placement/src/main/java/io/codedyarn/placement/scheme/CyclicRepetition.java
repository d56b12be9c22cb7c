package io.codedyarn.placement.scheme;

import io.codedyarn.placement.InvalidParametersException;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.Scheme;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.coding.CachingDecoder;
import io.codedyarn.placement.coding.CyclicCode;
import io.codedyarn.placement.coding.CyclicDecoder;
import io.codedyarn.placement.coding.KOfNPromise;
import java.util.random.RandomGenerator;

/**
 * Cyclic-repetition gradient coding (Tandon et al. 2017, Alg. 2 support): K = n partitions, worker
 * i stores {i, …, i+s} mod n and sends one codeword over them; any n−s results recover Σ_j g_j.
 * Coefficients from the auxiliary-matrix construction with a closed-form decoder ({@link
 * CyclicCode}).
 *
 * <p>Example n = 3, s = 1 (Tandon's worked example): W0 stores {0, 1}, W1 {1, 2}, W2 {2, 0}; every
 * pair of results decodes.
 */
public final class CyclicRepetition implements Scheme {

    @Override
    public String name() {
        return "cyclic";
    }

    @Override
    public String description() {
        return "cyclic repetition GC (Tandon): worker i stores partitions i..i+s mod n; any n-s decode";
    }

    @Override
    public Plan place(SchemeParams p, RandomGenerator rng) {
        int n = p.workers();
        int s = p.stragglers();
        requireWorkersAndStragglers(n, s);
        InvalidParametersException.require(
                p.partitions() == 0 || p.partitions() == n,
                "--partitions",
                "cyclic uses K = --workers (%d) partitions, got %d",
                n,
                p.partitions());
        CyclicCode code = CyclicCode.draw(n, s, rng);
        Plan.Builder b = Plan.builder(name(), n, n).stragglers(s).seed(p.seed());
        for (int i = 0; i < n; i++) {
            b.stored(i, code.support(i));
            b.assign(i, b.addCodeword(code.codeword(i, 0)));
        }
        b.promise(KOfNPromise.firstN(n, n - s));
        b.decoder(CachingDecoder.of(new CyclicDecoder(code)));
        b.parameter("workers", n).parameter("stragglers", s).parameter("partitions", n);
        b.diagnostic("worstCondition", code.worstCondition());
        b.diagnostic("draws", code.draws());
        return b.build();
    }

    static void requireWorkersAndStragglers(int n, int s) {
        InvalidParametersException.require(n >= 1, "--workers", "must be >= 1, got %d", n);
        InvalidParametersException.require(
                s >= 0 && s < n, "--stragglers", "must be in [0, --workers=%d), got %d", n, s);
    }
}
