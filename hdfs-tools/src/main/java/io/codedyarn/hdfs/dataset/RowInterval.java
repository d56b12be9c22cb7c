package io.codedyarn.hdfs.dataset;

/**
 * An inclusive range of 1-based global rows [first, last], as the DSAG paper writes partitions
 * [p_start, p_stop]. Empty when {@code last = first − 1}.
 */
public record RowInterval(long first, long last) {
    public RowInterval {
        if (first < 1 || last < first - 1) {
            throw new IllegalArgumentException("invalid row range [" + first + ", " + last + "]");
        }
    }

    /** Rows in the range. */
    public long count() {
        return last - first + 1;
    }

    public boolean contains(long row) {
        return row >= first && row <= last;
    }

    @Override
    public String toString() {
        return "[" + first + ", " + last + "]";
    }
}
