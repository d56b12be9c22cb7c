package io.codedyarn.hdfs.prepare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.codedyarn.hdfs.dataset.DatasetInspection;
import io.codedyarn.hdfs.dataset.ManifestJson;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeSet;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The plan part of {@code data inspect} for a prepared dataset: per partition the workers that
 * should hold it and their DataNodes (from {@code placement.json}) against the DataNodes that hold
 * its blocks (from the inspection's block locations), plus the plan's headline from {@code
 * plan.json}.
 *
 * @param scheme the plan's scheme ({@code plan.json}, else {@code placement.json})
 * @param workers n
 * @param partitions K
 * @param stragglers s from plan.json, or -1 when plan.json is absent
 * @param rows one per partition
 */
public record PlacementInspection(
        String scheme, int workers, int partitions, int stragglers, List<Row> rows) {

    /**
     * @param entry the placement entry
     * @param replication the file's replication now
     * @param actualNodes DataNodes ({@code ip:port}) holding a replica of any of its blocks
     * @param status {@code ok} (replicas exactly on the favored nodes), {@code differs}, {@code
     *     missing} (no such file) or {@code unknown} (favored nodes not known: not HDFS)
     */
    public record Row(
            PlacementRecord.Entry entry,
            int replication,
            List<String> actualNodes,
            String status) {}

    /** Empty when {@code dir} has no {@code placement.json} (not a prepared dataset). */
    public static Optional<PlacementInspection> of(
            FileSystem fs, Path dir, DatasetInspection inspection) throws IOException {
        Optional<PlacementRecord> p = PlacementRecord.read(fs, dir);
        if (p.isEmpty()) {
            return Optional.empty();
        }
        PlacementRecord pl = p.get();
        String scheme = pl.scheme();
        int stragglers = -1;
        try (InputStream in = fs.open(new Path(dir, PlacementRecord.PLAN_FILE_NAME))) {
            JsonNode plan = ManifestJson.mapper().readTree(in);
            scheme = plan.path("scheme").asText(scheme);
            stragglers = plan.path("stragglers").asInt(-1);
        } catch (FileNotFoundException e) {
            // placement.json alone still describes the placement
        }
        List<Row> rows = new ArrayList<>();
        for (PlacementRecord.Entry e : pl.entries()) {
            DatasetInspection.FileReport f =
                    inspection.files().stream()
                            .filter(r -> r.block().file().equals(e.file()))
                            .findFirst()
                            .orElse(null);
            if (f == null) {
                rows.add(new Row(e, 0, List.of(), "missing"));
                continue;
            }
            TreeSet<String> actual = new TreeSet<>();
            boolean exact = true;
            TreeSet<String> want = new TreeSet<>(e.favoredNodes());
            for (DatasetInspection.Location l : f.locations()) {
                actual.addAll(l.names());
                TreeSet<String> here = new TreeSet<>(l.names());
                // replication raised above the copies (ReplicationFloor): the extra replicas are
                // the NameNode's choice, the favored ones must be there
                boolean exactSet = want.size() >= e.copies() && f.replication() <= e.copies();
                exact &= exactSet ? here.equals(want) : here.containsAll(want);
            }
            String status = want.isEmpty() ? "unknown" : exact ? "ok" : "differs";
            rows.add(new Row(e, f.replication(), List.copyOf(actual), status));
        }
        return Optional.of(
                new PlacementInspection(scheme, pl.workers(), pl.partitions(), stragglers, rows));
    }

    public String toText() {
        StringBuilder s = new StringBuilder();
        s.append(
                String.format(
                        Locale.ROOT,
                        "plan        %s, %d workers, K = %d partitions%s%n",
                        scheme,
                        workers,
                        partitions,
                        stragglers < 0 ? "" : ", s = " + stragglers));
        s.append(
                String.format(
                        Locale.ROOT,
                        "  %-9s %-15s %-6s %-5s %-12s %-44s %s%n",
                        "partition",
                        "file",
                        "copies",
                        "repl",
                        "workers",
                        "should hold (DataNodes)",
                        "do hold"));
        for (Row r : rows) {
            PlacementRecord.Entry e = r.entry();
            s.append(
                    String.format(
                            Locale.ROOT,
                            "  %-9d %-15s %-6d %-5d %-12s %-44s %s  %s%n",
                            e.partition(),
                            e.file(),
                            e.copies(),
                            r.replication(),
                            PrepareReport.joinInts(e.workers()),
                            e.favoredNodes().isEmpty() ? "-" : String.join(",", e.favoredNodes()),
                            r.actualNodes().isEmpty() ? "-" : String.join(",", r.actualNodes()),
                            r.status()));
        }
        return s.toString();
    }

    /** Adds a {@code placement} object to {@code data inspect --json}'s root. */
    public void addTo(ObjectNode root) {
        ObjectNode p = root.putObject("placement");
        p.put("scheme", scheme);
        p.put("workers", workers);
        p.put("partitions", partitions);
        if (stragglers >= 0) {
            p.put("stragglers", stragglers);
        }
        ArrayNode arr = p.putArray("entries");
        for (Row r : rows) {
            ObjectNode o = arr.addObject();
            PlacementRecord.Entry e = r.entry();
            o.put("partition", e.partition());
            o.put("file", e.file());
            o.put("firstRow", e.firstRow());
            o.put("lastRow", e.lastRow());
            o.put("copies", e.copies());
            o.put("replication", r.replication());
            ArrayNode w = o.putArray("workers");
            for (int x : e.workers()) {
                w.add(x);
            }
            ArrayNode f = o.putArray("favoredNodes");
            e.favoredNodes().forEach(f::add);
            ArrayNode a = o.putArray("actualNodes");
            r.actualNodes().forEach(a::add);
            o.put("status", r.status());
        }
    }
}
