package io.codedyarn.placement.loadbalance;

/**
 * Array-based binary min-heap of (time, worker) events ordered by time, ties by worker index (as
 * the reference's heap of tuples): primitive arrays, no boxing. Each worker has at most one pending
 * event in the simulator, so the capacity is the number of workers.
 */
final class TimeHeap {
    private final double[] time;
    private final int[] worker;
    private int size;

    TimeHeap(int capacity) {
        time = new double[capacity];
        worker = new int[capacity];
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

    private static boolean less(double ta, int wa, double tb, int wb) {
        return ta < tb || (ta == tb && wa < wb);
    }

    void push(double t, int w) {
        int k = size++;
        while (k > 0) {
            int parent = (k - 1) >>> 1;
            if (!less(t, w, time[parent], worker[parent])) {
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
        if (n == 0) {
            return;
        }
        double t = time[n];
        int w = worker[n];
        int k = 0;
        int half = n >>> 1;
        while (k < half) {
            int child = 2 * k + 1;
            int right = child + 1;
            if (right < n && less(time[right], worker[right], time[child], worker[child])) {
                child = right;
            }
            if (!less(time[child], worker[child], t, w)) {
                break;
            }
            time[k] = time[child];
            worker[k] = worker[child];
            k = child;
        }
        time[k] = t;
        worker[k] = w;
    }
}
