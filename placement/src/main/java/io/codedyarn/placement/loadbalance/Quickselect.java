package io.codedyarn.placement.loadbalance;

/** In-place selection of the k-th smallest (0-based) of a[0..len): Hoare partition, O(len). */
final class Quickselect {
    private Quickselect() {}

    static double select(double[] a, int len, int k) {
        int lo = 0;
        int hi = len - 1;
        while (lo < hi) {
            // Median of three as pivot guards against sorted input.
            int mid = (lo + hi) >>> 1;
            double pivot = median(a[lo], a[mid], a[hi]);
            int i = lo;
            int j = hi;
            while (i <= j) {
                while (a[i] < pivot) {
                    i++;
                }
                while (a[j] > pivot) {
                    j--;
                }
                if (i <= j) {
                    double tmp = a[i];
                    a[i] = a[j];
                    a[j] = tmp;
                    i++;
                    j--;
                }
            }
            if (k <= j) {
                hi = j;
            } else if (k >= i) {
                lo = i;
            } else {
                return a[k];
            }
        }
        return a[k];
    }

    private static double median(double x, double y, double z) {
        return Math.max(Math.min(x, y), Math.min(Math.max(x, y), z));
    }
}
