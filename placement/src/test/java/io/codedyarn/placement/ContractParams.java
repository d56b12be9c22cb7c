package io.codedyarn.placement;

import java.util.random.RandomGenerator;

/**
 * Random valid parameters per scheme for {@link SchemeContractTest}. Trial 0 is small (exhaustive
 * verification), later trials go up to n = 100 (sampled verification).
 */
final class ContractParams {
    static final int TRIALS = 4;

    private ContractParams() {}

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
            default:
                throw new IllegalStateException("no contract parameters for scheme " + scheme);
        }
    }
}
