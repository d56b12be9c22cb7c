package io.codedyarn.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
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
     * /sys/devices/system/cpu/cpu0/cache/index* /size}); empty where there is no such directory or
     * a size cannot be read.
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
                    // sysfs writes e.g. "32768K" (binary units)
                    String text = Files.readString(size, StandardCharsets.US_ASCII).trim();
                    best = Math.max(best, parseSize(text));
                }
            }
        } catch (IOException | IllegalArgumentException e) {
            return OptionalLong.empty();
        }
        return best > 0 ? OptionalLong.of(best) : OptionalLong.empty();
    }

    /**
     * A size with an optional binary prefix, as sysfs writes cache sizes: digits, then K, M, G, T,
     * P or E (either case, powers of 1024), e.g. {@code "32768K"}. The rules of Hadoop's {@code
     * StringUtils.TraditionalBinaryPrefix.string2long}, which read these sizes before.
     *
     * @throws IllegalArgumentException (a {@link NumberFormatException} for bad digits) on any
     *     other suffix, or when the size does not fit in a long
     */
    static long parseSize(String text) {
        String s = text.trim();
        char last = s.charAt(s.length() - 1);
        if (Character.isDigit(last)) {
            return Long.parseLong(s);
        }
        int power = "KMGTPE".indexOf(Character.toUpperCase(last)) + 1;
        if (power == 0) {
            throw new IllegalArgumentException(
                    "invalid size prefix '" + last + "' in '" + s + "' (one of k, m, g, t, p, e)");
        }
        long prefix = 1L << (10 * power);
        long number = Long.parseLong(s.substring(0, s.length() - 1));
        if (number > Long.MAX_VALUE / prefix || number < Long.MIN_VALUE / prefix) {
            throw new IllegalArgumentException(s + " does not fit in a long");
        }
        return number * prefix;
    }

    /**
     * The warning for a benchmark over {@code dataBytes} when the cache is known and the data is
     * under {@link #MIN_MULTIPLE} times it; empty otherwise.
     */
    public static Optional<String> warning(long dataBytes, OptionalLong cacheBytes) {
        if (cacheBytes.isEmpty() || dataBytes >= MIN_MULTIPLE * cacheBytes.getAsLong()) {
            return Optional.empty();
        }
        return Optional.of(
                String.format(
                        Locale.ROOT,
                        "%d MiB of data is less than %d x this machine's %d MiB last-level cache;"
                                + " the triad then partly runs from cache and the fractions"
                                + " understate the kernels (raise --rows)",
                        dataBytes >> 20,
                        MIN_MULTIPLE,
                        cacheBytes.getAsLong() >> 20));
    }
}
