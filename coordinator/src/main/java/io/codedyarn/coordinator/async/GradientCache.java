package io.codedyarn.coordinator.async;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * DSAG's gradient cache 𝒴 (Severinson et al., DSAG §IV-B and fn. 10): a set of entries (i, j, t,
 * Y^(t)_{i:j}) over disjoint sample intervals, with the running sum H = Σ_{Y∈𝒴} Y and the coverage
 * ξ = (samples covered by 𝒴)/n. The DSAG step is V ← G(V − η(H/ξ + ∇R(V))).
 *
 * <p>Insert rule for a result Y^(t)_{i:j} (1-based, inclusive, global sample indices):
 *
 * <pre>
 *   𝒴' = { entries (i', j', t') : i' ≤ j and j' ≥ i }     true interval intersection
 *   if some entry of 𝒴' has t' ≥ t: discard Y                              (DISCARDED_STALE)
 *   H ← H + Y − Σ_{𝒴'} Y' ;  𝒴 ← (𝒴 \ 𝒴') ∪ {Y}   (INSERTED / REPLACED_IN_PLACE / EVICTED_OVERLAPS)
 * </pre>
 *
 * The paper prints the overlap set as {i ≤ i' ≤ j or i ≤ j' ≤ j}, which misses an entry that
 * strictly contains [i, j]; the reference tree (and this class) use the true intersection. Evicted
 * entries go whole: samples they covered outside [i, j] become uncovered and ξ drops.
 *
 * <p>Entries live in a {@link TreeMap} keyed by interval start, so an insert costs O(log|𝒴|) plus
 * O(dim) per touched entry. Because intervals are disjoint, the entries overlapping [i, j] are the
 * entry starting before i (if it reaches i) plus those starting in [i, j].
 *
 * <p><b>Running sum.</b> H is kept with Neumaier compensation per component ({@link
 * CompensatedVector}), so the incremental add/subtract does not drift measurably even over very
 * long runs or with cancellation. {@link #recomputeSum()} rebuilds H exactly (compensated) from the
 * entries in O(|𝒴|·dim); calling it is never required for correctness, but it is cheap enough to
 * do after a bulk change (e.g. when the load balancer changes p_i and many entries are evicted) or
 * once per pass over the data.
 *
 * <p><b>Relation to the reference [R] {@code TreeGradient} and the digest's test vector.</b> The
 * reference tree always partitions [1, n] into nodes; "uninitialized" nodes hold a zero gradient
 * and do not count towards ninit = ξ·n. Here such nodes are simply absent: they are the {@link
 * #uncovered()} gaps. The reference starts with one node [1, n] counted as initialized (with a zero
 * gradient in production, so ξ = 1 and H = 0); {@link #initiallyCovering} builds that state. Worked
 * example (n = 10, initial entry [1, 10] = 1 at t = 0):
 *
 * <pre>
 *   insert [2, 8] = 2   at t=1 → EVICTED_OVERLAPS; entries {[2,8]}, gaps [1],[9,10]; H = 2, ξ = 0.7
 *   insert [2, 8] = 2.1 at t=2 → REPLACED_IN_PLACE; ξ = 0.7, H = 2.1
 *   insert [2,10] = 3   at t=3 → EVICTED_OVERLAPS; entries {[2,10]}, gap [1,1]; ξ = 0.9, H = 3
 *   insert [4, 6] = 4   at t=4 → EVICTED_OVERLAPS ([2,10] strictly contains [4,6]); ξ = 0.3, H = 4
 * </pre>
 *
 * The reference's ninit bookkeeping ({@code max(ninit − span, 0) + (j−i+1)}) is approximate when
 * gaps lie between the touched nodes (it can under-count); here the covered count is exact.
 */
public final class GradientCache {

    /** A closed interval [first, last] of 1-based sample indices. */
    public record Interval(long first, long last) {
        public long length() {
            return last - first + 1;
        }
    }

    /** One cached subgradient Y^(t)_{i:j} (immutable; the payload is copied in and out). */
    public static final class Entry {
        private final long first;
        private final long last;
        private final long iteration;
        private final double[] payload;

        private Entry(long first, long last, long iteration, double[] payload) {
            this.first = first;
            this.last = last;
            this.iteration = iteration;
            this.payload = payload;
        }

        public long first() {
            return first;
        }

        public long last() {
            return last;
        }

        public long length() {
            return last - first + 1;
        }

        /** The iteration t of the iterate V^(t) the subgradient was computed at. */
        public long iteration() {
            return iteration;
        }

        public double[] payload() {
            return payload.clone();
        }

        @Override
        public String toString() {
            return "[" + first + "," + last + "]@" + iteration;
        }
    }

    private final long n;
    private final int dimension;
    private final TreeMap<Long, Entry> byStart = new TreeMap<>();
    private final CompensatedVector sum;
    private long covered;

    /** An empty cache over samples 1..n with payloads of the given dimension (ξ = 0, H = 0). */
    public GradientCache(long n, int dimension) {
        if (n < 1) {
            throw new IllegalArgumentException("n must be >= 1, got " + n);
        }
        this.n = n;
        this.dimension = dimension;
        this.sum = new CompensatedVector(dimension);
    }

    /**
     * The reference's initial state: one entry [1, n] computed at {@code iteration}. With a zero
     * payload this is [R]'s start "ξ = 1, H = 0"; any later result (t > iteration) evicts it.
     */
    public static GradientCache initiallyCovering(long n, long iteration, double[] payload) {
        GradientCache cache = new GradientCache(n, payload.length);
        cache.insert(1, n, iteration, payload);
        return cache;
    }

    /** Offers Y^(t)_{first:last}; see the class comment for the rule. The payload is copied. */
    public OfferResult insert(long first, long last, long iteration, double[] payload) {
        if (first < 1 || first > last || last > n) {
            throw new IllegalArgumentException(
                    "need 1 <= first <= last <= n=" + n + ", got [" + first + "," + last + "]");
        }
        if (payload.length != dimension) {
            throw new IllegalArgumentException(
                    "payload dimension " + payload.length + " != cache dimension " + dimension);
        }
        for (double v : payload) {
            if (!Double.isFinite(v)) {
                // A NaN/inf would poison H for good; refuse it rather than corrupt the estimate.
                throw new IllegalArgumentException("payload has a non-finite component: " + v);
            }
        }
        List<Entry> overlapping = overlapping(first, last);
        for (Entry e : overlapping) {
            if (e.iteration >= iteration) {
                return OfferResult.DISCARDED_STALE;
            }
        }
        Entry fresh = new Entry(first, last, iteration, payload.clone());
        for (Entry e : overlapping) {
            byStart.remove(e.first);
            sum.add(e.payload, -1.0);
            covered -= e.length();
        }
        byStart.put(first, fresh);
        sum.add(fresh.payload, +1.0);
        covered += fresh.length();
        if (overlapping.isEmpty()) {
            return OfferResult.INSERTED;
        }
        if (overlapping.size() == 1
                && overlapping.get(0).first == first
                && overlapping.get(0).last == last) {
            return OfferResult.REPLACED_IN_PLACE;
        }
        return OfferResult.EVICTED_OVERLAPS;
    }

    /** Entries (i', j') with i' ≤ last and j' ≥ first, in increasing order of start. */
    List<Entry> overlapping(long first, long last) {
        List<Entry> out = new ArrayList<>();
        Map.Entry<Long, Entry> before = byStart.lowerEntry(first);
        if (before != null && before.getValue().last >= first) {
            out.add(before.getValue()); // starts before i and reaches into (or past) [i, j]
        }
        NavigableMap<Long, Entry> inside = byStart.subMap(first, true, last, true);
        out.addAll(inside.values());
        return out;
    }

    /** Rebuilds H from the entries (compensated), discarding any accumulated rounding. */
    public void recomputeSum() {
        sum.clear();
        for (Entry e : byStart.values()) {
            sum.add(e.payload, +1.0);
        }
    }

    /**
     * The whole cache as a value (for checkpoints): the entries, and H with its compensation, so
     * that {@link #restore} continues bit for bit (H is a running sum: rebuilding it from the
     * entries would differ in the last bits).
     */
    public record State(
            long n,
            int dimension,
            List<EntryState> entries,
            double[] sums,
            double[] compensations,
            long covered) {}

    /** One entry of a {@link State}. */
    public record EntryState(long first, long last, long iteration, double[] payload) {}

    /** This cache's {@link State} (copies). */
    public State state() {
        List<EntryState> out = new ArrayList<>(byStart.size());
        for (Entry e : byStart.values()) {
            out.add(new EntryState(e.first, e.last, e.iteration, e.payload.clone()));
        }
        return new State(n, dimension, out, sum.sums(), sum.compensations(), covered);
    }

    /**
     * Replaces this cache's contents by {@code s} (from {@link #state()} of a cache of the same n
     * and dimension).
     *
     * @throws IllegalArgumentException naming what does not fit
     */
    public void restore(State s) {
        if (s.n() != n || s.dimension() != dimension) {
            throw new IllegalArgumentException(
                    "cache state over "
                            + s.n()
                            + " samples of dimension "
                            + s.dimension()
                            + ", this cache has "
                            + n
                            + " of "
                            + dimension);
        }
        byStart.clear();
        long count = 0;
        long previousLast = 0;
        for (EntryState e : s.entries()) {
            if (e.first() <= previousLast || e.first() > e.last() || e.last() > n) {
                throw new IllegalArgumentException(
                        "cache entries must be disjoint, in order, within [1, n]: ["
                                + e.first()
                                + ","
                                + e.last()
                                + "]");
            }
            if (e.payload().length != dimension) {
                throw new IllegalArgumentException(
                        "cache entry payload of dimension " + e.payload().length);
            }
            previousLast = e.last();
            byStart.put(
                    e.first(), new Entry(e.first(), e.last(), e.iteration(), e.payload().clone()));
            count += e.last() - e.first() + 1;
        }
        if (count != s.covered()) {
            throw new IllegalArgumentException(
                    "cache entries cover " + count + " samples, the state says " + s.covered());
        }
        sum.set(s.sums(), s.compensations());
        covered = count;
    }

    /** Removes every entry: ξ = 0, H = 0. */
    public void clear() {
        byStart.clear();
        sum.clear();
        covered = 0;
    }

    /** H = Σ_{Y∈𝒴} Y (a fresh array). */
    public double[] sum() {
        return sum.value();
    }

    /** Number of samples covered by entries, ξ·n. */
    public long coveredSamples() {
        return covered;
    }

    /** ξ = covered samples / n. */
    public double coverage() {
        return (double) covered / n;
    }

    public long n() {
        return n;
    }

    public int dimension() {
        return dimension;
    }

    public int size() {
        return byStart.size();
    }

    /** The entries in increasing order of start. */
    public List<Entry> entries() {
        return Collections.unmodifiableList(new ArrayList<>(byStart.values()));
    }

    /** The maximal intervals of samples not covered by any entry, in increasing order. */
    public List<Interval> uncovered() {
        List<Interval> gaps = new ArrayList<>();
        long next = 1;
        for (Entry e : byStart.values()) {
            if (e.first > next) {
                gaps.add(new Interval(next, e.first - 1));
            }
            next = e.last + 1;
        }
        if (next <= n) {
            gaps.add(new Interval(next, n));
        }
        return gaps;
    }
}
