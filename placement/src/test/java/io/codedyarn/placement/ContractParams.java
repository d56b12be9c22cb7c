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
            case "auto": // its start plan: uncoded over one partition per worker, s pre-placed
                return SchemeParams.of(n, rng.nextInt(Math.min(n, 4)), seed);
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
            case "sgd":
                return SchemeParams.of(n, rng.nextInt(n), seed)
                        .withPartitions(n + rng.nextInt(2 * n))
                        .withSubpartitions(1 + rng.nextInt(10));
            case "ssp": // --stragglers is the staleness bound: any s >= 0
                return SchemeParams.of(n, rng.nextInt(2 * n), seed)
                        .withPartitions(n + rng.nextInt(2 * n));
            case "g-lag":
            case "g-gd":
                {
                    int mg = randomDivisor(n, n, rng);
                    int r = mg + rng.nextInt(n - mg + 1);
                    return SchemeParams.of(n, rng.nextInt(mg), seed).withGroups(n / mg).withLoad(r);
                }
            case "bcc":
            case "bcc-redraw":
                {
                    // Default load half the time; otherwise N <= max(1, n/3) batches, so one
                    // draw covers every batch with probability >= 1 - N(1-1/N)^(3N) > 0.8.
                    int k = 1 + rng.nextInt(3 * n);
                    if (rng.nextBoolean()) {
                        return SchemeParams.of(n, 0, seed).withPartitions(k);
                    }
                    int batches = 1 + rng.nextInt(Math.max(1, Math.min(k, n / 3)));
                    return SchemeParams.of(n, 0, seed)
                            .withPartitions(k)
                            .withLoad((k + batches - 1) / batches);
                }
            case "bcc-balanced":
                {
                    int k = 1 + rng.nextInt(3 * n);
                    int batches = 1 + rng.nextInt(Math.min(k, n));
                    return SchemeParams.of(n, 0, seed)
                            .withPartitions(k)
                            .withLoad((k + batches - 1) / batches);
                }
            case "bcc-hetero":
            case "bcc-hetero-redraw":
                {
                    // mu_i in {1, 20} (Fig. 5's two classes) or uniform in [0.2, 5]; a in
                    // [1, 30] or the default 20. K <= 2n keeps the codewords (~K ln K) few.
                    int k = 1 + rng.nextInt(Math.min(2 * n, 200));
                    double[] mu = new double[n];
                    boolean twoClasses = rng.nextBoolean();
                    for (int i = 0; i < n; i++) {
                        mu[i] =
                                twoClasses
                                        ? (rng.nextInt(20) == 0 ? 20 : 1)
                                        : 0.2 + 4.8 * rng.nextDouble();
                    }
                    double shift = rng.nextBoolean() ? 0 : 1 + 29 * rng.nextDouble();
                    return SchemeParams.of(n, 0, seed)
                            .withPartitions(k)
                            .withSpeeds(mu)
                            .withShift(shift);
                }
            case "hetero":
            case "hetero-group":
                return heteroParams(rng, n, trial, seed);
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
            case "gc-dc-rerank":
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
                    if (scheme.startsWith("gc-dc") && rng.nextBoolean()) {
                        p = p.withMemberships(1 + rng.nextInt(clusters));
                    }
                    return p;
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
