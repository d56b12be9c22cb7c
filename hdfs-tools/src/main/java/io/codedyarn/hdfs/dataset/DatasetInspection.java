package io.codedyarn.hdfs.dataset;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;

/**
 * What {@code data inspect} shows (built by {@link DatasetInspector}): shape, sparsity, label
 * balance, and per block file its replication and which hosts hold which HDFS block.
 *
 * @param path the dataset directory
 * @param manifest the parsed manifest
 * @param labelCounts rows per label value, ascending; null without labels or when the labels take
 *     more than {@link DatasetInspector#MAX_DISTINCT_LABELS} distinct values (regression)
 * @param labelStats min, max, mean of the labels; null without labels or rows
 * @param files one entry per block file, in manifest order
 */
public record DatasetInspection(
        String path,
        Manifest manifest,
        SortedMap<Double, Long> labelCounts,
        LabelStats labelStats,
        List<FileReport> files) {

    /** min, max and mean of the labels. */
    public record LabelStats(double min, double max, double mean) {}

    /**
     * One block file on the filesystem.
     *
     * @param block the manifest entry
     * @param replication the file's replication factor ({@code FileStatus.getReplication()})
     * @param fsBlockSize the filesystem block size of the file
     * @param locations the file's filesystem blocks and their hosts ({@code getFileBlockLocations})
     */
    public record FileReport(
            BlockInfo block, short replication, long fsBlockSize, List<Location> locations) {}

    /**
     * One filesystem block of a file: byte range, the hosts storing a replica and their DataNode
     * transfer addresses ({@code host:port}, {@code BlockLocation.getNames()}; distinguishes
     * DataNodes sharing a host, as in MiniDFSCluster).
     */
    public record Location(long offset, long length, List<String> hosts, List<String> names) {}

    /** Human-readable multi-line report. */
    public String toText() {
        Manifest m = manifest;
        StringBuilder s = new StringBuilder();
        s.append("dataset     ").append(path).append('\n');
        s.append("format      coded-yarn-dataset v").append(m.formatVersion()).append('\n');
        s.append(
                String.format(
                        Locale.ROOT,
                        "shape       %d rows x %d cols, %s, float64%n",
                        m.rows(),
                        m.cols(),
                        m.storage().jsonName()));
        s.append(
                String.format(
                        Locale.ROOT, "sparsity    nnz %d, density %.6g%n", m.nnz(), m.density()));
        s.append("labels      ").append(m.labels());
        if (labelCounts != null) {
            s.append("; counts");
            for (Map.Entry<Double, Long> e : labelCounts.entrySet()) {
                s.append(
                        String.format(
                                Locale.ROOT,
                                " %s: %d (%.1f%%)",
                                fmt(e.getKey()),
                                e.getValue(),
                                100.0 * e.getValue() / Math.max(1, m.rows())));
            }
        }
        if (labelStats != null) {
            s.append(
                    String.format(
                            Locale.ROOT,
                            "; min %s max %s mean %.6g",
                            fmt(labelStats.min()),
                            fmt(labelStats.max()),
                            labelStats.mean()));
        }
        s.append('\n');
        for (Transformation t : m.spec().transformations()) {
            s.append("transform   ").append(t.name());
            t.params().forEach((k, v) -> s.append(' ').append(k).append('=').append(brief(v)));
            s.append('\n');
        }
        s.append("seed        ").append(m.spec().seed()).append('\n');
        s.append("source      ").append(m.spec().source()).append('\n');
        s.append(String.format(Locale.ROOT, "blocks      %d, %d bytes%n", files.size(), m.bytes()));
        for (FileReport f : files) {
            BlockInfo b = f.block();
            s.append(
                    String.format(
                            Locale.ROOT,
                            "  %s rows [%d, %d] nnz %d bytes %d crc32c %08x replication %d%n",
                            b.file(),
                            b.firstRow(),
                            b.lastRow(),
                            b.nnz(),
                            b.bytes(),
                            b.crc32c(),
                            f.replication()));
            for (Location l : f.locations()) {
                s.append(
                        String.format(
                                Locale.ROOT,
                                "    bytes [%d, %d) on %s%n",
                                l.offset(),
                                l.offset() + l.length(),
                                String.join(",", l.names())));
            }
        }
        return s.toString();
    }

    /** JSON with stable fields: the manifest's fields plus labelCounts, labelStats, files. */
    public String toJson() {
        try {
            ObjectNode root =
                    (ObjectNode) ManifestJson.mapper().readTree(ManifestJson.toJson(manifest));
            root.put("path", path);
            root.put("nnz", manifest.nnz());
            root.put("density", manifest.density());
            root.put("bytes", manifest.bytes());
            if (labelCounts != null) {
                ObjectNode counts = root.putObject("labelCounts");
                labelCounts.forEach((k, v) -> counts.put(fmt(k), v));
            }
            if (labelStats != null) {
                root.set("labelStats", ManifestJson.mapper().valueToTree(labelStats));
            }
            ArrayNode arr = root.putArray("files");
            for (FileReport f : files) {
                ObjectNode o = arr.addObject();
                o.put("file", f.block().file());
                o.put("firstRow", f.block().firstRow());
                o.put("rows", f.block().rows());
                o.put("replication", f.replication());
                o.put("fsBlockSize", f.fsBlockSize());
                o.set("locations", ManifestJson.mapper().valueToTree(f.locations()));
            }
            return ManifestJson.mapper().writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String fmt(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15
                ? Long.toString((long) v)
                : Double.toString(v);
    }

    private static String brief(Object v) {
        String s = String.valueOf(v);
        return s.length() > 60 ? s.substring(0, 57) + "..." : s;
    }
}
