package io.codedyarn.hdfs.prepare;

import java.io.IOException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DistributedFileSystem;

/**
 * Durability beyond the code's copies: a prepared partition is written with replication = the
 * number of workers that store it, which is 1 for uncoded, LAG and SAG/DSAG placements. The lab's
 * fault matrix (docs/reliability.md) showed what that costs: a killed, frozen or cut-off host takes
 * the only replica with it, and the failed worker's replacement cannot read its partitions ({@code
 * BlockMissingException}), so the run fails although every other host is fine. {@link #raise} lifts
 * such files to a floor; the NameNode adds the extra replicas where it chooses, in the background,
 * and the favored ones stay where the placement put them.
 */
public final class ReplicationFloor {
    private ReplicationFloor() {}

    /**
     * Raises every partition file of the prepared dataset {@code dir} whose replication is below
     * {@code floor} to {@code min(floor, the cluster's default replication)}. The cap is {@code
     * dfs.replication} as the NameNode serves it (what the operators set for their DataNodes; 1 on
     * a one-DataNode cluster, so nothing is raised there), not a count of live DataNodes: that
     * report is for HDFS superusers only, and {@code train} runs as whoever submits it. Only on
     * HDFS (other file systems have no replication to raise).
     *
     * @return how many files were raised
     */
    public static int raise(FileSystem fs, Path dir, int floor) throws IOException {
        if (floor <= 1 || !(fs instanceof DistributedFileSystem)) {
            return 0;
        }
        short target =
                (short) Math.min(floor, Math.max(1, fs.getServerDefaults(dir).getReplication()));
        PlacementRecord placement =
                PlacementRecord.read(fs, dir)
                        .orElseThrow(
                                () ->
                                        new IOException(
                                                dir
                                                        + " has no placement.json: not a prepared dataset"));
        int raised = 0;
        for (PlacementRecord.Entry e : placement.entries()) {
            Path f = new Path(dir, e.file());
            if (fs.getFileStatus(f).getReplication() < target) {
                fs.setReplication(f, target);
                raised++;
            }
        }
        return raised;
    }
}
