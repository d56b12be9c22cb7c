package io.codedyarn.placement.coding;

import io.codedyarn.placement.ResponderPromise;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.random.RandomGenerator;

/**
 * Promise: any {@code k} of the listed member codewords decode (k = members for "wait for all").
 */
public final class KOfNPromise implements ResponderPromise {
    private final int codewords;
    private final int[] members;
    private final int k;

    public KOfNPromise(int codewords, int[] members, int k) {
        if (k < 0 || k > members.length) {
            throw new IllegalArgumentException("k=" + k + " outside [0, " + members.length + "]");
        }
        this.codewords = codewords;
        this.members = members.clone();
        this.k = k;
    }

    /** Any k of codewords 0..n-1. */
    public static KOfNPromise firstN(int n, int k) {
        int[] m = new int[n];
        for (int i = 0; i < n; i++) {
            m[i] = i;
        }
        return new KOfNPromise(n, m, k);
    }

    public int[] members() {
        return members.clone();
    }

    public int k() {
        return k;
    }

    @Override
    public int codewords() {
        return codewords;
    }

    @Override
    public double count() {
        return binomial(members.length, k);
    }

    /** C(m, k) as a double (exact up to 2^53). */
    public static double binomial(int m, int k) {
        if (k < 0 || k > m) {
            return 0;
        }
        int kk = Math.min(k, m - k);
        double c = 1;
        for (int i = 1; i <= kk; i++) {
            c = c * (m - kk + i) / i;
        }
        return Math.rint(c);
    }

    @Override
    public void forEach(Consumer<BitSet> action) {
        int m = members.length;
        int[] idx = new int[k];
        for (int i = 0; i < k; i++) {
            idx[i] = i;
        }
        while (true) {
            BitSet s = new BitSet(codewords);
            for (int i : idx) {
                s.set(members[i]);
            }
            action.accept(s);
            int i = k - 1;
            while (i >= 0 && idx[i] == m - k + i) {
                i--;
            }
            if (i < 0) {
                return;
            }
            idx[i]++;
            for (int j = i + 1; j < k; j++) {
                idx[j] = idx[j - 1] + 1;
            }
        }
    }

    @Override
    public BitSet random(RandomGenerator rng) {
        // Partial Fisher-Yates over the member positions.
        int[] perm = members.clone();
        BitSet s = new BitSet(codewords);
        for (int i = 0; i < k; i++) {
            int j = i + rng.nextInt(perm.length - i);
            int t = perm[i];
            perm[i] = perm[j];
            perm[j] = t;
            s.set(perm[i]);
        }
        return s;
    }

    @Override
    public List<BitSet> adversarial() {
        int m = members.length;
        int missing = m - k;
        Set<BitSet> out = new LinkedHashSet<>();
        // Stragglers at consecutive positions (every offset): the hard case for cyclic supports.
        for (int start = 0; start < m; start++) {
            BitSet s = allMembers();
            for (int t = 0; t < missing; t++) {
                s.clear(members[(start + t) % m]);
            }
            out.add(s);
        }
        // Stragglers spread evenly, and every other position.
        for (int stride = 2; stride <= 3 && missing > 0; stride++) {
            BitSet s = allMembers();
            int removed = 0;
            for (int t = 0; t < m && removed < missing; t += stride) {
                s.clear(members[t]);
                removed++;
            }
            for (int t = m - 1; t >= 0 && removed < missing; t--) {
                if (s.get(members[t])) {
                    s.clear(members[t]);
                    removed++;
                }
            }
            out.add(s);
        }
        return new ArrayList<>(out);
    }

    private BitSet allMembers() {
        BitSet s = new BitSet(codewords);
        for (int c : members) {
            s.set(c);
        }
        return s;
    }

    @Override
    public int minimumSize() {
        return k;
    }

    @Override
    public boolean promises(BitSet arrived) {
        int have = 0;
        for (int c : members) {
            if (arrived.get(c) && ++have >= k) {
                return true;
            }
        }
        return have >= k;
    }
}
