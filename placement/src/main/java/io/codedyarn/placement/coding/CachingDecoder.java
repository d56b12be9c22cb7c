package io.codedyarn.placement.coding;

import io.codedyarn.placement.Decoder;
import io.codedyarn.placement.Decoding;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Remembers the decoding of the last {@code capacity} responder sets (LRU). Straggler patterns
 * repeat across iterations (persistent stragglers), so the steady state is one hash lookup.
 * Thread-safe.
 */
public final class CachingDecoder implements Decoder {
    private final Decoder delegate;
    private final Map<BitSet, Optional<Decoding>> cache;

    public CachingDecoder(Decoder delegate, int capacity) {
        this.delegate = delegate;
        this.cache =
                new LinkedHashMap<>(16, 0.75f, true) {
                    private static final long serialVersionUID = 1L;

                    @Override
                    protected boolean removeEldestEntry(Map.Entry<BitSet, Optional<Decoding>> e) {
                        return size() > capacity;
                    }
                };
    }

    /** The decoder behind the cache (for benchmarks of the uncached path). */
    public Decoder uncached() {
        return delegate;
    }

    public static Decoder of(Decoder delegate) {
        return delegate instanceof CachingDecoder ? delegate : new CachingDecoder(delegate, 4096);
    }

    @Override
    public Optional<Decoding> decode(BitSet arrived) {
        synchronized (cache) {
            Optional<Decoding> hit = cache.get(arrived);
            if (hit != null) {
                return hit;
            }
        }
        BitSet key = (BitSet) arrived.clone();
        Optional<Decoding> d = delegate.decode(key);
        synchronized (cache) {
            cache.put(key, d);
        }
        return d;
    }
}
