package io.codedyarn.am.yarn.master;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.codedyarn.am.output.ModelDataset;
import io.codedyarn.coordinator.cluster.DataShape;
import io.codedyarn.coordinator.cluster.WorkerSetup;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.hdfs.dataset.BlockInfo;
import io.codedyarn.hdfs.dataset.DatasetReader;
import io.codedyarn.hdfs.dataset.Manifest;
import io.codedyarn.hdfs.prepare.PlacementRecord;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.json.PlanDocument;
import io.codedyarn.placement.slowdown.WorkerStraggle;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The placed dataset as the AM sees it: its manifest (→ {@link DataShape}), the plan recomputed
 * from the {@link TrainSpec} and checked against the dataset's {@code plan.json} (a dataset placed
 * for another plan would silently compute the wrong gradients), and each worker's partition files.
 */
final class PlacedJob {
    final Plan plan;
    final DataShape shape;
    final List<String> partitionUris; // plan partition j → its file's qualified URI
    final ModelDataset dataset; // for model.json: names, standardisation, the source's CRC32C

    /**
     * Per worker, the partitions it was last asked to hold when a re-planned code moved them
     * ({@link #hold}); absent: the plan's. Written by the coordinator's thread, read by the Hellos'
     * (gRPC) and the containers' threads.
     */
    private final Map<Integer, int[]> held = new java.util.concurrent.ConcurrentHashMap<>();

    private PlacedJob(
            Plan plan, DataShape shape, List<String> partitionUris, ModelDataset dataset) {
        this.plan = plan;
        this.shape = shape;
        this.partitionUris = partitionUris;
        this.dataset = dataset;
    }

    /**
     * @throws IllegalArgumentException naming the file and the difference when the dataset is not
     *     placed for this spec's plan
     */
    static PlacedJob open(FileSystem fs, Path dataset, TrainSpec spec) throws IOException {
        Path dir = fs.makeQualified(dataset);
        Plan plan = spec.plan(); // what data prepare placed (auto with a start code: its plan)
        Path planFile = new Path(dir, PlacementRecord.PLAN_FILE_NAME);
        String stored;
        try (InputStream in = fs.open(planFile)) {
            stored = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        } catch (FileNotFoundException e) {
            throw new IllegalArgumentException(
                    planFile + " does not exist: the dataset is not placed (run data prepare)");
        }
        String difference = difference(stored, PlanDocument.of(plan, null));
        if (difference != null) {
            throw new IllegalArgumentException(
                    "plan mismatch: "
                            + planFile
                            + " was prepared for another plan than --scheme "
                            + spec.scheme()
                            + " with these flags (seed "
                            + spec.params().seed()
                            + "): "
                            + difference
                            + "; run data prepare again with the same flags");
        }
        Manifest m = DatasetReader.open(fs, dir).manifest();
        List<BlockInfo> blocks = m.blocks();
        if (blocks.size() != plan.partitions()) {
            throw new IllegalArgumentException(
                    dir
                            + ": "
                            + blocks.size()
                            + " partition files, but the plan has "
                            + plan.partitions()
                            + " partitions");
        }
        long[] rows = new long[blocks.size()];
        List<String> uris = new java.util.ArrayList<>();
        for (int j = 0; j < rows.length; j++) {
            rows[j] = blocks.get(j).rows();
            uris.add(new Path(dir, blocks.get(j).file()).toString());
        }
        // the fingerprint is the source's (placement.json keeps its manifest's CRC32C), so a model
        // trained here and one trained on the same --data elsewhere name the same dataset
        Long source =
                PlacementRecord.read(fs, dir)
                        .map(PlacementRecord::sourceManifestCrc32c)
                        .orElse(null);
        return new PlacedJob(
                plan,
                new DataShape(m.rows(), m.cols(), rows),
                List.copyOf(uris),
                ModelDataset.of(m, source));
    }

    /** Worker w holds {@code partitions} from now on (a re-planned code; its next Welcome). */
    void hold(int worker, int[] partitions) {
        held.put(worker, partitions.clone());
    }

    /** The partitions worker w holds: the plan's, or those a re-plan moved to it. */
    int[] stored(int worker) {
        int[] h = held.get(worker);
        return h != null ? h.clone() : plan.stored(worker);
    }

    /** A warm spare's Welcome: the job's workload and no partitions (it loads them when used). */
    WorkerSetup spareSetup(int spare, TrainSpec spec, WorkerStraggle straggle) {
        return new WorkerSetup(
                spare,
                spec.workload(),
                Math.max(1, spec.components()),
                spec.intercept(),
                Map.of(),
                straggle);
    }

    WorkerSetup setup(int worker, TrainSpec spec, WorkerStraggle straggle) {
        Map<Integer, String> parts = new TreeMap<>();
        for (int j : stored(worker)) {
            parts.put(j, partitionUris.get(j));
        }
        // k >= 1 on the wire (LR/LSQ ignore it), as the coordinator's Run.components()
        return new WorkerSetup(
                worker,
                spec.workload(),
                Math.max(1, spec.components()),
                spec.intercept(),
                parts,
                straggle);
    }

    /**
     * The held-out rows a job scores its model on ({@code train --validation}, {@code
     * --validation-fraction}: the client placed them beside the job), read into the AM's memory;
     * null when the job has none.
     */
    static io.codedyarn.coordinator.validation.Validation heldOut(
            io.codedyarn.coordinator.cluster.JobInfo info,
            TrainSpec spec,
            AmClients clients,
            org.apache.hadoop.conf.Configuration conf)
            throws IOException {
        if (info.validation() == null) {
            return null;
        }
        FileSystem fs = clients.fileSystem(java.net.URI.create(info.validation()), conf);
        return new io.codedyarn.coordinator.validation.Validation(
                new io.codedyarn.coordinator.validation.HeldOutRows(
                        spec.workload(),
                        io.codedyarn.worker.hdfs.HdfsPartitionLoader.wholeDataset(
                                fs, new Path(info.validation())),
                        spec.intercept(),
                        spec.components()),
                info.validationEvery(),
                info.earlyStop());
    }

    /**
     * The first differing field path of two plan documents (verify section ignored); null if none.
     */
    static String difference(String storedJson, PlanDocument expected) throws IOException {
        ObjectMapper mapper = new ObjectMapper();
        JsonNode a = mapper.readTree(storedJson);
        // through text, as data prepare wrote it (NaN diagnostics become "NaN" strings)
        JsonNode b = mapper.readTree(mapper.writeValueAsString(expected));
        if (a instanceof com.fasterxml.jackson.databind.node.ObjectNode o) {
            o.remove("verify");
        }
        if (b instanceof com.fasterxml.jackson.databind.node.ObjectNode o) {
            o.remove("verify");
        }
        return diff("", a, b);
    }

    private static String diff(String path, JsonNode a, JsonNode b) {
        if (a.equals(b)) {
            return null;
        }
        if (a.isObject() && b.isObject()) {
            Map<String, Boolean> names = new LinkedHashMap<>();
            a.fieldNames().forEachRemaining(n -> names.put(n, true));
            b.fieldNames().forEachRemaining(n -> names.put(n, true));
            for (String n : names.keySet()) {
                JsonNode x = a.get(n), y = b.get(n);
                if (x == null || y == null) {
                    return (path.isEmpty() ? "" : path + ".") + n + " present in only one plan";
                }
                String d = diff(path.isEmpty() ? n : path + "." + n, x, y);
                if (d != null) {
                    return d;
                }
            }
        }
        if (a.isArray() && b.isArray() && a.size() == b.size()) {
            Iterator<JsonNode> i = a.elements(), k = b.elements();
            for (int idx = 0; i.hasNext(); idx++) {
                String d = diff(path + "[" + idx + "]", i.next(), k.next());
                if (d != null) {
                    return d;
                }
            }
        }
        return path + ": prepared " + abbreviate(a) + ", expected " + abbreviate(b);
    }

    private static String abbreviate(JsonNode n) {
        String s = n.toString();
        return s.length() > 60 ? s.substring(0, 57) + "..." : s;
    }
}
