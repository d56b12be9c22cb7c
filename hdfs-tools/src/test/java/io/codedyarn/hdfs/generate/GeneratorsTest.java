package io.codedyarn.hdfs.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codedyarn.hdfs.dataset.BlockInfo;
import io.codedyarn.hdfs.dataset.DatasetReader;
import io.codedyarn.hdfs.dataset.DatasetVerifier;
import io.codedyarn.hdfs.dataset.DatasetWriter;
import io.codedyarn.hdfs.dataset.Manifest;
import io.codedyarn.hdfs.dataset.WriterOptions;
import io.codedyarn.placement.InvalidParametersException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every kind: determinism, provenance, verifiable output, flag validation, atomic writes. */
class GeneratorsTest {
    @TempDir java.nio.file.Path tmp;

    static FileSystem localFs() throws IOException {
        return FileSystem.getLocal(new Configuration());
    }

    Path path(String name) {
        return new Path(tmp.toUri().toString(), name);
    }

    /** Small shapes per kind, with several blocks (8 KiB blocks). */
    static GeneratorParams small(String kind, long seed) {
        GeneratorParams p =
                GeneratorParams.of(
                        kind,
                        kind.equals("lagc-lsq") ? 400 : 300,
                        switch (kind) {
                            case "higgs-like" -> null; // default 28
                            case "genotype" -> 60;
                            default -> 12;
                        },
                        seed);
        return switch (kind) {
            case "low-rank" -> p.withRank(3).withNoise(0.2);
            case "genotype" -> p.withDensity(0.1);
            case "lagc-lsq" -> p.withPartitions(5);
            default -> p;
        };
    }

    static final WriterOptions SMALL_BLOCKS = WriterOptions.defaults().withTargetBlockBytes(8192);
    static final WriterOptions MEDIUM_BLOCKS =
            WriterOptions.defaults().withTargetBlockBytes(1 << 18);

    Manifest generate(GeneratorParams p, String name) throws IOException {
        return Generators.generate(localFs(), path(name), Generators.create(p), SMALL_BLOCKS, null);
    }

    @ParameterizedTest
    @ValueSource(strings = {"gaussian-mixture", "higgs-like", "low-rank", "genotype", "lagc-lsq"})
    void sameSeedGivesIdenticalBytesAndDifferentSeedDifferentData(String kind) throws IOException {
        FileSystem fs = localFs();
        Manifest a = generate(small(kind, 7), "a");
        Manifest b = generate(small(kind, 7), "b");
        Manifest c = generate(small(kind, 8), "c");

        assertThat(a.blocks()).hasSizeGreaterThan(1);
        assertThat(b).isEqualTo(a); // includes every block's CRC32C and length
        for (BlockInfo blk : a.blocks()) {
            assertThat(readAll(fs, new Path(path("b"), blk.file())))
                    .isEqualTo(readAll(fs, new Path(path("a"), blk.file())));
        }
        assertThat(c.rows()).isEqualTo(a.rows());
        assertThat(c.blocks().get(0).crc32c()).isNotEqualTo(a.blocks().get(0).crc32c());
        for (String d : new String[] {"a", "c"}) {
            assertThat(DatasetVerifier.verify(fs, path(d)).isOk()).isTrue();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"gaussian-mixture", "higgs-like", "low-rank", "genotype", "lagc-lsq"})
    void manifestRecordsSeedKindAndShape(String kind) throws IOException {
        Manifest m = generate(small(kind, 123456789012L), "ds");
        Manifest read = DatasetReader.readManifest(localFs(), path("ds"));
        assertThat(read).isEqualTo(m);
        assertThat(read.spec().seed()).isEqualTo(123456789012L);
        assertThat(read.spec().source())
                .containsEntry("generator", kind)
                .containsEntry("rows", m.rows())
                .containsEntry("cols", (long) m.cols());
        assertThat(m.rows()).isEqualTo(small(kind, 0).rows());
    }

    @Test
    void kindDefaultsAndOwnFlagsAreRecorded() {
        assertThat(Generators.create(GeneratorParams.of("higgs-like", 10, null, 1)).cols())
                .isEqualTo(28);
        assertThat(Generators.create(GeneratorParams.of("genotype", 10, null, 1)).cols())
                .isEqualTo(2504);
        SyntheticGenerator g =
                Generators.create(
                        GeneratorParams.of("low-rank", 10, 6, 1).withRank(2).withNoise(0.3));
        assertThat(g.spec().source())
                .containsEntry("rank", 2L)
                .containsEntry("noise", 0.3)
                .containsEntry("singularValues", java.util.List.of(2.0, 1.0));
        assertThat(Generators.create(GeneratorParams.of("genotype", 10, 5, 1)).spec().source())
                .containsEntry("density", 0.05);
    }

    @Test
    void badParametersNameTheFlag() {
        assertThatThrownBy(() -> Generators.create(GeneratorParams.of("nope", 10, 3, 1)))
                .isInstanceOf(InvalidParametersException.class)
                .hasMessage(
                        "--kind: unknown kind 'nope'; known: gaussian-mixture, higgs-like,"
                                + " low-rank, genotype, lagc-lsq");
        assertThatThrownBy(() -> Generators.create(GeneratorParams.of("low-rank", 0, 3, 1)))
                .hasMessage("--rows: must be >= 1, got 0");
        assertThatThrownBy(() -> Generators.create(GeneratorParams.of("low-rank", -5, 3, 1)))
                .hasMessageStartingWith("--rows:");
        assertThatThrownBy(() -> Generators.create(GeneratorParams.of("low-rank", 5, 0, 1)))
                .hasMessage("--cols: must be >= 1, got 0");
        for (double bad : new double[] {0, -0.1, 1.5, Double.NaN}) {
            assertThatThrownBy(
                            () ->
                                    Generators.create(
                                            GeneratorParams.of("genotype", 5, 3, 1)
                                                    .withDensity(bad)))
                    .hasMessageStartingWith("--density: must be in (0, 1]");
        }
        assertThatThrownBy(
                        () ->
                                Generators.create(
                                        GeneratorParams.of("low-rank", 5, 3, 1).withDensity(0.5)))
                .hasMessage("--density: applies only to --kind genotype, not low-rank");
        assertThatThrownBy(
                        () ->
                                Generators.create(
                                        GeneratorParams.of("low-rank", 5, 3, 1).withRank(4)))
                .hasMessage("--rank: must be in 1..--cols (3), got 4");
        assertThatThrownBy(
                        () ->
                                Generators.create(
                                        GeneratorParams.of("low-rank", 5, 3, 1).withNoise(-1.0)))
                .hasMessageStartingWith("--noise:");
        assertThatThrownBy(
                        () ->
                                Generators.create(
                                        GeneratorParams.of("lagc-lsq", 5, 3, 1).withPartitions(6)))
                .hasMessageStartingWith("--partitions: must be <= --rows (5)");
        assertThatThrownBy(
                        () ->
                                Generators.create(
                                        GeneratorParams.of("higgs-like", 5, 3, 1)
                                                .withPartitions(2)))
                .hasMessage("--partitions: applies only to --kind lagc-lsq, not higgs-like");
        assertThatThrownBy(() -> Generators.create(GeneratorParams.of("lagc-lsq", 50, 4096, 1)))
                .hasMessageStartingWith("--cols: lagc-lsq keeps a d x d Gram matrix");
    }

    @Test
    void existingOutputIsRefusedUnlessOverwrite() throws IOException {
        FileSystem fs = localFs();
        Manifest first = generate(small("low-rank", 1), "ds");
        GeneratorParams other = small("low-rank", 2);
        assertThatThrownBy(() -> generate(other, "ds"))
                .isInstanceOf(FileAlreadyExistsException.class);
        assertThat(DatasetReader.readManifest(fs, path("ds"))).isEqualTo(first);

        Manifest second =
                Generators.generate(
                        fs,
                        path("ds"),
                        Generators.create(other),
                        SMALL_BLOCKS.withOverwrite(true),
                        null);
        assertThat(DatasetReader.readManifest(fs, path("ds"))).isEqualTo(second);
        assertThat(second.spec().seed()).isEqualTo(2L);
        assertThat(fs.listStatus(new Path(tmp.toUri().toString()))).hasSize(1); // nothing aside
    }

    @Test
    void failureMidwayLeavesNoTemporaryDirectory() throws IOException {
        FileSystem fs = localFs();
        // A "full filesystem": the third block file cannot be created.
        WriterOptions failing =
                SMALL_BLOCKS.withOutputs(
                        (f, file, i) -> {
                            if (i == 2) {
                                throw new IOException("No space left on device (simulated)");
                            }
                            return f.create(file, false);
                        });
        for (String kind : Generators.KINDS) {
            SyntheticGenerator g = Generators.create(small(kind, 3).withRows(3000));
            assertThatThrownBy(() -> Generators.generate(fs, path("ds"), g, failing, null))
                    .hasMessageContaining("No space left");
            assertThat(fs.exists(path("ds"))).isFalse();
            assertThat(Arrays.asList(fs.listStatus(new Path(tmp.toUri().toString()))))
                    .as("no temporary directory left by %s", kind)
                    .isEmpty();
        }
    }

    @Test
    void progressCountsEveryRowAndBothPathsWriteTheSameBytes() throws IOException {
        FileSystem fs = localFs();
        for (String kind : Generators.KINDS) {
            SyntheticGenerator g = Generators.create(small(kind, 4).withRows(10_000));
            long[] direct = {0};
            Manifest single;
            try (DatasetWriter w = DatasetWriter.create(fs, path(kind), g.spec(), MEDIUM_BLOCKS)) {
                RowSink sink = RowSink.to(w, g.spec().labels().present(), n -> direct[0] += n);
                g.write(sink);
                sink.finish();
                assertThat(w.rowsWritten()).isEqualTo(10_000);
                single = w.commit();
            }
            long[] piped = {0};
            Manifest pipelined;
            try (DatasetWriter w =
                    DatasetWriter.create(fs, path(kind + "-p"), g.spec(), MEDIUM_BLOCKS)) {
                PipelinedRowSink.run(g, w, n -> piped[0] += n);
                pipelined = w.commit();
            }
            assertThat(direct[0]).as(kind).isEqualTo(10_000);
            assertThat(piped[0]).as(kind).isEqualTo(10_000);
            assertThat(pipelined).as(kind).isEqualTo(single);
        }
    }

    @Test
    void generatorFailureOnTheProducerThreadReachesTheCaller() throws IOException {
        SyntheticGenerator failing =
                new SyntheticGenerator(100_000, 5, 1) {
                    @Override
                    public String kind() {
                        return "failing";
                    }

                    @Override
                    protected io.codedyarn.hdfs.dataset.DatasetSpec baseSpec() {
                        return io.codedyarn.hdfs.dataset.DatasetSpec.dense(
                                5, io.codedyarn.hdfs.dataset.LabelSpec.binary());
                    }

                    @Override
                    protected java.util.Map<String, Object> arguments() {
                        return java.util.Map.of();
                    }

                    @Override
                    public long stateSize() {
                        return 5;
                    }

                    @Override
                    public void write(RowSink sink) throws IOException {
                        double[] row = new double[5];
                        for (int i = 0; i < 50_000; i++) {
                            sink.dense(row, 1.0);
                        }
                        throw new IllegalStateException("generator broke");
                    }
                };
        assertThatThrownBy(
                        () ->
                                Generators.generate(
                                        localFs(), path("ds"), failing, MEDIUM_BLOCKS, null))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("generator broke");
        assertThat(localFs().listStatus(new Path(tmp.toUri().toString()))).isEmpty();
    }

    @Test
    void stateDoesNotGrowWithRows() {
        for (String kind : Generators.KINDS) {
            long small = Generators.create(small(kind, 1).withRows(1_000)).stateSize();
            long huge = Generators.create(small(kind, 1).withRows(10_000_000_000L)).stateSize();
            assertThat(huge).as(kind).isEqualTo(small);
        }
    }

    static byte[] readAll(FileSystem fs, Path p) throws IOException {
        try (InputStream in = fs.open(p)) {
            return in.readAllBytes();
        }
    }
}
