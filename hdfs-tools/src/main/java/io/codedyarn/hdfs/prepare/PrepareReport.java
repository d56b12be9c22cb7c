package io.codedyarn.hdfs.prepare;

import java.util.List;
import java.util.Locale;

/**
 * What {@code data prepare} did.
 *
 * @param target the prepared dataset directory
 * @param placement the placement written ({@code placement.json})
 * @param partitions per plan partition the action taken, in plan order
 * @param notes one-line remarks (node mapping, ignored replication, warnings)
 * @param bytesWritten bytes of partition files written in this run
 */
public record PrepareReport(
        String target,
        PlacementRecord placement,
        List<PartitionResult> partitions,
        List<String> notes,
        long bytesWritten) {

    /** What happened to one partition's file. */
    public enum Action {
        /** written for the first time (no earlier placement in the output directory) */
        WRITTEN,
        /** the earlier file kept as is */
        KEPT,
        /** the earlier file kept, its replication changed ({@code setReplication}) */
        REREPLICATED,
        /** written again: new rows, changed source, or its holders' DataNodes changed */
        REWRITTEN;

        public String label() {
            return name().toLowerCase(Locale.ROOT).replace("rereplicated", "re-replicated");
        }
    }

    /**
     * @param entry the partition's placement
     * @param action what was done
     * @param reason why (empty for a first write)
     */
    public record PartitionResult(PlacementRecord.Entry entry, Action action, String reason) {}

    public long count(Action a) {
        return partitions.stream().filter(p -> p.action() == a).count();
    }

    public String toText() {
        PlacementRecord p = placement;
        StringBuilder s = new StringBuilder();
        s.append(
                String.format(
                        Locale.ROOT,
                        "prepared %s from %s: scheme %s, %d workers, K = %d partitions of %d rows%n",
                        target,
                        p.source(),
                        p.scheme(),
                        p.workers(),
                        p.partitions(),
                        p.rows()));
        for (String n : notes) {
            s.append("note: ").append(n).append('\n');
        }
        s.append(
                String.format(
                        Locale.ROOT,
                        "%-9s %-15s %-24s %6s  %-16s %-14s %s%n",
                        "partition",
                        "file",
                        "rows",
                        "copies",
                        "workers",
                        "action",
                        "favored nodes"));
        for (PartitionResult r : partitions) {
            PlacementRecord.Entry e = r.entry();
            s.append(
                    String.format(
                            Locale.ROOT,
                            "%-9d %-15s %-24s %6d  %-16s %-14s %s%s%n",
                            e.partition(),
                            e.file(),
                            "[" + e.firstRow() + ", " + e.lastRow() + "]",
                            e.copies(),
                            joinInts(e.workers()),
                            r.action().label(),
                            e.favoredNodes().isEmpty() ? "-" : String.join(",", e.favoredNodes()),
                            r.reason().isEmpty() ? "" : " (" + r.reason() + ")"));
        }
        s.append(
                String.format(
                        Locale.ROOT,
                        "written %d, kept %d, re-replicated %d, rewritten %d; %d bytes written%n",
                        count(Action.WRITTEN),
                        count(Action.KEPT),
                        count(Action.REREPLICATED),
                        count(Action.REWRITTEN),
                        bytesWritten));
        return s.toString();
    }

    static String joinInts(int[] a) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < a.length; i++) {
            s.append(i == 0 ? "" : ",").append(a[i]);
        }
        return s.toString();
    }
}
