package io.codedyarn.am.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LastLevelCacheTest {
    @Test
    void parsesSysfsSizes() {
        assertThat(LastLevelCache.parseSize("32768K\n")).isEqualTo(32L << 20);
        assertThat(LastLevelCache.parseSize("2M")).isEqualTo(2L << 20);
        assertThat(LastLevelCache.parseSize("1G")).isEqualTo(1L << 30);
        assertThat(LastLevelCache.parseSize("512")).isEqualTo(512);
        assertThatThrownBy(() -> LastLevelCache.parseSize("12KB"))
                .hasMessageContaining("not a cache size: '12KB'");
        assertThatThrownBy(() -> LastLevelCache.parseSize("K")).hasMessageContaining("'K'");
    }

    /** The largest index*&#47;size wins; other entries and unreadable levels are ignored. */
    @Test
    void takesTheLargestLevel(@TempDir Path dir) throws Exception {
        write(dir.resolve("index0/size"), "48K\n");
        write(dir.resolve("index2/size"), "1024K\n");
        write(dir.resolve("index3/size"), "32768K\n");
        write(dir.resolve("uevent"), "x");
        Files.createDirectories(dir.resolve("index1")); // no size file
        assertThat(LastLevelCache.bytes(dir)).hasValue(32L << 20);
    }

    @Test
    void emptyWithoutSysfsOrWithGarbage(@TempDir Path dir) throws Exception {
        assertThat(LastLevelCache.bytes(dir.resolve("missing"))).isEmpty();
        write(dir.resolve("index3/size"), "lots\n");
        assertThat(LastLevelCache.bytes(dir)).isEmpty();
    }

    private static void write(Path p, String s) throws Exception {
        Files.createDirectories(p.getParent());
        Files.writeString(p, s);
    }
}
