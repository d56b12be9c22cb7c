package io.codedyarn.placement.loadbalance;

/**
 * Array-based binary min-heap of (time, worker) events ordered by time: primitive arrays, no
 * boxing. Each worker has at most one pending event in the simulator, so the capacity is the number
 * of workers. Equal times are popped in an order that depends only on the sequence of operations
 * (deterministic).
 */
final class TimeHeap {
    private final double[] time;
    private final int[] worker;
    private int size;

    TimeHeap(int capacity) {
        time = new double[capacity + 2]; // + sentinel slots for the bottom-up sift
        worker = new int[capacity + 2];
    }

    int size() {
        return size;
    }

    void clear() {
        size = 0;
    }

    double peekTime() {
        return time[0];
    }

    int peekWorker() {
        return worker[0];
    }

    void push(double t, int w) {
        int k = size++;
        while (k > 0) {
            int parent = (k - 1) >>> 1;
            if (!(t < time[parent])) {
                break;
            }
            time[k] = time[parent];
            worker[k] = worker[parent];
            k = parent;
        }
        time[k] = t;
        worker[k] = w;
    }

    /** Removes the minimum (read it first with {@link #peekTime}/{@link #peekWorker}). */
    void pop() {
        int n = --size;
        if (n > 0) {
            siftDown(time[n], worker[n], n);
        }
    }

    /** Pop followed by push(t, w), with one sift instead of two (a stale worker re-tasked). */
    void replaceTop(double t, int w) {
        siftDown(t, w, size);
    }

    /**
     * Floyd's bottom-up sift: walk the hole down to a leaf along the smaller children without
     * comparing against t (a re-tasked worker's new event usually belongs near the bottom), then
     * sift t up. The child choice is branch-free; slot n holds +∞ as a sentinel so a missing right
     * child is never chosen.
     */
    private void siftDown(double t, int w, int n) {
        double[] tm = time;
        int[] wk = worker;
        tm[n] = Double.POSITIVE_INFINITY;
        int k = 0;
        int child;
        while ((child = 2 * k + 1) < n) {
            child += tm[child + 1] < tm[child] ? 1 : 0;
            tm[k] = tm[child];
            wk[k] = wk[child];
            k = child;
        }
        while (k > 0) {
            int parent = (k - 1) >>> 1;
            if (!(t < tm[parent])) {
                break;
            }
            tm[k] = tm[parent];
            wk[k] = wk[parent];
            k = parent;
        }
        tm[k] = t;
        wk[k] = w;
    }
}
