package io.codedyarn.coordinator.async;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Re-cuts without holes (issue 28 §3). When the load balancer changes a worker's p_i, the worker's
 * new subpartitions cut across the cached entries of its old ones. DSAG's insert rule (§IV-B)
 * evicts every overlapping entry whole, so the first result of a new cut leaves the rest of the old
 * entry's samples uncovered: ξ drops, and until the worker has gone round its new cut, H/ξ scales a
 * gradient over part of the data up to the whole. That error does not shrink as the iterates
 * converge — at the optimum a hole still biases the estimate by the missing samples' share — so a
 * balancer that re-cut every few rounds held DSAG on PCA at a gap of ≈ 1e-6 (stale entries, by
 * contrast, err by ‖V_t − V_t'‖, which does go to zero).
 *
 * <p>This holds a result whose interval covers an overlapped entry only in part, outside the cache,
 * until the held results cover every entry they overlap whole; then they enter together. So the old
 * entries stay (stale, but covering) until their samples are covered again, and ξ never drops.
 * Formally, for a held set S closed under overlap (every cached entry overlapping a held result,
 * and every held result overlapping those, is in S): commit S when each cached entry of S lies
 * within the union of S's held results, and each held result is newer than the cached entries it
 * overlaps. A result overlapping a held one of the same or a later iteration is discarded (the
 * cache's own staleness rule); an older held one it overlaps is dropped.
 *
 * <p>Example: worker block [1, 10] cached whole at t = 4, re-cut p = 1 → 2. [1, 5] at t = 5 is held
 * (ξ stays 1, H keeps Y^(4)_{1:10}); [6, 10] at t = 6 completes the cover, and both replace the old
 * entry at once. Held results are not checkpointed: a resumed run re-computes them.
 */
final class RecutHold {
    private final TreeMap<Long, Held> held = new TreeMap<>();

    private record Held(long first, long last, long iteration, double[] payload) {}

    /** Offers Y^(t)_{first:last} to {@code cache} through the hold. */
    OfferResult offer(GradientCache cache, long first, long last, long t, double[] payload) {
        List<GradientCache.Entry> cached = cache.overlapping(first, last);
        for (GradientCache.Entry e : cached) {
            if (e.iteration() >= t) {
                return OfferResult.DISCARDED_STALE;
            }
        }
        List<Held> over = heldOverlapping(first, last);
        for (Held h : over) {
            if (h.iteration() >= t) {
                return OfferResult.DISCARDED_STALE;
            }
        }
        over.forEach(h -> held.remove(h.first()));
        boolean whole = true;
        for (GradientCache.Entry e : cached) {
            whole &= e.first() >= first && e.last() <= last;
        }
        if (whole) {
            return cache.insert(first, last, t, payload);
        }
        held.put(first, new Held(first, last, t, payload.clone()));
        return tryCommit(cache, first, last) ? OfferResult.EVICTED_OVERLAPS : OfferResult.HELD;
    }

    /** Results held now. */
    int size() {
        return held.size();
    }

    /** Commits the closed set around [first, last] if its held results cover it (see above). */
    private boolean tryCommit(GradientCache cache, long first, long last) {
        long lo = first;
        long hi = last;
        while (true) {
            long nlo = lo;
            long nhi = hi;
            for (GradientCache.Entry e : cache.overlapping(lo, hi)) {
                nlo = Math.min(nlo, e.first());
                nhi = Math.max(nhi, e.last());
            }
            for (Held h : heldOverlapping(nlo, nhi)) {
                nlo = Math.min(nlo, h.first());
                nhi = Math.max(nhi, h.last());
            }
            if (nlo == lo && nhi == hi) {
                break;
            }
            lo = nlo;
            hi = nhi;
        }
        List<Held> pieces = heldOverlapping(lo, hi);
        for (GradientCache.Entry e : cache.overlapping(lo, hi)) {
            if (!covered(pieces, e.first(), e.last())) {
                return false;
            }
            for (Held h : pieces) {
                if (h.first() <= e.last()
                        && h.last() >= e.first()
                        && h.iteration() <= e.iteration()) {
                    return false; // a newer entry came in meanwhile: it waits for newer pieces
                }
            }
        }
        for (Held h : pieces) {
            held.remove(h.first());
            cache.insert(h.first(), h.last(), h.iteration(), h.payload());
        }
        return true;
    }

    /** Whether the (disjoint, ordered) pieces cover [first, last] without a gap. */
    private static boolean covered(List<Held> pieces, long first, long last) {
        long next = first;
        for (Held h : pieces) {
            if (h.first() > next) {
                break;
            }
            next = Math.max(next, h.last() + 1);
        }
        return next > last;
    }

    /** Held results overlapping [first, last], in increasing order of start. */
    private List<Held> heldOverlapping(long first, long last) {
        List<Held> out = new ArrayList<>();
        Map.Entry<Long, Held> before = held.lowerEntry(first);
        if (before != null && before.getValue().last() >= first) {
            out.add(before.getValue());
        }
        out.addAll(held.subMap(first, true, last, true).values());
        return out;
    }
}
