package io.codedyarn.hdfs.dataset;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Rewrites a dataset into a new one through a {@link DatasetWriter}, applying the papers'
 * preprocessing in this fixed order (whatever order the builder methods are called in), and
 * appending each step to the manifest's {@code transformations}:
 *
 * <ol>
 *   <li>{@code binary-labels}: labels in the positive set become +1, all others −1;
 *   <li>{@code standardize}: per column x ↦ (x − mean)/std over the whole dataset (population std;
 *       a column with std 0 is only centred). CSR is only scaled (x ↦ x/std), since centring would
 *       make it dense; the step records {@code centered: false};
 *   <li>{@code intercept}: an all-ones column appended as the last column;
 *   <li>{@code shuffle}: a global row permutation, output row i = input row {@link
 *       RowPermutation#of}(rows, seed).apply(i).
 * </ol>
 *
 * <p>Memory is O(block): standardisation makes one extra streaming pass for the column statistics;
 * the shuffle is an external bucket shuffle (pass 1 spills each row to the bucket of its output
 * position in a hidden sibling directory, pass 2 loads one bucket at a time, orders it and appends
 * it), and the spill directory is deleted in all cases.
 */
public final class DatasetTransform {
    private static final int CHUNK_ROWS = 8192;
    private static final int MAX_BUCKETS = 512;

    private final DatasetReader source;
    private double[] positive;
    private boolean standardize;
    private boolean intercept;
    private Long shuffleSeed;

    private DatasetTransform(DatasetReader source) {
        this.source = source;
    }

    /** Starts a transform of the dataset {@code source} reads. */
    public static DatasetTransform of(DatasetReader source) {
        return new DatasetTransform(source);
    }

    /** Maps labels in {@code positiveLabels} to +1 and all others to −1. */
    public DatasetTransform binaryLabels(double... positiveLabels) {
        this.positive = positiveLabels.clone();
        Arrays.sort(this.positive);
        return this;
    }

    /** Zero mean, unit variance per column (CSR: unit variance only). */
    public DatasetTransform standardize() {
        this.standardize = true;
        return this;
    }

    /** Appends an all-ones column. */
    public DatasetTransform intercept() {
        this.intercept = true;
        return this;
    }

    /** Globally shuffles rows with {@link RowPermutation} of this seed. */
    public DatasetTransform shuffle(long seed) {
        this.shuffleSeed = seed;
        return this;
    }

    /** Runs the transform and commits the new dataset at {@code target}. */
    public Manifest writeTo(FileSystem fs, Path target, WriterOptions options) throws IOException {
        Manifest in = source.manifest();
        List<Transformation> steps = new ArrayList<>(in.spec().transformations());
        LabelSpec labels = in.labels();
        if (positive != null) {
            if (!labels.present()) {
                throw new IllegalArgumentException(
                        "--positive-labels given but the dataset has no labels");
            }
            labels = LabelSpec.binary();
            steps.add(Transformation.binaryLabels(positive));
        }
        RowMapper mapper = new RowMapper(in.cols(), positive, intercept);
        if (standardize) {
            ColumnStats stats = ColumnStats.compute(source, CHUNK_ROWS);
            boolean center = in.storage() == Storage.DENSE;
            double[] std = stats.std();
            mapper.standardize(Standardization.of(stats.mean, std, center));
            steps.add(Transformation.standardize(stats.mean, std, center));
        }
        if (intercept) {
            steps.add(Transformation.intercept(in.cols()));
        }
        Long seed = in.spec().seed();
        if (shuffleSeed != null) {
            steps.add(Transformation.shuffle(shuffleSeed));
            seed = shuffleSeed;
        }
        Map<String, Object> provenance = new LinkedHashMap<>();
        provenance.put("transformOf", source.fileSystem().makeQualified(source.dir()).toString());
        provenance.put("source", in.spec().source());
        DatasetSpec spec =
                new DatasetSpec(
                        in.storage(),
                        mapper.outCols,
                        labels,
                        steps,
                        seed,
                        provenance,
                        in.spec().features());
        try (DatasetWriter w = DatasetWriter.create(fs, target, spec, options)) {
            if (shuffleSeed == null) {
                source.forEachChunk(
                        CHUNK_ROWS,
                        chunk -> {
                            for (int r = 0; r < chunk.rows(); r++) {
                                mapper.append(w, chunk, r);
                            }
                        });
            } else {
                new ExternalShuffle(fs, target, in, mapper, options).run(w);
            }
            return w.commit();
        }
    }

    /** The row-local steps (labels, standardisation, intercept) applied to one row. */
    static final class RowMapper {
        final int inCols;
        final int outCols;
        private final double[] positive;
        private double[] center;
        private double[] scale;
        private final double[] dense;
        private int[] idx = new int[16];
        private double[] vals = new double[16];
        int len;
        double label;

        RowMapper(int inCols, double[] positive, boolean intercept) {
            this.inCols = inCols;
            this.outCols = inCols + (intercept ? 1 : 0);
            this.positive = positive;
            this.dense = new double[outCols];
            if (intercept) {
                dense[inCols] = 1.0;
            }
        }

        /** x ↦ (x − centre)·scale per column (CSR: only scaled; its centre is 0). */
        void standardize(Standardization s) {
            center = s.centre();
            scale = s.scale();
        }

        /** Maps row r of the chunk into {@code dense} or {@code idx/vals/len} and {@code label}. */
        void map(RowBlock chunk, int r) {
            double[] ls = chunk.labels();
            label = ls == null ? Double.NaN : ls[r];
            if (positive != null) {
                label = Arrays.binarySearch(positive, label) >= 0 ? 1 : -1;
            }
            if (chunk instanceof DenseBlock d) {
                System.arraycopy(d.values(), r * inCols, dense, 0, inCols);
                if (scale != null) {
                    for (int c = 0; c < inCols; c++) {
                        dense[c] = (dense[c] - center[c]) * scale[c];
                    }
                }
            } else {
                CsrBlock b = (CsrBlock) chunk;
                int from = b.rowPtr()[r];
                len = b.rowPtr()[r + 1] - from;
                if (idx.length < len + 1) {
                    idx = new int[2 * len + 1];
                    vals = new double[2 * len + 1];
                }
                System.arraycopy(b.colIdx(), from, idx, 0, len);
                System.arraycopy(b.values(), from, vals, 0, len);
                if (scale != null) {
                    for (int k = 0; k < len; k++) {
                        vals[k] *= scale[idx[k]];
                    }
                }
                if (outCols > inCols) {
                    idx[len] = inCols;
                    vals[len] = 1.0;
                    len++;
                }
            }
        }

        void append(DatasetWriter w, RowBlock chunk, int r) throws IOException {
            map(chunk, r);
            boolean labelled = chunk.labels() != null;
            if (chunk instanceof DenseBlock) {
                if (labelled) {
                    w.appendDense(dense, label);
                } else {
                    w.appendDense(dense);
                }
            } else if (labelled) {
                w.appendSparse(idx, vals, len, label);
            } else {
                w.appendSparse(idx, vals, len);
            }
        }

        void writeSpill(DataOutputStream out, long dest, boolean csr, boolean labelled)
                throws IOException {
            out.writeLong(dest);
            if (labelled) {
                out.writeDouble(label);
            }
            if (!csr) {
                for (double v : dense) {
                    out.writeDouble(v);
                }
            } else {
                out.writeInt(len);
                for (int k = 0; k < len; k++) {
                    out.writeInt(idx[k]);
                    out.writeDouble(vals[k]);
                }
            }
        }
    }

    /** Two-pass bucket shuffle through spill files next to the target. */
    private final class ExternalShuffle {
        private final FileSystem fs;
        private final Path spill;
        private final Manifest in;
        private final RowMapper mapper;
        private final long bucketRows;
        private final int buckets;

        ExternalShuffle(
                FileSystem fs, Path target, Manifest in, RowMapper mapper, WriterOptions o) {
            this.fs = fs;
            Path q = fs.makeQualified(target);
            String hex = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
            this.spill = new Path(q.getParent(), "." + q.getName() + "._spill-" + hex);
            this.in = in;
            this.mapper = mapper;
            long rowBytes = Math.max(1, in.bytes() / Math.max(1, in.rows())) + 16;
            long perBucket = Math.max(1, o.targetBlockBytes() / rowBytes);
            perBucket = Math.max(perBucket, (in.rows() + MAX_BUCKETS - 1) / MAX_BUCKETS);
            this.bucketRows = Math.max(1, perBucket);
            this.buckets = (int) Math.max(1, (in.rows() + bucketRows - 1) / bucketRows);
        }

        void run(DatasetWriter w) throws IOException {
            boolean csr = in.storage() == Storage.CSR;
            boolean labelled = in.labels().present();
            RowPermutation perm = RowPermutation.of(in.rows(), shuffleSeed);
            try {
                DataOutputStream[] outs = new DataOutputStream[buckets];
                try {
                    for (int b = 0; b < buckets; b++) {
                        outs[b] =
                                new DataOutputStream(
                                        new BufferedOutputStream(
                                                fs.create(bucket(b), false), 1 << 16));
                    }
                    source.forEachChunk(
                            CHUNK_ROWS,
                            chunk -> {
                                for (int r = 0; r < chunk.rows(); r++) {
                                    long dest = perm.inverse(chunk.firstRow() - 1 + r);
                                    mapper.map(chunk, r);
                                    mapper.writeSpill(
                                            outs[(int) (dest / bucketRows)], dest, csr, labelled);
                                }
                            });
                } finally {
                    for (DataOutputStream o : outs) {
                        if (o != null) {
                            o.close();
                        }
                    }
                }
                for (int b = 0; b < buckets; b++) {
                    drain(b, w, csr, labelled);
                    fs.delete(bucket(b), false);
                }
            } finally {
                fs.delete(spill, true);
            }
        }

        private void drain(int b, DatasetWriter w, boolean csr, boolean labelled)
                throws IOException {
            long base = b * bucketRows;
            int n = (int) Math.min(bucketRows, in.rows() - base);
            int cols = mapper.outCols;
            double[] labels = new double[n];
            double[] dense = csr ? null : new double[n * cols];
            int[][] idx = csr ? new int[n][] : null;
            double[][] vals = csr ? new double[n][] : null;
            try (DataInputStream din =
                    new DataInputStream(new BufferedInputStream(fs.open(bucket(b)), 1 << 16))) {
                for (int k = 0; k < n; k++) {
                    int at = (int) (din.readLong() - base);
                    labels[at] = labelled ? din.readDouble() : Double.NaN;
                    if (!csr) {
                        for (int c = 0; c < cols; c++) {
                            dense[at * cols + c] = din.readDouble();
                        }
                    } else {
                        int len = din.readInt();
                        idx[at] = new int[len];
                        vals[at] = new double[len];
                        for (int e = 0; e < len; e++) {
                            idx[at][e] = din.readInt();
                            vals[at][e] = din.readDouble();
                        }
                    }
                }
            }
            double[] row = csr ? null : new double[cols];
            for (int at = 0; at < n; at++) {
                if (!csr) {
                    System.arraycopy(dense, at * cols, row, 0, cols);
                    if (labelled) {
                        w.appendDense(row, labels[at]);
                    } else {
                        w.appendDense(row);
                    }
                } else if (labelled) {
                    w.appendSparse(idx[at], vals[at], idx[at].length, labels[at]);
                } else {
                    w.appendSparse(idx[at], vals[at], idx[at].length);
                }
            }
        }

        private Path bucket(int b) {
            return new Path(spill, String.format("bucket-%05d", b));
        }
    }
}
