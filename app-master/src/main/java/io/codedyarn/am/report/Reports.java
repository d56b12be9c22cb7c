package io.codedyarn.am.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The {@code report} command's work: its inputs read into a {@link Report}, written as one file.
 */
public final class Reports {
    private Reports() {}

    /**
     * Reads run directories and benchmark JSON files ({@link BenchInput#is}) into one report.
     *
     * @param target the target gap to mark on every run; NaN: each run's own {@code --target-gap}
     * @param warn told of what is left out (a benchmark's run directory that is gone)
     * @throws IllegalArgumentException naming the input (and file and line) that cannot be read
     */
    public static Report build(List<Path> inputs, double target, Consumer<String> warn)
            throws IOException {
        if (inputs.isEmpty()) {
            throw new IllegalArgumentException("no run directory or benchmark JSON given");
        }
        List<RunView> runs = new ArrayList<>();
        List<Report.BenchTable> tables = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (Path in : inputs) {
            if (BenchInput.is(in)) {
                BenchInput.read(in, target, runs, tables, warn);
                continue;
            }
            Path abs = in.toAbsolutePath().normalize();
            String name = abs.getFileName() == null ? abs.toString() : abs.getFileName().toString();
            if (!names.add(name) && abs.getParent() != null) {
                name = abs.getParent().getFileName() + "/" + name; // two runs of the same name
            }
            runs.add(RunDir.read(in, name, "", target));
        }
        String title =
                runs.size() == 1 && tables.isEmpty()
                        ? "coded-yarn report: " + runs.get(0).name()
                        : "coded-yarn report: " + runs.size() + " runs";
        return new Report(title, runs, tables);
    }

    /**
     * Writes {@code report}'s self-contained page to {@code out}: into a temporary file beside it,
     * then renamed, so that {@code out} is either the whole page or untouched.
     */
    public static void write(Report report, Path out) throws IOException {
        Path abs = out.toAbsolutePath();
        Path dir = abs.getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw new IllegalArgumentException("--out: no directory " + dir);
        }
        if (Files.isDirectory(abs)) {
            throw new IllegalArgumentException("--out: " + abs + " is a directory");
        }
        String html = PageTemplate.report(report);
        Path tmp = Files.createTempFile(dir, "." + abs.getFileName(), ".tmp");
        try {
            Files.writeString(tmp, html, StandardCharsets.UTF_8);
            try { // a temporary file is private (0600); a report is an ordinary file
                Files.setPosixFilePermissions(
                        tmp, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
            } catch (UnsupportedOperationException notPosix) {
                // keep the file system's default
            }
            try {
                Files.move(
                        tmp,
                        abs,
                        StandardCopyOption.ATOMIC_MOVE,
                        StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
