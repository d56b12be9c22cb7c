package io.codedyarn.am.export;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * {@code --out} whole or not at all: the export is written into a hidden temporary sibling ({@code
 * .NAME._tmp-UUID}, same directory, so the same file system) and renamed onto {@code --out} at the
 * end; on any failure the sibling is deleted. An existing {@code --out} is refused before anything
 * is written.
 */
public final class AtomicOutput {
    /** Writes the content of the temporary file or directory it is given. */
    @FunctionalInterface
    public interface Content {
        void writeTo(Path tmp) throws IOException;
    }

    private AtomicOutput() {}

    /** Refuses an existing {@code out} (exit 2), or a parent that is not a directory. */
    public static void checkAbsent(Path out) {
        if (Files.exists(out, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            throw new IllegalArgumentException(
                    "--out: " + out + " already exists; remove it or give another path");
        }
        Path parent = out.toAbsolutePath().getParent();
        if (parent != null && Files.exists(parent) && !Files.isDirectory(parent)) {
            throw new IllegalArgumentException("--out: " + parent + " is not a directory");
        }
    }

    /**
     * Writes {@code out} through {@code content}, which receives the temporary path (absent: it
     * creates a file or a directory there).
     */
    public static void write(Path out, Content content) throws IOException {
        checkAbsent(out);
        Path abs = out.toAbsolutePath().normalize();
        Path parent = abs.getParent();
        Files.createDirectories(parent);
        Path tmp = parent.resolve("." + abs.getFileName() + "._tmp-" + UUID.randomUUID());
        boolean done = false;
        try {
            content.writeTo(tmp);
            try {
                Files.move(tmp, abs, StandardCopyOption.ATOMIC_MOVE);
            } catch (FileAlreadyExistsException e) {
                throw new IllegalArgumentException(
                        "--out: " + out + " appeared while exporting; nothing written", e);
            }
            done = true;
        } finally {
            if (!done) {
                deleteTree(tmp);
            }
        }
    }

    static void deleteTree(Path p) {
        if (!Files.exists(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> all = Files.walk(p)) {
            all.sorted(Comparator.reverseOrder())
                    .forEach(
                            q -> {
                                try {
                                    Files.deleteIfExists(q);
                                } catch (IOException e) {
                                    throw new UncheckedIOException(e);
                                }
                            });
        } catch (IOException | UncheckedIOException e) {
            // best effort: the hidden sibling is left behind, --out was not created
        }
    }
}
