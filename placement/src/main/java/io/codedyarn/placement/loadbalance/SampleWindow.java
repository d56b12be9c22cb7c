package io.codedyarn.placement.loadbalance;

/**
 * One worker's samples in arrival order: a growable ring of (timestamp, computation per unit of
 * work, communication or NaN when not trusted). Timestamps must not decrease.
 */
final class SampleWindow {
    private double[] t = new double[16];
    private double[] comp = new double[16];
    private double[] comm = new double[16];
    private int head;
    private int size;
    private double last = Double.NEGATIVE_INFINITY;

    int size() {
        return size;
    }

    void add(double time, double compUnit, double commValue) {
        if (time < last) {
            throw new IllegalArgumentException(
                    "timestamps must not decrease: " + time + " after " + last);
        }
        last = time;
        if (size == t.length) {
            grow();
        }
        int k = (head + size) % t.length;
        t[k] = time;
        comp[k] = compUnit;
        comm[k] = commValue;
        size++;
    }

    private void grow() {
        int cap = t.length * 2;
        double[] nt = new double[cap];
        double[] nc = new double[cap];
        double[] nm = new double[cap];
        for (int k = 0; k < size; k++) {
            int j = (head + k) % t.length;
            nt[k] = t[j];
            nc[k] = comp[j];
            nm[k] = comm[j];
        }
        t = nt;
        comp = nc;
        comm = nm;
        head = 0;
    }

    /** Drops samples with timestamp &lt; cutoff (the window is [now − window, now]). */
    void dropBefore(double cutoff) {
        while (size > 0 && t[head] < cutoff) {
            head = (head + 1) % t.length;
            size--;
        }
    }

    int copyComp(double[] out) {
        for (int k = 0; k < size; k++) {
            out[k] = comp[(head + k) % t.length];
        }
        return size;
    }

    /** Copies the trusted communication samples; returns their number. */
    int copyComm(double[] out) {
        int m = 0;
        for (int k = 0; k < size; k++) {
            double c = comm[(head + k) % t.length];
            if (!Double.isNaN(c)) {
                out[m++] = c;
            }
        }
        return m;
    }
}
