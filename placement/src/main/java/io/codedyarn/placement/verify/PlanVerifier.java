package io.codedyarn.placement.verify;

import io.codedyarn.placement.Codeword;
import io.codedyarn.placement.Decoding;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.ResponderPromise;
import io.codedyarn.placement.coding.Tolerances;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * Checks a plan's decodability end to end: draws random partial gradients g_j ∈ R^d, encodes them
 * with the plan's codewords (f_c = Σ_j B[c,j] g_j), decodes every promised responder set (all of
 * them when there are at most {@link #EXHAUSTIVE_LIMIT}, otherwise {@link #RANDOM_SAMPLES} random
 * ones plus the promise's adversarial ones), and compares with the exact Σ_j g_j. Sets outside the
 * promise are tried as well: the decoder may refuse them but must never return a wrong gradient.
 */
public final class PlanVerifier {
    public static final long EXHAUSTIVE_LIMIT = 100_000;
    public static final int RANDOM_SAMPLES = 10_000;
    private static final int DIMENSION = 3;
    private static final int SUPERSETS = 1_000;
    private static final int UNPROMISED = 2_000;
    private static final int MAX_FAILURES = 10;

    private final double tolerance;
    private final long exhaustiveLimit;
    private final int randomSamples;

    public PlanVerifier() {
        this(Tolerances.VERIFY_RELATIVE_ERROR, EXHAUSTIVE_LIMIT, RANDOM_SAMPLES);
    }

    /**
     * @param tolerance largest accepted relative error
     * @param exhaustiveLimit check every minimal promised set when there are at most this many
     * @param randomSamples otherwise, this many random promised sets (plus the adversarial ones)
     */
    public PlanVerifier(double tolerance, long exhaustiveLimit, int randomSamples) {
        if (!(tolerance > 0) || exhaustiveLimit < 0 || randomSamples < 1) {
            throw new IllegalArgumentException(
                    "bad verifier settings: tolerance="
                            + tolerance
                            + ", exhaustiveLimit="
                            + exhaustiveLimit
                            + ", randomSamples="
                            + randomSamples);
        }
        this.tolerance = tolerance;
        this.exhaustiveLimit = exhaustiveLimit;
        this.randomSamples = randomSamples;
    }

    public VerifyReport verify(Plan plan, RandomGenerator rng) {
        Run run = new Run(plan, rng);
        ResponderPromise promise = plan.promise();
        double count = promise.count();
        boolean exhaustive = count <= exhaustiveLimit;
        List<BitSet> minimal = new ArrayList<>();
        if (exhaustive) {
            promise.forEach(s -> run.checkPromised(s, minimal));
        } else {
            for (BitSet s : promise.adversarial()) {
                run.checkPromised(s, minimal);
            }
            for (int t = 0; t < randomSamples; t++) {
                run.checkPromised(promise.random(rng), minimal);
            }
        }
        // Supersets of promised sets must decode too (more results never hurt).
        int c = plan.codewords().size();
        for (int t = 0; t < SUPERSETS && !minimal.isEmpty(); t++) {
            BitSet s = (BitSet) minimal.get(rng.nextInt(minimal.size())).clone();
            int extra = 1 + rng.nextInt(Math.max(1, c / 4));
            for (int e = 0; e < extra; e++) {
                s.set(rng.nextInt(c));
            }
            run.checkPromised(s, null);
        }
        // Sets outside the promise: refused, or decoded correctly.
        for (int t = 0; t < UNPROMISED; t++) {
            BitSet s = new BitSet(c);
            int size = rng.nextInt(c + 1);
            for (int e = 0; e < size; e++) {
                s.set(rng.nextInt(c));
            }
            if (!promise.promises(s)) {
                run.checkUnpromised(s);
            }
        }
        return new VerifyReport(
                run.checked,
                exhaustive,
                count,
                run.maxError,
                run.worstCondition,
                run.unpromised,
                run.unpromisedDecoded,
                run.failures);
    }

    private final class Run {
        final Plan plan;
        final double[][] g; // partition x dimension
        final double[][] f; // codeword x dimension
        final double[] exact = new double[DIMENSION];
        long checked;
        long unpromised;
        long unpromisedDecoded;
        double maxError;
        double worstCondition = 1.0;
        final List<String> failures = new ArrayList<>();
        private long failureCount;

        Run(Plan plan, RandomGenerator rng) {
            this.plan = plan;
            int k = plan.partitions();
            g = new double[k][DIMENSION];
            for (int j = 0; j < k; j++) {
                for (int d = 0; d < DIMENSION; d++) {
                    // Mean 1 keeps Σ_j g_j away from 0, so the relative error is meaningful.
                    g[j][d] = 1.0 + rng.nextGaussian();
                    exact[d] += g[j][d];
                }
            }
            List<Codeword> cws = plan.codewords();
            f = new double[cws.size()][DIMENSION];
            for (int c = 0; c < cws.size(); c++) {
                Codeword w = cws.get(c);
                for (int t = 0; t < w.size(); t++) {
                    for (int d = 0; d < DIMENSION; d++) {
                        f[c][d] += w.coefficient(t) * g[w.partition(t)][d];
                    }
                }
            }
        }

        void checkPromised(BitSet s, List<BitSet> keep) {
            checked++;
            if (keep != null && keep.size() < 50_000) {
                keep.add(s);
            }
            Optional<Decoding> d = plan.decoder().decode(s);
            if (d.isEmpty()) {
                fail("promised responder set " + s + " was not decodable");
                return;
            }
            compare(s, d.get());
        }

        void checkUnpromised(BitSet s) {
            unpromised++;
            Optional<Decoding> d = plan.decoder().decode(s);
            if (d.isPresent()) {
                unpromisedDecoded++;
                compare(s, d.get());
            }
        }

        private void compare(BitSet s, Decoding d) {
            for (int c = 0; c < d.codewords(); c++) {
                if (d.coefficient(c) != 0.0 && !s.get(c)) {
                    fail("decoding of " + s + " uses codeword " + c + " that did not arrive");
                    return;
                }
            }
            double[] est = new double[DIMENSION];
            for (int c = s.nextSetBit(0); c >= 0; c = s.nextSetBit(c + 1)) {
                if (c >= f.length) {
                    break;
                }
                for (int dim = 0; dim < DIMENSION; dim++) {
                    est[dim] += d.coefficient(c) * f[c][dim];
                }
            }
            double[] target = d.kind() == Decoding.Kind.EXACT ? exact : rescaledTarget(d);
            double err = 0;
            double scale = 0;
            for (int dim = 0; dim < DIMENSION; dim++) {
                err = Math.max(err, Math.abs(est[dim] - target[dim]));
                scale = Math.max(scale, Math.abs(target[dim]));
            }
            double rel = err / scale;
            if (!(rel <= tolerance)) {
                fail(
                        String.format(
                                "responder set %s decodes with relative error %.3g > %.1g",
                                s, rel, tolerance));
            }
            maxError = Math.max(maxError, Double.isNaN(rel) ? Double.POSITIVE_INFINITY : rel);
            worstCondition = Math.max(worstCondition, d.conditionNumber());
        }

        /** For estimates: (K / covered) · Σ over the partitions the used codewords cover. */
        private double[] rescaledTarget(Decoding d) {
            boolean[] covered = new boolean[plan.partitions()];
            int n = 0;
            for (int c = 0; c < d.codewords(); c++) {
                if (d.coefficient(c) != 0.0) {
                    for (int j : plan.codeword(c).partitions()) {
                        if (!covered[j]) {
                            covered[j] = true;
                            n++;
                        }
                    }
                }
            }
            double[] t = new double[DIMENSION];
            for (int j = 0; j < covered.length; j++) {
                if (covered[j]) {
                    for (int dim = 0; dim < DIMENSION; dim++) {
                        t[dim] += g[j][dim];
                    }
                }
            }
            double scale = (double) plan.partitions() / n;
            for (int dim = 0; dim < DIMENSION; dim++) {
                t[dim] *= scale;
            }
            return t;
        }

        private void fail(String message) {
            failureCount++;
            if (failures.size() < MAX_FAILURES) {
                failures.add(message);
            }
        }
    }
}
