package io.codedyarn.am.report;

import io.codedyarn.am.output.CsvFields;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One of a run's CSV files ({@code RunOutputs} writes them): a header naming the columns, then rows
 * whose fields may be quoted ({@link CsvFields} splits each line). Every accessor names the file,
 * line and column of what it cannot read.
 */
final class CsvTable {
    private final Path file;
    private final List<String> header;
    private final List<String[]> rows = new ArrayList<>();
    private final List<Integer> lineNumbers = new ArrayList<>();

    private CsvTable(Path file, List<String> header) {
        this.file = file;
        this.header = header;
    }

    /**
     * Reads {@code file}, whose header must hold {@code required} columns.
     *
     * @throws IllegalArgumentException naming the file and line of a malformed header or row
     */
    static CsvTable read(Path file, String... required) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        if (lines.isEmpty()) {
            throw new IllegalArgumentException(file + ": empty (expected a header line)");
        }
        List<String> header = Arrays.asList(CsvFields.split(file + ":1", lines.get(0)));
        for (String c : required) {
            if (!header.contains(c)) {
                throw new IllegalArgumentException(
                        file
                                + ":1: no column '"
                                + c
                                + "' in the header '"
                                + lines.get(0)
                                + "' (expected "
                                + String.join(",", required)
                                + ")");
            }
        }
        CsvTable t = new CsvTable(file, header);
        for (int k = 1; k < lines.size(); k++) {
            if (lines.get(k).isEmpty()) {
                continue;
            }
            String[] f = CsvFields.split(file + ":" + (k + 1), lines.get(k));
            if (f.length != header.size()) {
                throw new IllegalArgumentException(
                        file
                                + ":"
                                + (k + 1)
                                + ": "
                                + f.length
                                + " fields, the header has "
                                + header.size());
            }
            t.rows.add(f);
            t.lineNumbers.add(k + 1);
        }
        return t;
    }

    int rows() {
        return rows.size();
    }

    String text(int row, String column) {
        return rows.get(row)[header.indexOf(column)];
    }

    /** The header's column names, in order. */
    List<String> columns() {
        return header;
    }

    /** A number; null for an empty field (unknown). */
    Double number(int row, String column) {
        String s = text(row, column);
        if (s.isEmpty()) {
            return null;
        }
        try {
            return Double.parseDouble(s);
        } catch (NumberFormatException e) {
            throw bad(row, column, "is not a number");
        }
    }

    long integer(int row, String column) {
        String s = text(row, column);
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            throw bad(row, column, "is not an integer");
        }
    }

    private IllegalArgumentException bad(int row, String column, String what) {
        return new IllegalArgumentException(
                file
                        + ":"
                        + lineNumbers.get(row)
                        + ": column '"
                        + column
                        + "' "
                        + what
                        + ": '"
                        + text(row, column)
                        + "'");
    }
}
