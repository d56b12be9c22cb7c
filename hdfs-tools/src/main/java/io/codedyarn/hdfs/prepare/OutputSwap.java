package io.codedyarn.hdfs.prepare;

import io.codedyarn.hdfs.HiddenSibling;
import io.codedyarn.hdfs.prepare.PrepareReport.Action;
import io.codedyarn.hdfs.prepare.PrepareReport.PartitionResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * How {@link DatasetPreparer} makes its output visible at once.
 *
 * <p>Atomicity: new files are written into a hidden sibling {@code .<name>._tmp-<hex>} together
 * with the three JSON files. Then the old directory is renamed aside ({@code .<name>._old-<hex>}),
 * the kept files are renamed from it into the new directory (metadata only on HDFS: blocks and
 * their locations stay), replication is changed where needed, the new directory is renamed onto the
 * target and the old one deleted. A failure before the swap deletes the temporary directory and
 * leaves the old output untouched; a failure during the swap moves the kept files back, restores
 * their replication and renames the old directory back. The visible output is therefore always the
 * complete old dataset, the complete new one, or (only if the rollback itself fails, reported
 * naming both hidden directories) absent - never a mixture.
 */
final class OutputSwap {
    private OutputSwap() {}

    /**
     * Swaps the complete temporary directory {@code tmp} onto {@code target}, moving the kept and
     * re-replicated files of an existing output into it first (see the class comment).
     */
    static void publish(
            FileSystem fs,
            Path target,
            Path tmp,
            boolean exists,
            PreviousOutput prev,
            List<PlacementRecord.Entry> entries,
            List<PartitionResult> results)
            throws IOException {
        if (!exists) {
            if (!fs.rename(tmp, target)) {
                IOException e = new IOException("cannot rename " + tmp + " to " + target);
                deleteQuietly(fs, tmp, e);
                throw e;
            }
            return;
        }
        Path aside = HiddenSibling.of(target, HiddenSibling.OLD);
        if (!fs.rename(target, aside)) {
            IOException e = new IOException("cannot move " + target + " aside to " + aside);
            deleteQuietly(fs, tmp, e);
            throw e;
        }
        List<Path[]> moved = new ArrayList<>(); // {from (old dir), to (tmp)}
        Map<Path, Short> replication = new LinkedHashMap<>();
        try {
            for (int j = 0; j < entries.size(); j++) {
                Action a = results.get(j).action();
                if (a != Action.KEPT && a != Action.REREPLICATED) {
                    continue;
                }
                PlacementRecord.Entry e = entries.get(j);
                Path from = new Path(aside, prev.entryFor(e).file());
                Path to = new Path(tmp, e.file());
                if (!fs.rename(from, to)) {
                    throw new IOException("cannot move kept file " + from + " to " + to);
                }
                moved.add(new Path[] {from, to});
                if (a == Action.REREPLICATED) {
                    replication.put(to, fs.getFileStatus(to).getReplication());
                    fs.setReplication(to, (short) e.copies());
                }
            }
            if (!fs.rename(tmp, target)) {
                throw new IOException("cannot rename " + tmp + " to " + target);
            }
        } catch (IOException | RuntimeException e) {
            boolean restored = true;
            try {
                for (Map.Entry<Path, Short> r : replication.entrySet()) {
                    fs.setReplication(r.getKey(), r.getValue());
                }
                for (int i = moved.size() - 1; i >= 0; i--) {
                    restored &= fs.rename(moved.get(i)[1], moved.get(i)[0]);
                }
                restored &= !fs.exists(target) && fs.rename(aside, target);
            } catch (IOException | RuntimeException r) {
                e.addSuppressed(r);
                restored = false;
            }
            if (restored) {
                deleteQuietly(fs, tmp, e);
            }
            throw new IOException(
                    e.getMessage()
                            + (restored
                                    ? "; previous dataset restored at " + target
                                    : "; rollback failed: previous files in "
                                            + aside
                                            + " and "
                                            + tmp),
                    e);
        }
        fs.delete(aside, true);
    }

    static void deleteQuietly(FileSystem fs, Path dir, Exception cause) {
        try {
            fs.delete(dir, true);
        } catch (IOException | RuntimeException e) {
            cause.addSuppressed(e);
        }
    }
}
