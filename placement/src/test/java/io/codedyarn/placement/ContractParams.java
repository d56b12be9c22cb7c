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
            case "lag":
                return SchemeParams.of(n, 0, seed);
            case "lagc":
                {
                    // Group size M_G: a divisor of n, at most 24 (the reference least-squares
                    // decoder is O(M_G^3) per group); r up to M_G + 1 (r > M_G is the G-LAG case).
                    int mg = randomDivisor(n, 24, rng);
                    int r = 1 + rng.nextInt(Math.min(n, mg + 1));
                    int rg = Math.min(r, mg);
                    return SchemeParams.of(n, rng.nextInt(rg), seed).withGroups(n / mg).withLoad(r);
                }
            case "sag":
            case "dsag":
                return SchemeParams.of(n, rng.nextInt(n), seed)
                        .withPartitions(n + rng.nextInt(2 * n))
                        .withSubpartitions(1 + rng.nextInt(10));
            case "g-lag":
            case "g-gd":
                {
                    int mg = randomDivisor(n, n, rng);
                    int r = mg + rng.nextInt(n - mg + 1);
                    return SchemeParams.of(n, rng.nextInt(mg), seed).withGroups(n / mg).withLoad(r);
                }
            default:
                throw new IllegalStateException("no contract parameters for scheme " + scheme);
        }
    }

    /** A random divisor of n that is at most max (1 always qualifies). */
    static int randomDivisor(int n, int max, RandomGenerator rng) {
        int[] divisors = new int[n];
        int count = 0;
        for (int d = 1; d <= Math.min(n, max); d++) {
            if (n % d == 0) {
                divisors[count++] = d;
            }
        }
        return divisors[rng.nextInt(count)];
    }
}
