package io.codedyarn.placement;

import java.util.random.RandomGenerator;

/**
 * Random valid parameters per scheme for {@link SchemeContractTest}. Trial 0 is small (exhaustive
 * verification), later trials go up to n = 100 (sampled verification).
 */
final class ContractParams {
    static final int TRIALS = 4;

    private ContractParams() {}

    /**
     * Speeds: integer (vCPU-like, default K exact) or real (rounded loads); s any below n in the
     * small trial, at most 3 later (sampled condition checks); K sometimes given.
     */
    private static SchemeParams heteroParams(RandomGenerator rng, int n, int trial, long seed) {
        int s = trial == 0 ? rng.nextInt(n) : rng.nextInt(Math.min(n, 4));
        boolean integer = rng.nextBoolean();
        double[] r = new double[n];
        for (int i = 0; i < n; i++) {
            r[i] = integer ? 1 + rng.nextInt(16) : 0.25 + 4 * rng.nextDouble();
        }
        SchemeParams p = SchemeParams.of(n, s, seed).withSpeeds(r);
        return rng.nextInt(3) == 0 ? p.withPartitions(1 + rng.nextInt(3 * n)) : p;
    }

    static SchemeParams random(String scheme, RandomGenerator rng, int trial) {
        int maxN = trial == 0 ? 12 : trial == TRIALS - 1 ? 100 : 40;
        int n = 2 + rng.nextInt(maxN - 1);
        long seed = rng.nextLong();
        switch (scheme) {
            case "uncoded":
                return SchemeParams.of(n, 0, seed).withPartitions(n + rng.nextInt(2 * n));
            case "fastest-k":
                return SchemeParams.of(n, rng.nextInt(n), seed)
                        .withPartitions(n + rng.nextInt(2 * n));
                // CONTRACT-PARAMS: one case per scheme below this line.
            case "hetero":
            case "hetero-group":
                return heteroParams(rng, n, trial, seed);
            default:
                throw new IllegalStateException("no contract parameters for scheme " + scheme);
        }
    }
}
