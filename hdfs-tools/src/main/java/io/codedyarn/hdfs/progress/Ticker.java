package io.codedyarn.hdfs.progress;

/** Monotonic nanosecond time; the only way progress reporting reads time. */
@FunctionalInterface
public interface Ticker {
    long nanos();

    /** The system's monotonic clock (the one call site of {@link System#nanoTime()} here). */
    static Ticker system() {
        return System::nanoTime;
    }
}
