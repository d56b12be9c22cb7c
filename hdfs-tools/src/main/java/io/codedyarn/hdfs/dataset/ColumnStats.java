package io.codedyarn.hdfs.dataset;

import java.io.IOException;

/**
 * Per-column mean and population standard deviation over all rows, in one streaming pass: each
 * chunk's mean and centred sum of squares M2 (zeros of CSR rows included implicitly) are merged
 * with Chan et al.'s pairwise update, M2 = M2_a + M2_b + δ²·n_a·n_b/n, δ = mean_b − mean_a, which
 * stays accurate where Σx² − n·mean² would cancel.
 */
final class ColumnStats {
    final double[] mean;
    final double[] m2;
    long count;

    private ColumnStats(int cols) {
        mean = new double[cols];
        m2 = new double[cols];
    }

    static ColumnStats compute(DatasetReader reader, int chunkRows) throws IOException {
        int cols = reader.manifest().cols();
        ColumnStats s = new ColumnStats(cols);
        double[] cm = new double[cols];
        double[] c2 = new double[cols];
        reader.forEachChunk(chunkRows, chunk -> s.add(chunk, cm, c2));
        return s;
    }

    double[] std() {
        double[] out = new double[mean.length];
        for (int c = 0; c < out.length; c++) {
            out[c] = count == 0 ? 0 : Math.sqrt(m2[c] / count);
        }
        return out;
    }

    private void add(RowBlock chunk, double[] cm, double[] c2) {
        int cols = mean.length;
        int n = chunk.rows();
        if (n == 0) {
            return;
        }
        java.util.Arrays.fill(cm, 0);
        java.util.Arrays.fill(c2, 0);
        if (chunk instanceof DenseBlock d) {
            double[] v = d.values();
            for (int k = 0; k < v.length; k++) {
                cm[k % cols] += v[k];
            }
            for (int c = 0; c < cols; c++) {
                cm[c] /= n;
            }
            for (int k = 0; k < v.length; k++) {
                double dlt = v[k] - cm[k % cols];
                c2[k % cols] += dlt * dlt;
            }
        } else {
            CsrBlock b = (CsrBlock) chunk;
            int[] zeros = new int[cols];
            java.util.Arrays.fill(zeros, n);
            for (int k = 0; k < b.nnz(); k++) {
                cm[b.colIdx()[k]] += b.values()[k];
                zeros[b.colIdx()[k]]--;
            }
            for (int c = 0; c < cols; c++) {
                cm[c] /= n;
                c2[c] = zeros[c] * cm[c] * cm[c];
            }
            for (int k = 0; k < b.nnz(); k++) {
                double dlt = b.values()[k] - cm[b.colIdx()[k]];
                c2[b.colIdx()[k]] += dlt * dlt;
            }
        }
        long total = count + n;
        for (int c = 0; c < cols; c++) {
            double delta = cm[c] - mean[c];
            mean[c] += delta * n / total;
            m2[c] += c2[c] + delta * delta * ((double) count * n / total);
        }
        count = total;
    }
}
