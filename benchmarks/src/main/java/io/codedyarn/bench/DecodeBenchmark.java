package io.codedyarn.bench;

import io.codedyarn.placement.Decoder;
import io.codedyarn.placement.Decoding;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.coding.CachingDecoder;
import io.codedyarn.placement.coding.KOfNPromise;
import io.codedyarn.placement.coding.LeastSquaresDecoder;
import io.codedyarn.placement.scheme.Schemes;
import java.util.BitSet;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.random.RandomGenerator;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Decoding coefficients for a responder set the decoder has not seen (the scheme's own decoder,
 * cache bypassed), for a cached set, and, for comparison, the generic SVD least-squares decoder.
 * Target (issue 2): n = 100, s = 10: new &lt; 0.5 ms, cached &lt; 10 µs.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class DecodeBenchmark {
    private static final int SETS = 1 << 12;

    @Param({"cyclic"})
    public String scheme;

    @Param({"100"})
    public int workers;

    @Param({"10"})
    public int stragglers;

    private Decoder uncached;
    private Decoder cached;
    private Decoder leastSquares;
    private BitSet[] sets;
    private int next;

    @Setup(Level.Trial)
    public void setUp() {
        Plan plan =
                Schemes.byName(scheme)
                        .place(SchemeParams.of(workers, stragglers, 7), Seeds.generator(7));
        Decoder d = plan.decoder();
        uncached = d instanceof CachingDecoder c ? c.uncached() : d;
        cached = CachingDecoder.of(uncached);
        leastSquares = new LeastSquaresDecoder(plan.codewords(), plan.partitions());
        KOfNPromise any = KOfNPromise.firstN(plan.codewords().size(), plan.promise().minimumSize());
        RandomGenerator rng = Seeds.generator(11);
        sets = new BitSet[SETS];
        for (int i = 0; i < SETS; i++) {
            sets[i] = any.random(rng);
        }
        cached.decode(sets[0]);
    }

    @Benchmark
    public Optional<Decoding> newSet() {
        return uncached.decode(sets[next++ & (SETS - 1)]);
    }

    @Benchmark
    public Optional<Decoding> cachedSet() {
        return cached.decode(sets[0]);
    }

    @Benchmark
    public Optional<Decoding> leastSquaresNewSet() {
        return leastSquares.decode(sets[next++ & (SETS - 1)]);
    }
}
