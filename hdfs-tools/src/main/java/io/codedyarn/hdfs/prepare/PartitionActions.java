package io.codedyarn.hdfs.prepare;

import io.codedyarn.hdfs.dataset.BlockInfo;
import io.codedyarn.hdfs.prepare.PrepareReport.Action;
import io.codedyarn.hdfs.prepare.PrepareReport.PartitionResult;
import java.io.IOException;
import java.util.HashSet;
import java.util.Set;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Which {@link Action} each partition of a re-run {@code data prepare} gets, comparing the new
 * plan's entry with the previous output's {@code placement.json}: a partition whose rows and source
 * are unchanged keeps its file when its DataNodes and copy count are unchanged, is only
 * re-replicated when just the copy count changes and the DataNodes contain (or are contained in)
 * the old, and is written again otherwise or, with strict locality, when its replicas are not on
 * its favored nodes.
 */
final class PartitionActions {
    private PartitionActions() {}

    /**
     * What becomes of partition {@code e} given the previous output {@code prev} (null: none):
     * kept, re-replicated, or written (again), with the reason (see {@link DatasetPreparer}).
     */
    static PartitionResult decide(
            FileSystem fs,
            PlacementRecord.Entry e,
            PreviousOutput prev,
            DataNodeMap nodes,
            boolean strict)
            throws IOException {
        if (prev == null || prev.placement == null) {
            return new PartitionResult(e, prev == null ? Action.WRITTEN : Action.REWRITTEN, "");
        }
        if (!prev.sameSource) {
            return new PartitionResult(e, Action.REWRITTEN, "source dataset changed");
        }
        PlacementRecord.Entry old = prev.entryFor(e);
        if (old == null) {
            return new PartitionResult(e, Action.REWRITTEN, "rows changed");
        }
        Path oldFile = new Path(prev.dir, old.file());
        BlockInfo oldBlock = prev.blocks.get(old.file());
        if (oldBlock == null
                || !fs.exists(oldFile)
                || fs.getFileStatus(oldFile).getLen() != oldBlock.bytes()) {
            return new PartitionResult(e, Action.REWRITTEN, "previous file missing or changed");
        }
        Set<String> now = new HashSet<>(e.favoredNodes());
        Set<String> before = new HashSet<>(old.favoredNodes());
        boolean sameCopies = old.copies() == e.copies();
        if (strict && nodes.known()) {
            Set<String> actual = DatasetPreparer.replicaNodes(fs, oldFile);
            if (!(sameCopies && now.equals(before) && DatasetPreparer.onFavored(actual, e))) {
                return new PartitionResult(
                        e, Action.REWRITTEN, "strict locality: replicas on " + actual);
            }
            return new PartitionResult(e, Action.KEPT, "");
        }
        if (now.equals(before) && sameCopies) {
            return new PartitionResult(e, Action.KEPT, "");
        }
        if (!sameCopies && (now.containsAll(before) || before.containsAll(now))) {
            return new PartitionResult(
                    e, Action.REREPLICATED, "replication " + old.copies() + " -> " + e.copies());
        }
        return new PartitionResult(e, Action.REWRITTEN, "holders' DataNodes changed");
    }
}
