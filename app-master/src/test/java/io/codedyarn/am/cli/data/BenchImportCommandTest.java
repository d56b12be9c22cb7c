package io.codedyarn.am.cli.data;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.codedyarn.am.cli.CliRun;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code data bench-import} on a tiny IDX set: it runs, reports its figures and cleans up. */
class BenchImportCommandTest {
    @TempDir java.nio.file.Path tmp;

    @Test
    void reportsMediansAndRatioAndLeavesNothing() throws Exception {
        ByteBuffer img = ByteBuffer.allocate(16 + 50 * 4);
        img.putInt(0x803).putInt(50).putInt(2).putInt(2);
        ByteBuffer lab = ByteBuffer.allocate(8 + 50);
        lab.putInt(0x801).putInt(50);
        for (int i = 0; i < 50; i++) {
            img.put(new byte[] {(byte) i, 0, 1, (byte) 200});
            lab.put((byte) (i % 2));
        }
        Files.write(tmp.resolve("img"), img.array());
        Files.write(tmp.resolve("lab"), lab.array());
        java.nio.file.Path work = tmp.resolve("work");
        CliRun r =
                CliRun.of(
                        "data",
                        "bench-import",
                        "--images",
                        tmp.resolve("img").toString(),
                        "--labels",
                        tmp.resolve("lab").toString(),
                        "--work",
                        work.toString(),
                        "--runs",
                        "3",
                        "--json");
        assertThat(r.err()).isEmpty();
        assertThat(r.rc()).isZero();
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertThat(j.get("rows").asLong()).isEqualTo(50);
        assertThat(j.get("cols").asLong()).isEqualTo(4);
        assertThat(j.get("bytes").asLong()).isEqualTo(32 + 8 * 50 * 5);
        assertThat(j.get("importSeconds")).hasSize(3);
        assertThat(j.get("ratio").asDouble())
                .isCloseTo(
                        j.get("importMedianSeconds").asDouble()
                                / j.get("copyMedianSeconds").asDouble(),
                        org.assertj.core.data.Offset.offset(1e-9));
        try (var s = Files.list(work)) {
            assertThat(s).isEmpty();
        }
    }
}
