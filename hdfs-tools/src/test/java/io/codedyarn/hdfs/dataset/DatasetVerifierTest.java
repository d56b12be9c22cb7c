package io.codedyarn.hdfs.dataset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.util.function.Consumer;
import java.util.zip.CRC32C;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad datasets: each one yields exactly the first problem, naming file and row. */
class DatasetVerifierTest {
    @TempDir java.nio.file.Path tmp;
    FileSystem fs;
    Path dense;
    Path csr;

    @BeforeEach
    void write() throws IOException {
        fs = TestData.localFs();
        dense = TestData.path(tmp, "dense");
        csr = TestData.path(tmp, "csr");
        TestData.dense(40, 5, 1)
                .write(
                        fs,
                        dense,
                        DatasetSpec.dense(5, LabelSpec.binary()),
                        WriterOptions.defaults().withMaxBlockRows(16));
        TestData.sparse(40, 6, 0.4, false, 2)
                .write(
                        fs,
                        csr,
                        DatasetSpec.csr(6, LabelSpec.binary()),
                        WriterOptions.defaults().withMaxBlockRows(16));
    }

    @Test
    void validDatasetsVerify() {
        VerificationResult r = DatasetVerifier.verify(fs, dense);
        assertThat(r.isOk()).as(r.toString()).isTrue();
        assertThat(r.blocksChecked()).isEqualTo(3);
        assertThat(DatasetVerifier.verify(fs, csr).isOk()).isTrue();
    }

    @Test
    void corruptedByteIsACrcMismatch() throws IOException {
        // Through the Hadoop FS (which keeps its own .crc sidecar consistent): only CRC32C sees it.
        patchBlock(dense, 1, false, b -> b.put(100, (byte) (b.get(100) ^ 0x10)));
        assertProblem(dense, "block-00001.cyd", "CRC32C mismatch");
    }

    @Test
    void corruptedByteBehindTheFileSystemsBackIsReportedToo() throws IOException {
        java.nio.file.Path f = tmp.resolve("dense/block-00002.cyd");
        byte[] b = Files.readAllBytes(f);
        b[b.length - 1] ^= 1;
        Files.write(f, b); // LocalFileSystem's .crc sidecar is now stale
        assertProblem(dense, "block-00002.cyd", "checksum");
    }

    @Test
    void truncatedBlockFile() throws IOException {
        java.nio.file.Path f = tmp.resolve("dense/block-00000.cyd");
        byte[] b = Files.readAllBytes(f);
        Files.write(f, java.util.Arrays.copyOf(b, b.length - 8));
        Files.deleteIfExists(tmp.resolve("dense/.block-00000.cyd.crc"));
        assertProblem(dense, "block-00000.cyd", "(truncated)");
    }

    @Test
    void missingBlockFile() throws IOException {
        fs.delete(new Path(dense, "block-00001.cyd"), false);
        assertProblem(dense, "block-00001.cyd", "missing");
    }

    @Test
    void wrongMagicIsRejectedByVerifierAndReader() throws IOException {
        patchBlock(dense, 0, true, b -> b.put(0, (byte) 'X'));
        assertProblem(dense, "block-00000.cyd", "not a coded-yarn block file");
        DatasetReader reader = DatasetReader.open(fs, dense);
        assertThatThrownBy(() -> reader.readRows(1, 3))
                .isInstanceOf(DatasetFormatException.class)
                .hasMessageContaining("block-00000.cyd")
                .hasMessageContaining("magic");
    }

    @Test
    void unknownBlockVersion() throws IOException {
        patchBlock(csr, 2, true, b -> b.putShort(4, (short) 2));
        assertProblem(csr, "block-00002.cyd", "block format version 2 is not supported");
    }

    @Test
    void headerDisagreeingWithManifest() throws IOException {
        patchBlock(dense, 1, true, b -> b.putLong(16, 6));
        assertProblem(dense, "block-00001.cyd", "header disagrees with manifest: cols 6");
    }

    @Test
    void manifestMissingAField() throws IOException {
        patchManifest(dense, m -> m.remove("cols"));
        assertProblem(dense, "manifest.json", "missing field 'cols'");
    }

    @Test
    void manifestFieldOfWrongType() throws IOException {
        patchManifest(dense, m -> m.put("rows", "forty"));
        assertProblem(dense, "manifest.json", "field 'rows' must be an integer, got string");
        patchManifest(dense, m -> m.put("rows", 40).set("labels", m.textNode("float64")));
        assertProblem(dense, "manifest.json", "field 'labels' must be an object");
        patchManifest(dense, m -> m.putObject("labels").put("type", "float64"));
        assertThat(DatasetVerifier.verify(fs, dense).isOk()).isTrue();
        patchManifest(dense, m -> ((ObjectNode) m.withArray("blocks").get(0)).put("crc32c", "x"));
        assertProblem(dense, "manifest.json", "field 'blocks[0].crc32c' must be an integer");
    }

    @Test
    void manifestOfANewerVersionIsRefused() throws IOException {
        patchManifest(dense, m -> m.put("formatVersion", 2));
        assertProblem(dense, "manifest.json", "formatVersion 2 is not supported");
        assertThatThrownBy(() -> DatasetReader.open(fs, dense))
                .isInstanceOf(DatasetFormatException.class)
                .hasMessageContaining("manifest.json");
    }

    @Test
    void manifestWithNonContiguousBlocks() throws IOException {
        patchManifest(dense, m -> ((ObjectNode) m.withArray("blocks").get(1)).put("firstRow", 18));
        assertProblem(dense, "manifest.json", "'blocks[1].firstRow' is 18, expected 17");
    }

    @Test
    void missingManifest() throws IOException {
        fs.delete(new Path(dense, "manifest.json"), false);
        assertProblem(dense, "manifest.json", "not a dataset directory");
    }

    @Test
    void nanInABlockNamesTheRow() throws IOException {
        // Block 1 holds rows 17..32; with labels (16 doubles), row 20 column 2 sits at
        // 32 + 16·8 + (3·5 + 2)·8.
        patchBlock(dense, 1, true, b -> b.putDouble(32 + 16 * 8 + (3 * 5 + 2) * 8, Double.NaN));
        Problem p = assertProblem(dense, "block-00001.cyd", "column 2 is NaN");
        assertThat(p.row()).isEqualTo(20);
    }

    @Test
    void infiniteLabelNamesTheRow() throws IOException {
        patchBlock(dense, 0, true, b -> b.putDouble(32 + 5 * 8, Double.POSITIVE_INFINITY));
        Problem p = assertProblem(dense, "block-00000.cyd", "label Infinity is not finite");
        assertThat(p.row()).isEqualTo(6);
    }

    @Test
    void labelOutsideTheClasses() throws IOException {
        patchBlock(dense, 2, true, b -> b.putDouble(32, 0.5));
        Problem p = assertProblem(dense, "block-00002.cyd", "label 0.5 is not one of the classes");
        assertThat(p.row()).isEqualTo(33);
    }

    @Test
    void csrColumnIndexOutOfRange() throws IOException {
        DatasetReader r = DatasetReader.open(fs, csr);
        CsrBlock block = (CsrBlock) r.readBlock(0);
        BlockFormat.Header h = r.readHeader(0);
        int row = 0;
        while (block.rowPtr()[row + 1] == block.rowPtr()[row]) {
            row++;
        }
        int entry = block.rowPtr()[row + 1] - 1; // last entry of the first non-empty row
        int at = (int) h.colIdxOffset() + 4 * entry;
        patchBlock(csr, 0, true, b -> b.putInt(at, 6));
        Problem p = assertProblem(csr, "block-00000.cyd", "column index 6 outside 0..5");
        assertThat(p.row()).isEqualTo(row + 1);
    }

    @Test
    void csrRowPtrNotMonotone() throws IOException {
        BlockFormat.Header h = DatasetReader.open(fs, csr).readHeader(1);
        patchBlock(csr, 1, true, b -> b.putInt((int) h.dataOffset() + 4 * 3, -1));
        assertProblem(csr, "block-00001.cyd", "rowPtr not monotone");
    }

    // --- helpers ---

    private Problem assertProblem(Path dir, String file, String message) {
        VerificationResult r = DatasetVerifier.verify(fs, dir);
        assertThat(r.isOk()).as("expected a problem").isFalse();
        Problem p = r.problem().orElseThrow();
        assertThat(p.file()).endsWith("/" + file);
        assertThat(p.message()).contains(message);
        assertThat(r.toString()).startsWith(p.file());
        return p;
    }

    /** Edits a block through the Hadoop FS; fixCrc also updates the manifest's CRC32C. */
    private void patchBlock(Path dir, int index, boolean fixCrc, Consumer<ByteBuffer> edit)
            throws IOException {
        Path f = new Path(dir, String.format("block-%05d.cyd", index));
        byte[] bytes = readAll(f);
        edit.accept(ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN));
        try (OutputStream out = fs.create(f, true)) {
            out.write(bytes);
        }
        if (fixCrc) {
            CRC32C crc = new CRC32C();
            crc.update(bytes);
            patchManifest(
                    dir,
                    m ->
                            ((ObjectNode) m.withArray("blocks").get(index))
                                    .put("crc32c", crc.getValue()));
        }
    }

    private void patchManifest(Path dir, Consumer<ObjectNode> edit) throws IOException {
        Path f = new Path(dir, "manifest.json");
        ObjectNode m = (ObjectNode) ManifestJson.mapper().readTree(readAll(f));
        edit.accept(m);
        try (OutputStream out = fs.create(f, true)) {
            out.write(ManifestJson.mapper().writeValueAsBytes(m));
        }
    }

    private byte[] readAll(Path f) throws IOException {
        try (InputStream in = fs.open(f)) {
            return in.readAllBytes();
        }
    }
}
