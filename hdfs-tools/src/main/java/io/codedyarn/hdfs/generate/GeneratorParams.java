package io.codedyarn.hdfs.generate;

/**
 * What {@code data generate} was asked for, as given on the command line: {@code null} means "flag
 * not given" (the kind's default applies; see {@link Generators#create}). Kind-specific flags given
 * to another kind are refused there, naming the flag.
 *
 * @param kind generator name ({@code --kind}), one of {@link Generators#KINDS}
 * @param rows rows to generate ({@code --rows}, ≥ 1)
 * @param cols feature columns ({@code --cols}), or null for the kind's default
 * @param density expected fraction of nonzeros ({@code --density}, genotype only), in (0, 1]
 * @param seed the seed of every random choice ({@code --seed}); recorded in the manifest
 * @param rank rank r of the signal ({@code --rank}, low-rank only)
 * @param noise standard deviation of the isotropic noise ({@code --noise}, low-rank only)
 * @param partitions number S of partitions with distinct smoothness ({@code --partitions}, lagc-lsq
 *     only)
 */
public record GeneratorParams(
        String kind,
        long rows,
        Integer cols,
        Double density,
        long seed,
        Integer rank,
        Double noise,
        Integer partitions) {

    /** Only the kind, shape and seed; every kind-specific flag at its default. */
    public static GeneratorParams of(String kind, long rows, Integer cols, long seed) {
        return new GeneratorParams(kind, rows, cols, null, seed, null, null, null);
    }

    public GeneratorParams withDensity(Double value) {
        return new GeneratorParams(kind, rows, cols, value, seed, rank, noise, partitions);
    }

    public GeneratorParams withRank(Integer value) {
        return new GeneratorParams(kind, rows, cols, density, seed, value, noise, partitions);
    }

    public GeneratorParams withNoise(Double value) {
        return new GeneratorParams(kind, rows, cols, density, seed, rank, value, partitions);
    }

    public GeneratorParams withPartitions(Integer value) {
        return new GeneratorParams(kind, rows, cols, density, seed, rank, noise, value);
    }

    public GeneratorParams withSeed(long value) {
        return new GeneratorParams(kind, rows, cols, density, value, rank, noise, partitions);
    }

    public GeneratorParams withRows(long value) {
        return new GeneratorParams(kind, value, cols, density, seed, rank, noise, partitions);
    }
}
