package io.codedyarn.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LastLevelCacheTest {
    /** The largest index*&#47;size wins (sysfs's K suffix); other entries are ignored. */
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
        write(dir.resolve("index3/size"), "12KB\n");
        assertThat(LastLevelCache.bytes(dir)).isEmpty();
        write(dir.resolve("index3/size"), "-5K\n");
        assertThat(LastLevelCache.bytes(dir)).isEmpty();
    }

    /** What Hadoop's TraditionalBinaryPrefix.string2long read (it parsed these sizes before). */
    @Test
    void parsesBinaryPrefixes() {
        assertThat(LastLevelCache.parseSize("32768K")).isEqualTo(32L << 20);
        assertThat(LastLevelCache.parseSize("48k")).isEqualTo(48L << 10);
        assertThat(LastLevelCache.parseSize(" 3M ")).isEqualTo(3L << 20);
        assertThat(LastLevelCache.parseSize("2g")).isEqualTo(2L << 30);
        assertThat(LastLevelCache.parseSize("1T")).isEqualTo(1L << 40);
        assertThat(LastLevelCache.parseSize("1p")).isEqualTo(1L << 50);
        assertThat(LastLevelCache.parseSize("7E")).isEqualTo(7L << 60);
        assertThat(LastLevelCache.parseSize("12345")).isEqualTo(12345);
        assertThat(LastLevelCache.parseSize("-5K")).isEqualTo(-5L << 10);
        assertThatThrownBy(() -> LastLevelCache.parseSize("8E"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> LastLevelCache.parseSize("12KB"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> LastLevelCache.parseSize("12X"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> LastLevelCache.parseSize("K"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void warnsBelowFourTimesTheCache() {
        OptionalLong l3 = OptionalLong.of(32L << 20);
        assertThat(LastLevelCache.warning(64L << 20, l3))
                .hasValueSatisfying(
                        w ->
                                assertThat(w)
                                        .startsWith("64 MiB of data is less than 4 x")
                                        .contains("32 MiB last-level cache"));
        assertThat(LastLevelCache.warning(128L << 20, l3)).isEmpty();
        assertThat(LastLevelCache.warning(1, OptionalLong.empty())).isEmpty();
    }

    private static void write(Path p, String s) throws Exception {
        Files.createDirectories(p.getParent());
        Files.writeString(p, s);
    }
}
