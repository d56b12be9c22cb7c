package io.codedyarn.hdfs.dataset;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** Random small datasets kept in memory for comparisons. */
final class TestData {
    final int cols;
    final List<double[]> dense = new ArrayList<>();
    final List<int[]> idx = new ArrayList<>();
    final List<double[]> vals = new ArrayList<>();
    final List<Double> labels = new ArrayList<>();

    private TestData(int cols) {
        this.cols = cols;
    }

    static FileSystem localFs() throws IOException {
        return FileSystem.getLocal(new Configuration());
    }

    static Path path(java.nio.file.Path dir, String name) {
        return new Path(dir.toUri().toString(), name);
    }

    /** Dense rows with ~30 % zeros and labels in {-1, 1}. */
    static TestData dense(int rows, int cols, long seed) {
        RandomGenerator g = io.codedyarn.placement.Seeds.generator(seed);
        TestData t = new TestData(cols);
        for (int r = 0; r < rows; r++) {
            double[] row = new double[cols];
            for (int c = 0; c < cols; c++) {
                row[c] = g.nextDouble() < 0.3 ? 0 : g.nextGaussian();
            }
            t.dense.add(row);
            t.labels.add(g.nextBoolean() ? 1.0 : -1.0);
        }
        return t;
    }

    /** Sparse rows (some empty); binary: all values 1. */
    static TestData sparse(int rows, int cols, double density, boolean binary, long seed) {
        RandomGenerator g = io.codedyarn.placement.Seeds.generator(seed);
        TestData t = new TestData(cols);
        for (int r = 0; r < rows; r++) {
            List<Integer> cs = new ArrayList<>();
            for (int c = 0; c < cols; c++) {
                if (g.nextDouble() < density) {
                    cs.add(c);
                }
            }
            int[] i = cs.stream().mapToInt(Integer::intValue).toArray();
            double[] v = new double[i.length];
            for (int k = 0; k < v.length; k++) {
                v[k] = binary ? 1.0 : g.nextGaussian();
            }
            t.idx.add(i);
            t.vals.add(v);
            t.labels.add(g.nextBoolean() ? 1.0 : -1.0);
        }
        return t;
    }

    int rows() {
        return labels.size();
    }

    double[] denseRow(int r) {
        if (!dense.isEmpty()) {
            return dense.get(r);
        }
        double[] out = new double[cols];
        for (int k = 0; k < idx.get(r).length; k++) {
            out[idx.get(r)[k]] = vals.get(r)[k];
        }
        return out;
    }

    /** Writes all rows; labels only when {@code spec.labels().present()}. */
    Manifest write(FileSystem fs, Path dir, DatasetSpec spec, WriterOptions opts)
            throws IOException {
        try (DatasetWriter w = DatasetWriter.create(fs, dir, spec, opts)) {
            boolean lab = spec.labels().present();
            for (int r = 0; r < rows(); r++) {
                if (spec.storage() == Storage.DENSE) {
                    if (lab) {
                        w.appendDense(dense.get(r), labels.get(r));
                    } else {
                        w.appendDense(dense.get(r));
                    }
                } else if (lab) {
                    w.appendSparse(idx.get(r), vals.get(r), idx.get(r).length, labels.get(r));
                } else {
                    w.appendSparse(idx.get(r), vals.get(r), idx.get(r).length);
                }
            }
            return w.commit();
        }
    }
}
