package io.codedyarn.hdfs.prepare;

import io.codedyarn.hdfs.dataset.BlockInfo;
import io.codedyarn.hdfs.dataset.DatasetReader;
import io.codedyarn.hdfs.dataset.Manifest;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** The earlier output: its placement and manifest, when it is a prepared dataset. */
final class PreviousOutput {
    final Path dir;
    final PlacementRecord placement; // null: not a prepared dataset (all rewritten)
    final Map<String, BlockInfo> blocks = new LinkedHashMap<>();
    final Map<String, PlacementRecord.Entry> byRows = new LinkedHashMap<>();
    final boolean sameSource;
    final String note;

    private PreviousOutput(Path dir, PlacementRecord placement, boolean sameSource, String note) {
        this.dir = dir;
        this.placement = placement;
        this.sameSource = sameSource;
        this.note = note;
    }

    static PreviousOutput read(FileSystem fs, Path dir, long srcCrc, long rows) {
        try {
            Manifest m = DatasetReader.readManifest(fs, dir);
            PlacementRecord p = PlacementRecord.read(fs, dir).orElse(null);
            if (p == null) {
                return new PreviousOutput(dir, null, false, "replacing " + dir + " (no placement)");
            }
            PreviousOutput prev =
                    new PreviousOutput(
                            dir,
                            p,
                            p.sourceManifestCrc32c() == srcCrc && p.rows() == rows,
                            "updating the earlier placement ("
                                    + p.scheme()
                                    + ", K = "
                                    + p.partitions()
                                    + ")");
            for (BlockInfo b : m.blocks()) {
                prev.blocks.put(b.file(), b);
            }
            for (PlacementRecord.Entry e : p.entries()) {
                prev.byRows.put(e.firstRow() + ":" + e.lastRow(), e);
            }
            return prev;
        } catch (IOException | RuntimeException e) {
            return new PreviousOutput(
                    dir,
                    null,
                    false,
                    "replacing " + dir + " (not a dataset: " + e.getMessage() + ")");
        }
    }

    PlacementRecord.Entry entryFor(PlacementRecord.Entry e) {
        return byRows.get(e.firstRow() + ":" + e.lastRow());
    }
}
