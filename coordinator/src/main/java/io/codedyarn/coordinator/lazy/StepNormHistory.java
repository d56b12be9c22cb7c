package io.codedyarn.coordinator.lazy;

/**
 * Ring buffer of the last D squared step norms ‖θ^{k+1} − θ^k‖² used by the lazy trigger (LAGC
 * (13)/(17)): {@link #sum()} = Σ_{d=1..D} ‖θ^{i+1−d} − θ^{i−d}‖², where steps that do not exist yet
 * (i &lt; D) count as zero — the digest's "pad the history with zeros" (lagc.md §6 item 8), so the
 * RHS keeps its 1/D and is small during start-up. The sum is recomputed from the D stored values (D
 * is small), so there is no running-sum drift.
 */
final class StepNormHistory {
    private final double[] ring;
    private int next;
    private int size;

    StepNormHistory(int memory) {
        if (memory < 1) {
            throw new IllegalArgumentException("memory D must be >= 1, got " + memory);
        }
        ring = new double[memory];
    }

    /** The ring as stored (a copy; with {@link #next()} and {@link #size()}, the exact state). */
    double[] ring() {
        return ring.clone();
    }

    int next() {
        return next;
    }

    /** Sets the state from {@link #ring()}, {@link #next()} and {@link #size()}. */
    void set(double[] values, int next, int size) {
        if (values.length != ring.length
                || next < 0
                || next >= ring.length
                || size < 0
                || size > ring.length) {
            throw new IllegalArgumentException(
                    "step-norm history of memory " + values.length + " for D = " + ring.length);
        }
        System.arraycopy(values, 0, ring, 0, ring.length);
        this.next = next;
        this.size = size;
    }

    void push(double squaredNorm) {
        ring[next] = squaredNorm;
        next = (next + 1) % ring.length;
        size = Math.min(size + 1, ring.length);
    }

    /** Σ of the stored (at most D) squared step norms; missing ones are zero. */
    double sum() {
        double s = 0;
        for (double v : ring) {
            s += v;
        }
        return s;
    }

    int size() {
        return size;
    }

    int capacity() {
        return ring.length;
    }
}
