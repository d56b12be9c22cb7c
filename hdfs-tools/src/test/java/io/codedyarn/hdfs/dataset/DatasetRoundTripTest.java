package io.codedyarn.hdfs.dataset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DatasetRoundTripTest {
    @TempDir java.nio.file.Path tmp;

    @ParameterizedTest(name = "{0} labels={1} blockRows={2}")
    @CsvSource({
        "dense,true,1",
        "dense,true,7",
        "dense,false,50",
        "dense,true,100000",
        "csr,true,1",
        "csr,false,9",
        "csr,true,100000",
        "binary,true,13",
        "binary,false,100000"
    })
    void roundTripsEveryRowAndRange(String kind, boolean labelled, long blockRows)
            throws IOException {
        FileSystem fs = TestData.localFs();
        int rows = 203;
        int cols = 17;
        TestData t =
                kind.equals("dense")
                        ? TestData.dense(rows, cols, 1)
                        : TestData.sparse(rows, cols, 0.2, kind.equals("binary"), 2);
        LabelSpec labels = labelled ? LabelSpec.binary() : LabelSpec.NONE;
        DatasetSpec spec =
                kind.equals("dense")
                        ? DatasetSpec.dense(cols, labels)
                        : DatasetSpec.csr(cols, labels);
        spec = spec.withSeed(42L).withSource(Map.of("generator", "test", "rows", rows));
        Path dir = TestData.path(tmp, "ds");
        Manifest m = t.write(fs, dir, spec, WriterOptions.defaults().withMaxBlockRows(blockRows));

        assertThat(m.rows()).isEqualTo(rows);
        assertThat(m.blocks()).hasSize((int) ((rows + blockRows - 1) / blockRows));
        DatasetReader reader = DatasetReader.open(fs, dir);
        assertThat(reader.manifest()).isEqualTo(m);
        assertThat(reader.manifest().spec().source()).containsEntry("rows", 203L);

        RandomGenerator g = io.codedyarn.placement.Seeds.generator(3);
        for (int trial = 0; trial < 40; trial++) {
            long first = 1 + g.nextInt(rows);
            long count = g.nextLong(rows - first + 2);
            assertRows(t, reader.readRows(first, count), first, count, labelled);
        }
        assertRows(t, reader.readRows(1, rows), 1, rows, labelled);
        for (int k = 1; k <= 5; k++) {
            RowInterval r = Partitioning.rows(rows, 5, k);
            assertRows(t, reader.readPartition(5, k), r.first(), r.count(), labelled);
        }
        long[] seen = {0};
        reader.forEachChunk(
                10,
                chunk -> {
                    assertThat(chunk.firstRow()).isEqualTo(seen[0] + 1);
                    assertRows(t, chunk, chunk.firstRow(), chunk.rows(), labelled);
                    seen[0] += chunk.rows();
                });
        assertThat(seen[0]).isEqualTo(rows);
        assertThat(DatasetVerifier.verify(fs, dir).isOk()).isTrue();
    }

    private static void assertRows(
            TestData t, RowBlock b, long first, long count, boolean labelled) {
        assertThat(b.firstRow()).isEqualTo(first);
        assertThat(b.rows()).isEqualTo((int) count);
        assertThat(b.labels() != null).isEqualTo(labelled);
        long nnz = 0;
        for (int r = 0; r < count; r++) {
            int src = (int) (first - 1 + r);
            double[] expected = t.denseRow(src);
            double[] actual = new double[t.cols];
            if (b instanceof DenseBlock d) {
                System.arraycopy(d.values(), r * t.cols, actual, 0, t.cols);
            } else {
                actual = ((CsrBlock) b).denseRow(r);
                nnz += t.idx.get(src).length;
            }
            assertThat(actual).as("row %d", src + 1).containsExactly(expected);
            if (labelled) {
                assertThat(b.labels()[r]).isEqualTo(t.labels.get(src));
            }
        }
        if (b instanceof CsrBlock c) {
            assertThat(c.nnz()).isEqualTo(nnz);
        }
    }

    @Test
    void rollsBlocksAtTheTargetSizeAndRecordsCrc() throws IOException {
        FileSystem fs = TestData.localFs();
        TestData t = TestData.dense(1000, 10, 5);
        Path dir = TestData.path(tmp, "ds");
        // 8 label bytes + 80 value bytes per row; 8 KiB target => 93 rows per block.
        Manifest m =
                t.write(
                        fs,
                        dir,
                        DatasetSpec.dense(10, LabelSpec.binary()),
                        WriterOptions.defaults().withTargetBlockBytes(8192));
        assertThat(m.blocks()).hasSize(11);
        assertThat(m.blocks().get(0).rows()).isEqualTo(93);
        assertThat(m.blocks().get(0).bytes()).isEqualTo(32 + 93 * 88);
        for (BlockInfo b : m.blocks()) {
            assertThat(fs.getFileStatus(new Path(dir, b.file())).getLen()).isEqualTo(b.bytes());
        }
        long nonZero =
                t.dense.stream()
                        .flatMapToDouble(java.util.Arrays::stream)
                        .filter(v -> v != 0)
                        .count();
        assertThat(m.nnz()).isEqualTo(nonZero);
    }

    @Test
    void emptyDatasetHasNoBlocks() throws IOException {
        FileSystem fs = TestData.localFs();
        Path dir = TestData.path(tmp, "empty");
        try (DatasetWriter w =
                DatasetWriter.create(
                        fs, dir, DatasetSpec.csr(3, LabelSpec.NONE), WriterOptions.defaults())) {
            w.commit();
        }
        DatasetReader r = DatasetReader.open(fs, dir);
        assertThat(r.manifest().rows()).isZero();
        assertThat(r.manifest().blocks()).isEmpty();
        assertThat(r.readRows(1, 0).rows()).isZero();
    }

    @Test
    void manifestJsonRoundTripsTransformationsAndSource() throws Exception {
        DatasetSpec spec =
                new DatasetSpec(
                        Storage.CSR,
                        4,
                        LabelSpec.classes(0, 1, 2),
                        List.of(
                                Transformation.binaryLabels(new double[] {1, 2}),
                                Transformation.standardize(
                                        new double[] {0.5, 1e-300, -3, 0.1},
                                        new double[] {1, 2, 3, 4},
                                        false),
                                Transformation.intercept(3),
                                Transformation.shuffle(-7)),
                        99L,
                        Map.of("importer", "libsvm", "args", List.of("--input", "x")));
        Manifest m =
                new Manifest(
                        1,
                        5,
                        spec,
                        List.of(new BlockInfo("block-00000.cyd", 1, 5, 3, 100, 0xFFFFFFFFL)));
        Manifest back = ManifestJson.parse(ManifestJson.toJson(m).getBytes(), "m");
        assertThat(back).isEqualTo(m);
        assertThat(back.spec().transformations().get(1).doublesParam("means"))
                .containsExactly(0.5, 1e-300, -3, 0.1);
        assertThat(back.spec().transformations().get(3).longParam("seed")).isEqualTo(-7);
    }

    @Test
    void manifestJsonRoundTripsEveryFeatureNamingAndReadsOldManifestsWithDefaultNames()
            throws Exception {
        List<Transformation> icpt = List.of(Transformation.intercept(3));
        for (FeatureNames names :
                List.of(
                        new FeatureNames.Listed(List.of("a", "b \"c\"", "")),
                        FeatureNames.LIBSVM,
                        new FeatureNames.Pixels(2),
                        FeatureNames.INDEXED)) {
            DatasetSpec spec =
                    new DatasetSpec(Storage.DENSE, 4, LabelSpec.NONE, icpt, null, Map.of(), names);
            Manifest m = new Manifest(1, 0, spec, List.of());
            Manifest back = ManifestJson.parse(ManifestJson.toJson(m).getBytes(), "m");
            assertThat(back).as(names.naming()).isEqualTo(m);
            assertThat(back.spec().featureNames().get(3)).isEqualTo("intercept");
        }
        String old =
                "{\"format\":\"coded-yarn-dataset\",\"formatVersion\":1,\"rows\":0,\"cols\":3,"
                        + "\"storage\":\"dense\",\"featureType\":\"float64\","
                        + "\"labels\":{\"type\":\"none\"},\"transformations\":[],\"seed\":null,"
                        + "\"source\":{},\"blocks\":[]}";
        assertThat(ManifestJson.parse(old.getBytes(), "m").spec().featureNames())
                .containsExactly("x0", "x1", "x2");
        // a naming of a later writer is read as the default: names only describe the columns
        String later = old.replace("\"blocks\"", "\"features\":{\"naming\":\"hashed\"},\"blocks\"");
        assertThat(ManifestJson.parse(later.getBytes(), "m").spec().featureNames())
                .containsExactly("x0", "x1", "x2");
        assertThat(
                        ManifestJson.parse(
                                        old.replace(
                                                        "\"blocks\"",
                                                        "\"features\":{\"naming\":\"pixel\","
                                                                + "\"width\":2},\"blocks\"")
                                                .getBytes(),
                                        "m")
                                .spec()
                                .featureNames())
                .containsExactly("pixel_0_0", "pixel_0_1", "pixel_1_0");
        String twoNames =
                old.replace(
                        "\"blocks\"",
                        "\"features\":{\"naming\":\"listed\",\"names\":[\"a\",\"b\"]},\"blocks\"");
        assertThatThrownBy(() -> ManifestJson.parse(twoNames.getBytes(), "m"))
                .isInstanceOf(DatasetFormatException.class)
                .hasMessageContaining("features.names")
                .hasMessageContaining("2 feature names for 3 columns");
        String numbers = twoNames.replace("[\"a\",\"b\"]", "[1,2,3]");
        assertThatThrownBy(() -> ManifestJson.parse(numbers.getBytes(), "m"))
                .hasMessageContaining("'features.names' must hold strings only");
    }

    @Test
    void refusesExistingTargetWithoutOverwriteAndReplacesWithIt() throws IOException {
        FileSystem fs = TestData.localFs();
        Path dir = TestData.path(tmp, "ds");
        TestData.dense(10, 3, 1)
                .write(fs, dir, DatasetSpec.dense(3, LabelSpec.binary()), WriterOptions.defaults());
        assertThatThrownBy(
                        () ->
                                TestData.dense(5, 3, 2)
                                        .write(
                                                fs,
                                                dir,
                                                DatasetSpec.dense(3, LabelSpec.binary()),
                                                WriterOptions.defaults()))
                .isInstanceOf(FileAlreadyExistsException.class)
                .hasMessageContaining("already exists");
        assertThat(DatasetReader.open(fs, dir).manifest().rows()).isEqualTo(10);

        TestData.dense(5, 3, 2)
                .write(
                        fs,
                        dir,
                        DatasetSpec.dense(3, LabelSpec.binary()),
                        WriterOptions.defaults().withOverwrite(true));
        assertThat(DatasetReader.open(fs, dir).manifest().rows()).isEqualTo(5);
        assertThat(siblings(fs, dir)).containsExactly("ds");
        assertThat(DatasetVerifier.verify(fs, dir).isOk()).isTrue();
    }

    @Test
    void exceptionMidWriteLeavesNeitherTargetNorTempDir() throws IOException {
        FileSystem fs = TestData.localFs();
        Path dir = TestData.path(tmp, "ds");
        TestData t = TestData.dense(500, 4, 1);
        assertThatThrownBy(
                        () -> {
                            try (DatasetWriter w =
                                    DatasetWriter.create(
                                            fs,
                                            dir,
                                            DatasetSpec.dense(4, LabelSpec.binary()),
                                            WriterOptions.defaults().withMaxBlockRows(50))) {
                                for (int r = 0; r < 300; r++) {
                                    w.appendDense(t.dense.get(r), t.labels.get(r));
                                }
                                assertThat(fs.exists(w.tempDir())).isTrue();
                                throw new IllegalStateException("importer failed on line 301");
                            }
                        })
                .hasMessageContaining("line 301");
        assertThat(fs.exists(dir)).isFalse();
        assertThat(siblings(fs, dir)).isEmpty();
    }

    @Test
    void invalidRowsAreRejectedWithTheirRowNumber() throws IOException {
        FileSystem fs = TestData.localFs();
        Path dir = TestData.path(tmp, "ds");
        try (DatasetWriter w =
                DatasetWriter.create(
                        fs,
                        dir,
                        DatasetSpec.csr(5, LabelSpec.binary()),
                        WriterOptions.defaults())) {
            w.appendSparse(new int[] {0, 4}, new double[] {1, 2}, 2, 1);
            assertThatThrownBy(() -> w.appendSparse(new int[] {5}, new double[] {1}, 1, 1))
                    .isInstanceOf(InvalidRowException.class)
                    .hasMessageContaining("row 2")
                    .hasMessageContaining("column 5 outside 0..4");
            assertThatThrownBy(() -> w.appendSparse(new int[] {2, 2}, null, 2, 1))
                    .hasMessageContaining("strictly increasing");
            assertThatThrownBy(() -> w.appendSparse(new int[] {1}, new double[] {Double.NaN}, 1, 1))
                    .hasMessageContaining("NaN");
            assertThatThrownBy(() -> w.appendSparse(new int[] {1}, null, 1, 3))
                    .hasMessageContaining("label 3.0 is not one of the classes");
            assertThatThrownBy(() -> w.appendSparse(new int[] {1}, null, 1))
                    .hasMessageContaining("label missing");
        }
        assertThat(fs.exists(dir)).isFalse();
    }

    private static List<String> siblings(FileSystem fs, Path dir) throws IOException {
        return java.util.Arrays.stream(fs.listStatus(dir.getParent()))
                .map(FileStatus::getPath)
                .map(Path::getName)
                .toList();
    }
}
