package io.codedyarn.hdfs.prepare;

import io.codedyarn.hdfs.HiddenSibling;
import io.codedyarn.hdfs.dataset.BlockFiles;
import io.codedyarn.hdfs.dataset.BlockInfo;
import io.codedyarn.hdfs.dataset.DatasetReader;
import io.codedyarn.hdfs.dataset.Manifest;
import io.codedyarn.hdfs.dataset.ManifestJson;
import io.codedyarn.hdfs.dataset.Partitioning;
import io.codedyarn.hdfs.dataset.RowInterval;
import io.codedyarn.hdfs.dataset.WriterOptions;
import io.codedyarn.hdfs.prepare.PrepareReport.Action;
import io.codedyarn.hdfs.prepare.PrepareReport.PartitionResult;
import io.codedyarn.hdfs.progress.Progress;
import io.codedyarn.placement.Plan;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.CRC32C;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * What {@code data prepare} runs: lays a dataset out the way a placement {@link Plan} needs it.
 * Plan partition j (0-based) is rows {@code Partitioning.rows(n, K, j + 1)} and becomes ONE block
 * file {@code part-0000j.cyd}, created with HDFS replication = {@code plan.copies(j)} and favored
 * nodes = the DataNodes of the workers storing it ({@link DataNodeMap}). The output directory is a
 * dataset like any other ({@code manifest.json} lists the partition files in order) plus {@code
 * plan.json} (the plan as {@code plan --json} prints it; the AM reads it) and {@code
 * placement.json} ({@link PlacementRecord}).
 *
 * <p>Re-running on an existing output (needs overwrite) changes only what the new plan changes,
 * comparing it with the old {@code placement.json}: a partition whose rows (and source content) are
 * unchanged keeps its file when its DataNodes and copy count are unchanged; when only the copy
 * count changes and the new DataNodes contain (or are contained in) the old, only {@code
 * setReplication} is called (HDFS adds or drops replicas where the NameNode chooses: HDFS has no
 * "put a replica on node X" call short of the balancer); otherwise, and with a different K, the
 * file is written again with the new favored nodes. With {@code strictLocality}, any partition
 * whose replicas are not exactly on its favored nodes is written again.
 *
 * <p>Atomicity ({@link OutputSwap}): the visible output is always the complete old dataset, the
 * complete new one, or (only if a rollback fails, reported naming the hidden directories) absent -
 * never a mixture.
 */
public final class DatasetPreparer {
    private DatasetPreparer() {}

    /**
     * @param plan the placement plan
     * @param planJson the plan's JSON ({@code plan --json}), written as {@code plan.json}
     * @param hosts {@code --hosts} entries (worker -> DataNode), or empty for round robin
     * @param overwrite update/replace an existing output directory (else refuse)
     * @param strictLocality rewrite every partition whose replicas are not on its favored nodes
     */
    public record Request(
            Plan plan,
            String planJson,
            List<String> hosts,
            boolean overwrite,
            boolean strictLocality) {}

    public static PrepareReport prepare(
            FileSystem srcFs, Path src, FileSystem fs, Path out, Request req) throws IOException {
        Path source = srcFs.makeQualified(src);
        Path target = fs.makeQualified(out);
        if (target.getParent() == null) {
            throw new IllegalArgumentException("--out: cannot write a dataset at the root");
        }
        if (source.equals(target)) {
            throw new IllegalArgumentException("--out must differ from --dataset (" + target + ")");
        }
        DatasetReader reader = DatasetReader.open(srcFs, source);
        Manifest m = reader.manifest();
        long srcCrc = crc32c(srcFs, new Path(source, Manifest.FILE_NAME));
        Plan plan = req.plan();
        int k = plan.partitions();
        if (k > m.rows()) {
            throw new IllegalArgumentException(
                    "--partitions: the plan has K = "
                            + k
                            + " partitions but "
                            + source
                            + " has only "
                            + m.rows()
                            + " rows");
        }
        boolean exists = fs.exists(target);
        if (exists && !req.overwrite()) {
            throw new IllegalArgumentException(
                    "--out: "
                            + target
                            + " already exists; pass --overwrite to update it (only the"
                            + " partitions the new plan changes are rewritten)");
        }
        PreviousOutput prev = exists ? PreviousOutput.read(fs, target, srcCrc, m.rows()) : null;
        DataNodeMap nodes = DataNodeMap.resolve(fs, req.hosts(), plan.workers());

        List<String> notes = new ArrayList<>();
        notes.add(nodes.description());
        if (prev != null && prev.note != null) {
            notes.add(prev.note);
        }
        List<PlacementRecord.Entry> entries = new ArrayList<>();
        List<PartitionResult> results = new ArrayList<>();
        for (int j = 0; j < k; j++) {
            RowInterval r = Partitioning.rows(m.rows(), k, j + 1);
            int[] holders = holders(plan, j);
            if (holders.length == 0) {
                throw new IllegalArgumentException(
                        "--scheme: plan partition " + j + " is stored by no worker");
            }
            if (nodes.liveDataNodes() > 0 && holders.length > nodes.liveDataNodes()) {
                notes.add(
                        "partition "
                                + j
                                + ": replication "
                                + holders.length
                                + " > "
                                + nodes.liveDataNodes()
                                + " live DataNodes: HDFS keeps it under-replicated");
            }
            PlacementRecord.Entry e =
                    new PlacementRecord.Entry(
                            j,
                            String.format("part-%05d.cyd", j),
                            r.first(),
                            r.last(),
                            holders.length,
                            holders,
                            nodes.favoredNames(holders));
            entries.add(e);
            results.add(PartitionActions.decide(fs, e, prev, nodes, req.strictLocality()));
        }
        PlacementRecord placement =
                new PlacementRecord(
                        PlacementRecord.FORMAT,
                        PlacementRecord.VERSION,
                        plan.scheme(),
                        plan.workers(),
                        k,
                        m.rows(),
                        source.toString(),
                        srcCrc,
                        nodes.description(),
                        nodes.workerNodes(),
                        entries);

        Path tmp = HiddenSibling.of(target, HiddenSibling.TMP);
        if (!fs.mkdirs(tmp)) {
            throw new IOException("cannot create temporary directory " + tmp);
        }
        long written = 0;
        try {
            BlockInfo[] blocks = new BlockInfo[k];
            int[] copies = new int[k];
            InetSocketAddress[][] favored = new InetSocketAddress[k][];
            long toWrite = 0;
            for (int j = 0; j < k; j++) {
                copies[j] = entries.get(j).copies();
                favored[j] = nodes.favored(entries.get(j).workers());
                if (rewrites(results.get(j).action())) {
                    toWrite += entries.get(j).lastRow() - entries.get(j).firstRow() + 1;
                }
            }
            WriterOptions.BlockOutputFactory outputs = PartitionOutputs.of(copies, favored);
            Progress progress = Progress.onStderr("prepare", "rows", toWrite);
            for (int j = 0; j < k; j++) {
                PlacementRecord.Entry e = entries.get(j);
                if (rewrites(results.get(j).action())) {
                    try (OutputStream o = outputs.create(fs, new Path(tmp, e.file()), j)) {
                        blocks[j] = BlockFiles.write(reader.readPartition(k, j + 1), e.file(), o);
                    }
                    written += blocks[j].bytes();
                    progress.advance(blocks[j].rows());
                } else {
                    BlockInfo old = prev.blocks.get(prev.entryFor(e).file());
                    blocks[j] =
                            new BlockInfo(
                                    e.file(),
                                    old.firstRow(),
                                    old.rows(),
                                    old.nnz(),
                                    old.bytes(),
                                    old.crc32c());
                }
            }
            progress.finish();
            Map<String, Object> provenance = new LinkedHashMap<>();
            provenance.put("preparedFrom", source.toString());
            provenance.put("scheme", plan.scheme());
            provenance.put("source", m.spec().source());
            Manifest nm =
                    new Manifest(
                            Manifest.FORMAT_VERSION,
                            m.rows(),
                            m.spec().withSource(provenance),
                            List.of(blocks));
            writeText(fs, new Path(tmp, PlacementRecord.PLAN_FILE_NAME), req.planJson());
            writeText(fs, new Path(tmp, PlacementRecord.FILE_NAME), placement.toJson());
            writeText(fs, new Path(tmp, Manifest.FILE_NAME), ManifestJson.toJson(nm));
        } catch (IOException | RuntimeException e) {
            OutputSwap.deleteQuietly(fs, tmp, e);
            throw e;
        }
        OutputSwap.publish(fs, target, tmp, exists, prev, entries, results);
        return new PrepareReport(target.toString(), placement, results, notes, written);
    }

    private static boolean rewrites(Action a) {
        return a == Action.WRITTEN || a == Action.REWRITTEN;
    }

    /** The workers storing plan partition j (ascending). */
    static int[] holders(Plan plan, int j) {
        List<Integer> h = new ArrayList<>();
        for (int i = 0; i < plan.workers(); i++) {
            if (java.util.Arrays.binarySearch(plan.stored(i), j) >= 0) {
                h.add(i);
            }
        }
        return h.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * Whether a partition's replicas sit where its entry wants them: exactly on its favored
     * DataNodes, or, when its holders share fewer DataNodes than it has copies, on all of them.
     */
    static boolean onFavored(Set<String> actual, PlacementRecord.Entry e) {
        Set<String> favored = new HashSet<>(e.favoredNodes());
        return favored.size() >= e.copies() ? actual.equals(favored) : actual.containsAll(favored);
    }

    /**
     * The partitions of a prepared output whose replicas are not on their favored DataNodes
     * (favored nodes are a hint HDFS may overrule, e.g. for a DataNode that has not yet reported
     * its storage): preparing again with {@code overwrite} and {@code strictLocality} rewrites just
     * those.
     */
    public static List<Integer> misplaced(FileSystem fs, Path dir, PlacementRecord placement)
            throws IOException {
        List<Integer> out = new ArrayList<>();
        for (PlacementRecord.Entry e : placement.entries()) {
            if (!e.favoredNodes().isEmpty()
                    && !onFavored(replicaNodes(fs, new Path(dir, e.file())), e)) {
                out.add(e.partition());
            }
        }
        return out;
    }

    /** The DataNodes ({@code ip:port}) holding a replica of any block of {@code file}. */
    static Set<String> replicaNodes(FileSystem fs, Path file) throws IOException {
        FileStatus st = fs.getFileStatus(file);
        Set<String> s = new HashSet<>();
        for (BlockLocation b : fs.getFileBlockLocations(st, 0, st.getLen())) {
            s.addAll(List.of(b.getNames()));
        }
        return s;
    }

    private static void writeText(FileSystem fs, Path file, String text) throws IOException {
        try (OutputStream o = fs.create(file, false)) {
            o.write(text.getBytes(StandardCharsets.UTF_8));
        }
    }

    static long crc32c(FileSystem fs, Path file) throws IOException {
        CRC32C crc = new CRC32C();
        try (InputStream in = fs.open(file)) {
            crc.update(in.readAllBytes());
        }
        return crc.getValue();
    }
}
