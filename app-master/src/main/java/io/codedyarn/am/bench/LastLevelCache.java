package io.codedyarn.am.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.OptionalLong;

/**
 * The size of this machine's last-level cache, for checking that a bandwidth benchmark's data is
 * well beyond it. A working set only twice the cache is not enough: on a 32 MiB-L3 Zen 5 the triad
 * over 64 MiB measured 60 GB/s (part of its arrays survive in L3 between passes) against 44 GB/s
 * over 256 MiB, while the read-once kernels gained nothing — the fractions then understate the
 * kernels by a quarter (docs/performance-kernels.md, session 5).
 */
public final class LastLevelCache {
    /** Working sets below this multiple of the last-level cache get a warning. */
    public static final int MIN_MULTIPLE = 4;

    private LastLevelCache() {}

    /**
     * The largest cache of CPU 0 from Linux's sysfs ({@code
     * /sys/devices/system/cpu/cpu0/cache/index* /size}); empty where there is no such directory.
     */
    public static OptionalLong bytes() {
        return bytes(Path.of("/sys/devices/system/cpu/cpu0/cache"));
    }

    static OptionalLong bytes(Path cacheDir) {
        long best = -1;
        try (var dirs = Files.list(cacheDir)) {
            for (Path index : (Iterable<Path>) dirs::iterator) {
                Path size = index.resolve("size");
                if (index.getFileName().toString().startsWith("index") && Files.isReadable(size)) {
                    long b = parseSize(Files.readString(size, StandardCharsets.US_ASCII));
                    best = Math.max(best, b);
                }
            }
        } catch (IOException | IllegalArgumentException e) {
            return OptionalLong.empty();
        }
        return best > 0 ? OptionalLong.of(best) : OptionalLong.empty();
    }

    /**
     * sysfs's cache size: a number with an optional K, M or G suffix (binary units), e.g. 32768K.
     */
    static long parseSize(String text) {
        String s = text.trim().toUpperCase(Locale.ROOT);
        long unit = 1;
        if (s.endsWith("K")) {
            unit = 1L << 10;
        } else if (s.endsWith("M")) {
            unit = 1L << 20;
        } else if (s.endsWith("G")) {
            unit = 1L << 30;
        }
        String digits = unit == 1 ? s : s.substring(0, s.length() - 1);
        if (digits.isEmpty() || !digits.chars().allMatch(Character::isDigit)) {
            throw new IllegalArgumentException("not a cache size: '" + text.trim() + "'");
        }
        return Long.parseLong(digits) * unit;
    }
}
