package io.codedyarn.compute.metrics;

import java.util.Arrays;

/** A growable array of doubles (the scores of one class), sorted on demand. */
final class Scores {
    private double[] values = new double[64];
    private int size;

    void add(double x) {
        if (size == values.length) {
            if (values.length >= Integer.MAX_VALUE - 8) {
                throw new IllegalStateException("more than 2^31 scores of one class");
            }
            values = Arrays.copyOf(values, (int) Math.min(Integer.MAX_VALUE - 8L, 2L * size));
        }
        values[size++] = x;
    }

    int size() {
        return size;
    }

    /** The scores sorted ascending (sorts in place; adding later is allowed). */
    double[] sorted() {
        Arrays.sort(values, 0, size);
        return values;
    }
}
