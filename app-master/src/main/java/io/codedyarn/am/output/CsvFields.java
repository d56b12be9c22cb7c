package io.codedyarn.am.output;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads back one line of a run's CSV outputs: the inverse of {@link OutputCsv}'s quoting (RFC 4180:
 * a field holding a comma or a quote is written {@code "a,b"}, a quote inside it as {@code ""}; a
 * field never spans lines). The report's {@code CsvTable} and the tests that read {@code
 * events.csv} split lines here, so that a reason holding a comma reads back whole.
 */
public final class CsvFields {
    private CsvFields() {}

    /**
     * The fields of {@code line}, unquoted.
     *
     * @param where the file and line number that an error names ({@code "events.csv:3"})
     * @throws IllegalArgumentException for an unterminated quoted field, or text after one
     */
    public static String[] split(String where, String line) {
        List<String> out = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        int i = 0;
        while (true) {
            field.setLength(0);
            if (i < line.length() && line.charAt(i) == '"') {
                i++;
                while (true) {
                    if (i >= line.length()) {
                        throw new IllegalArgumentException(where + ": unterminated quoted field");
                    }
                    char c = line.charAt(i++);
                    if (c == '"') {
                        if (i < line.length() && line.charAt(i) == '"') {
                            field.append('"');
                            i++;
                        } else {
                            break;
                        }
                    } else {
                        field.append(c);
                    }
                }
                if (i < line.length() && line.charAt(i) != ',') {
                    throw new IllegalArgumentException(
                            where + ": text after a quoted field at column " + i);
                }
            } else {
                while (i < line.length() && line.charAt(i) != ',') {
                    field.append(line.charAt(i++));
                }
            }
            out.add(field.toString());
            if (i >= line.length()) {
                return out.toArray(new String[0]);
            }
            i++; // the comma
        }
    }
}
