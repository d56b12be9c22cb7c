package io.codedyarn.am.advise;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * The recorded run's rounds to the target, from the {@code iterations.csv} beside its trace: the
 * rows up to the first whose {@code gap} is ≤ the target, else all of them (the run stopped first,
 * so the count is a lower bound, and {@link #reached} says so).
 *
 * @param rounds rounds counted
 * @param reached whether the run's gap reached the target
 */
public record RecordedRounds(int rounds, boolean reached) {
    /**
     * @throws IllegalArgumentException naming the file and line when malformed
     */
    public static RecordedRounds read(Path file, double targetGap) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        if (lines.isEmpty()) {
            throw new IllegalArgumentException(file + ": empty (expected a header line)");
        }
        int cg = Arrays.asList(lines.get(0).trim().split("\\s*,\\s*")).indexOf("gap");
        int rounds = 0;
        for (int k = 1; k < lines.size(); k++) {
            if (lines.get(k).isBlank()) {
                continue;
            }
            rounds++;
            String[] f = lines.get(k).split(",", -1);
            if (cg >= 0 && f.length > cg && !f[cg].isBlank()) {
                double gap;
                try {
                    gap = Double.parseDouble(f[cg]);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(
                            file + ":" + (k + 1) + ": gap is not a number: '" + f[cg] + "'");
                }
                if (gap <= targetGap) {
                    return new RecordedRounds(rounds, true);
                }
            }
        }
        if (rounds == 0) {
            throw new IllegalArgumentException(file + ": no iterations");
        }
        return new RecordedRounds(rounds, false);
    }
}
