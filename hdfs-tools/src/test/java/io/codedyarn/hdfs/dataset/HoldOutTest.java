package io.codedyarn.hdfs.dataset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HoldOutTest {
    @TempDir java.nio.file.Path tmp;

    @Test
    void everyRowLandsInExactlyOnePartInSourceOrderAndTheDrawIsTheDocumentedOne()
            throws IOException {
        FileSystem fs = TestData.localFs();
        int n = 2000;
        TestData t = TestData.dense(n, 4, 3);
        Path src = TestData.path(tmp, "src");
        t.write(
                fs,
                src,
                DatasetSpec.dense(4, LabelSpec.binary()),
                WriterOptions.defaults().withMaxBlockRows(137));
        HoldOut split = new HoldOut(0.2, 42);
        HoldOut.Parts parts =
                split.split(
                        DatasetReader.open(fs, src),
                        fs,
                        TestData.path(tmp, "train"),
                        TestData.path(tmp, "validation"),
                        WriterOptions.defaults().withMaxBlockRows(100));

        // an independent statement of the rule: SplitMix64 step r+1 from the seed
        List<Integer> expectHeld = new ArrayList<>();
        List<Integer> expectTrain = new ArrayList<>();
        for (int r = 0; r < n; r++) {
            long z = 42 + (long) (r + 1) * 0x9E3779B97F4A7C15L;
            z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
            z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
            z ^= z >>> 31;
            ((z >>> 11) * 0x1.0p-53 < 0.2 ? expectHeld : expectTrain).add(r);
        }
        assertThat(parts.validation().rows()).isEqualTo(expectHeld.size());
        assertThat(parts.training().rows()).isEqualTo(expectTrain.size());
        // 400 expected, standard deviation √(2000·0.2·0.8) ≈ 17.9: within 5 of them
        assertThat(expectHeld.size()).isBetween(310, 490);
        assertRows(fs, TestData.path(tmp, "validation"), t, expectHeld);
        assertRows(fs, TestData.path(tmp, "train"), t, expectTrain);
        assertThat(parts.validation().spec().transformations())
                .last()
                .satisfies(
                        s -> {
                            assertThat(s.name()).isEqualTo(HoldOut.STEP);
                            assertThat(s.params()).containsEntry("part", "validation");
                            assertThat(s.longParam("seed")).isEqualTo(42);
                        });
        assertThat(DatasetVerifier.verify(fs, TestData.path(tmp, "train")).isOk()).isTrue();
    }

    @Test
    void aLargerFractionHoldsOutASupersetWithTheSameSeed() {
        HoldOut small = new HoldOut(0.1, 7);
        HoldOut large = new HoldOut(0.3, 7);
        int smallCount = 0;
        for (long r = 0; r < 10_000; r++) {
            if (small.heldOut(r)) {
                smallCount++;
                assertThat(large.heldOut(r)).as("row %d", r).isTrue();
            }
        }
        assertThat(smallCount).isBetween(850, 1150);
        HoldOut other = new HoldOut(0.1, 8);
        long differ = 0;
        for (long r = 0; r < 10_000; r++) {
            differ += other.heldOut(r) != small.heldOut(r) ? 1 : 0;
        }
        // independent draws differ on 2·0.1·0.9 = 18 % of the rows
        assertThat(differ).as("another seed draws other rows").isBetween(1500L, 2100L);
    }

    @Test
    void anEmptyPartIsRefusedAndLeavesNeitherOutput() throws IOException {
        FileSystem fs = TestData.localFs();
        TestData t = TestData.dense(3, 2, 5);
        Path src = TestData.path(tmp, "src");
        t.write(fs, src, DatasetSpec.dense(2, LabelSpec.binary()), WriterOptions.defaults());
        assertThatThrownBy(
                        () ->
                                new HoldOut(0.001, 1)
                                        .split(
                                                DatasetReader.open(fs, src),
                                                fs,
                                                TestData.path(tmp, "a"),
                                                TestData.path(tmp, "b"),
                                                WriterOptions.defaults()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--validation-fraction 0.001 of 3 rows")
                .hasMessageContaining("0 held out");
        assertThat(java.nio.file.Files.list(tmp).map(p -> p.getFileName().toString()))
                .containsExactly("src");
        assertThatThrownBy(() -> new HoldOut(1.0, 1))
                .hasMessageContaining("--validation-fraction must be in (0, 1), got 1.0");
    }

    private static void assertRows(FileSystem fs, Path dir, TestData t, List<Integer> rows)
            throws IOException {
        DenseBlock all = (DenseBlock) DatasetReader.open(fs, dir).readRows(1, rows.size());
        for (int i = 0; i < rows.size(); i++) {
            double[] expect = t.dense.get(rows.get(i));
            for (int c = 0; c < expect.length; c++) {
                assertThat(all.get(i, c)).isEqualTo(expect[c]);
            }
            assertThat(all.labels()[i]).isEqualTo(t.labels.get(rows.get(i)));
        }
    }
}
