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
            case "cyclic":
                // s kept small at large n: decode cost is O(s^3) per pattern and n >> s in use.
                return SchemeParams.of(n, rng.nextInt(Math.min(n, trial == 0 ? n : 16)), seed);
            case "fractional":
                {
                    int[] divisors =
                            java.util.stream.IntStream.rangeClosed(1, n)
                                    .filter(d -> n % d == 0 && d <= 16)
                                    .toArray();
                    int r = divisors[rng.nextInt(divisors.length)];
                    return SchemeParams.of(n, r - 1, seed);
                }
            case "clustered":
            case "gc-dc":
                {
                    int[] divisors =
                            java.util.stream.IntStream.rangeClosed(1, n)
                                    .filter(d -> n % d == 0)
                                    .toArray();
                    int clusters = divisors[rng.nextInt(divisors.length)];
                    int size = n / clusters;
                    SchemeParams p =
                            SchemeParams.of(n, rng.nextInt(Math.min(size, 8)), seed)
                                    .withClusters(clusters);
                    if (scheme.equals("gc-dc") && rng.nextBoolean()) {
                        p = p.withMemberships(1 + rng.nextInt(clusters));
                    }
                    return p;
                }
            default:
                throw new IllegalStateException("no contract parameters for scheme " + scheme);
        }
    }
}
