package io.codedyarn.hdfs.importer;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The committed Fashion-MNIST subset ({@code testdata/fashion-mnist}, located by the system
 * property {@code codedyarn.testdata} that the parent pom sets) and its {@code reference.txt}.
 */
final class TestData {
    private TestData() {}

    static Path file(String name) {
        String dir = System.getProperty("codedyarn.testdata");
        if (dir == null) {
            throw new IllegalStateException(
                    "system property codedyarn.testdata is not set (the parent pom sets it to"
                            + " <checkout>/testdata for surefire and failsafe)");
        }
        Path p = Path.of(dir, "fashion-mnist", name);
        if (!Files.isReadable(p)) {
            throw new IllegalStateException(p + " is missing from the checkout");
        }
        return p;
    }

    /** A file of a Debian package (system profile only): a clear error when it is missing. */
    static Path system(Path p) {
        if (!Files.isReadable(p)) {
            throw new IllegalStateException(
                    p
                            + " is missing: the system profile needs Debian's"
                            + " dataset-fashion-mnist (.ci/run installs it)");
        }
        return p;
    }

    /** reference.txt: one "key word word ..." per line; '#' starts a comment line. */
    record Values(Map<String, List<String>> lines) {
        List<String> words(String key) {
            List<String> w = lines.get(key);
            if (w == null) {
                throw new IllegalStateException("reference.txt has no line '" + key + "'");
            }
            return w;
        }

        int integer(String key) {
            return Integer.parseInt(words(key).get(0));
        }

        long longValue(String key) {
            return Long.parseLong(words(key).get(0));
        }
    }

    static Values reference() throws IOException {
        Map<String, List<String>> lines = new HashMap<>();
        for (String line : Files.readAllLines(file("reference.txt"), StandardCharsets.UTF_8)) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] w = line.trim().split(" ");
            lines.putIfAbsent(w[0], Arrays.asList(w).subList(1, w.length));
        }
        return new Values(lines);
    }
}
