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
 * Promise: every part promises (the parts are over disjoint codeword sets), e.g. "ℓ−r+1 of every
 * cluster" (GC-SC) or "every BCC batch covered". Minimal sets are the products of the parts'.
 */
public final class EachOfPromise implements ResponderPromise {
    private final int codewords;
    private final List<ResponderPromise> parts;

    public EachOfPromise(int codewords, List<? extends ResponderPromise> parts) {
        if (parts.isEmpty()) {
            throw new IllegalArgumentException("EachOfPromise needs at least one part");
        }
        this.codewords = codewords;
        this.parts = List.copyOf(parts);
    }

    public List<ResponderPromise> parts() {
        return parts;
    }

    @Override
    public int codewords() {
        return codewords;
    }

    @Override
    public double count() {
        double c = 1;
        for (ResponderPromise p : parts) {
            c *= p.count();
        }
        return c;
    }

    @Override
    public void forEach(Consumer<BitSet> action) {
        recurse(0, new BitSet(codewords), action);
    }

    private void recurse(int i, BitSet acc, Consumer<BitSet> action) {
        if (i == parts.size()) {
            action.accept((BitSet) acc.clone());
            return;
        }
        parts.get(i)
                .forEach(
                        s -> {
                            BitSet next = (BitSet) acc.clone();
                            next.or(s);
                            recurse(i + 1, next, action);
                        });
    }

    @Override
    public BitSet random(RandomGenerator rng) {
        BitSet s = new BitSet(codewords);
        for (ResponderPromise p : parts) {
            s.or(p.random(rng));
        }
        return s;
    }

    @Override
    public List<BitSet> adversarial() {
        List<BitSet> base = new ArrayList<>();
        for (ResponderPromise p : parts) {
            base.add(p.adversarial().get(0));
        }
        Set<BitSet> out = new LinkedHashSet<>();
        for (int i = 0; i < parts.size(); i++) {
            for (BitSet hard : parts.get(i).adversarial()) {
                BitSet s = (BitSet) hard.clone();
                for (int j = 0; j < parts.size(); j++) {
                    if (j != i) {
                        s.or(base.get(j));
                    }
                }
                out.add(s);
            }
        }
        return new ArrayList<>(out);
    }

    @Override
    public int minimumSize() {
        int m = 0;
        for (ResponderPromise p : parts) {
            m += p.minimumSize();
        }
        return m;
    }

    @Override
    public boolean promises(BitSet arrived) {
        for (ResponderPromise p : parts) {
            if (!p.promises(arrived)) {
                return false;
            }
        }
        return true;
    }
}
