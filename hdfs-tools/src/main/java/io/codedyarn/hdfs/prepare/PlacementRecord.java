package io.codedyarn.hdfs.prepare;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import io.codedyarn.hdfs.dataset.DatasetFormatException;
import io.codedyarn.hdfs.dataset.ManifestJson;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * {@code placement.json}, written by {@code data prepare} beside {@code manifest.json} and {@code
 * plan.json}: which file holds each plan partition, its rows, and the workers (and their DataNodes)
 * that should store it. {@code data prepare} compares it with the new plan on a re-run; {@code data
 * inspect} compares it with the block locations.
 *
 * @param format always {@link #FORMAT}
 * @param version {@link #VERSION}
 * @param scheme the plan's scheme
 * @param workers n
 * @param partitions K
 * @param rows dataset rows
 * @param source the qualified source dataset directory
 * @param sourceManifestCrc32c CRC32C of the source's manifest.json (it lists every block's CRC, so
 *     it identifies the content): files are only kept on a re-run from the same source
 * @param nodes how workers were mapped to DataNodes (one line)
 * @param workerNodes per worker its DataNode {@code ip:port}, or null without placement control
 * @param entries one per partition, in plan order
 */
public record PlacementRecord(
        String format,
        int version,
        String scheme,
        int workers,
        int partitions,
        long rows,
        String source,
        long sourceManifestCrc32c,
        String nodes,
        List<String> workerNodes,
        List<Entry> entries) {

    public static final String FORMAT = "coded-yarn-placement";
    public static final int VERSION = 1;
    public static final String FILE_NAME = "placement.json";

    /** The plan (JSON of {@code plan --json}) written beside the data. */
    public static final String PLAN_FILE_NAME = "plan.json";

    /**
     * One plan partition.
     *
     * @param partition 0-based plan index j (rows are Partitioning.rows(rows, K, j + 1))
     * @param file the block file in the dataset directory
     * @param firstRow 1-based first row
     * @param lastRow 1-based last row
     * @param copies workers storing it = the file's HDFS replication
     * @param workers the workers storing it (0-based)
     * @param favoredNodes the distinct DataNodes of those workers ({@code ip:port}), empty when not
     *     known
     */
    public record Entry(
            int partition,
            String file,
            long firstRow,
            long lastRow,
            int copies,
            int[] workers,
            List<String> favoredNodes) {}

    public String toJson() {
        try {
            return ManifestJson.mapper().writeValueAsString(this) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Reads {@code dir/placement.json}; empty when the file does not exist. */
    public static java.util.Optional<PlacementRecord> read(FileSystem fs, Path dir)
            throws IOException {
        Path file = new Path(dir, FILE_NAME);
        byte[] bytes;
        try (InputStream in = fs.open(file)) {
            bytes = in.readAllBytes();
        } catch (FileNotFoundException e) {
            return java.util.Optional.empty();
        }
        PlacementRecord p;
        try {
            p =
                    ManifestJson.mapper()
                            .readerFor(PlacementRecord.class)
                            .without(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                            .readValue(new String(bytes, StandardCharsets.UTF_8));
        } catch (JsonProcessingException e) {
            throw new DatasetFormatException(
                    file.toString(), "not a placement file: " + e.getOriginalMessage());
        }
        if (!FORMAT.equals(p.format()) || p.version() != VERSION || p.entries() == null) {
            throw new DatasetFormatException(
                    file.toString(),
                    "format '" + p.format() + "' version " + p.version() + " is not supported");
        }
        return java.util.Optional.of(p);
    }
}
