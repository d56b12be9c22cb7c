package io.codedyarn.hdfs.dataset;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Builds a {@link DatasetInspection}: reads the manifest, the label sections only (to count
 * classes), and asks the filesystem for each block file's replication and block locations. Does not
 * check checksums ({@link DatasetVerifier} does).
 */
public final class DatasetInspector {
    /** Above this many distinct label values (and no declared classes) counts are not kept. */
    public static final int MAX_DISTINCT_LABELS = 64;

    private DatasetInspector() {}

    public static DatasetInspection inspect(FileSystem fs, Path dir) throws IOException {
        DatasetReader reader = DatasetReader.open(fs, dir);
        Manifest m = reader.manifest();
        SortedMap<Double, Long> counts = null;
        DatasetInspection.LabelStats stats = null;
        if (m.labels().present()) {
            counts = new TreeMap<>();
            if (m.labels().classes() != null) {
                for (double c : m.labels().classes()) {
                    counts.put(c, 0L);
                }
            }
            double min = Double.POSITIVE_INFINITY;
            double max = Double.NEGATIVE_INFINITY;
            double sum = 0;
            for (int i = 0; i < m.blocks().size(); i++) {
                for (double y : reader.readLabels(i)) {
                    min = Math.min(min, y);
                    max = Math.max(max, y);
                    sum += y;
                    if (counts != null) {
                        counts.merge(y, 1L, Long::sum);
                        if (counts.size() > MAX_DISTINCT_LABELS && m.labels().classes() == null) {
                            counts = null;
                        }
                    }
                }
            }
            if (m.rows() > 0) {
                stats = new DatasetInspection.LabelStats(min, max, sum / m.rows());
            }
        }
        List<DatasetInspection.FileReport> files = new ArrayList<>();
        for (int i = 0; i < m.blocks().size(); i++) {
            Path p = reader.blockPath(i);
            FileStatus st = fs.getFileStatus(p);
            List<DatasetInspection.Location> locs = new ArrayList<>();
            for (BlockLocation bl : fs.getFileBlockLocations(st, 0, st.getLen())) {
                locs.add(
                        new DatasetInspection.Location(
                                bl.getOffset(),
                                bl.getLength(),
                                Arrays.asList(bl.getHosts()),
                                Arrays.asList(bl.getNames())));
            }
            files.add(
                    new DatasetInspection.FileReport(
                            m.blocks().get(i), st.getReplication(), st.getBlockSize(), locs));
        }
        return new DatasetInspection(fs.makeQualified(dir).toString(), m, counts, stats, files);
    }
}
