package io.codedyarn.hdfs.dataset;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DatasetInspectorTest {
    @TempDir java.nio.file.Path tmp;

    @Test
    void reportsShapeSparsityLabelBalanceAndFiles() throws IOException {
        FileSystem fs = TestData.localFs();
        Path dir = TestData.path(tmp, "ds");
        TestData t = TestData.sparse(100, 20, 0.05, true, 4);
        Manifest m =
                t.write(
                        fs,
                        dir,
                        DatasetSpec.csr(20, LabelSpec.binary()),
                        WriterOptions.defaults().withMaxBlockRows(30));
        long positives = t.labels.stream().filter(y -> y == 1).count();
        long nnz = t.idx.stream().mapToLong(i -> i.length).sum();

        DatasetInspection in = DatasetInspector.inspect(fs, dir);
        assertThat(in.manifest()).isEqualTo(m);
        assertThat(in.labelCounts())
                .containsEntry(1.0, positives)
                .containsEntry(-1.0, 100 - positives);
        assertThat(in.labelStats().mean())
                .isCloseTo(
                        (2.0 * positives - 100) / 100, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(in.files()).hasSize(4);
        assertThat(in.files().get(0).replication()).isEqualTo((short) 1);
        assertThat(in.files().get(0).locations()).isNotEmpty();
        assertThat(in.files().get(0).locations().get(0).hosts()).isNotEmpty();

        String text = in.toText();
        assertThat(text).contains("100 rows x 20 cols, csr").contains("nnz " + nnz);
        assertThat(text).contains("block-00003.cyd rows [91, 100]");

        JsonNode json = ManifestJson.mapper().readTree(in.toJson());
        assertThat(json.get("rows").asLong()).isEqualTo(100);
        assertThat(json.get("density").asDouble()).isEqualTo(nnz / 2000.0);
        assertThat(json.get("labelCounts").get("1").asLong()).isEqualTo(positives);
        assertThat(json.get("files").get(3).get("replication").asInt()).isEqualTo(1);
        assertThat(json.get("files").get(3).get("locations").get(0).get("hosts")).isNotEmpty();
    }

    @Test
    void continuousLabelsGetStatsButNoCounts() throws IOException {
        FileSystem fs = TestData.localFs();
        Path dir = TestData.path(tmp, "reg");
        try (DatasetWriter w =
                DatasetWriter.create(
                        fs,
                        dir,
                        DatasetSpec.dense(1, LabelSpec.CONTINUOUS),
                        WriterOptions.defaults())) {
            for (int i = 0; i < 200; i++) {
                w.appendDense(new double[] {i}, i * 0.5);
            }
            w.commit();
        }
        DatasetInspection in = DatasetInspector.inspect(fs, dir);
        assertThat(in.labelCounts()).isNull();
        assertThat(in.labelStats()).isEqualTo(new DatasetInspection.LabelStats(0, 99.5, 49.75));
    }
}
