package io.codedyarn.hdfs.importer;

import io.codedyarn.hdfs.dataset.DatasetSpec;
import io.codedyarn.hdfs.dataset.FeatureNames;
import io.codedyarn.hdfs.dataset.Manifest;
import io.codedyarn.hdfs.dataset.Storage;
import io.codedyarn.hdfs.dataset.WriterOptions;
import io.codedyarn.hdfs.progress.Progress;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Delimited text, one row per line, all values numeric. Streams line by line.
 *
 * <ul>
 *   <li>The first data row fixes the column count; a row with another count is "ragged" (an error
 *       naming its line). Blank lines are skipped. Fields may be double-quoted ({@code "1.5"}, with
 *       {@code ""} for a quote inside); an unterminated quote makes the line malformed.
 *   <li>With {@code header}, the first line of every file (a directory of part files is read in
 *       name order) is a header; its names may select the label column.
 *   <li>The label column is {@code labelColumn} (0-based index, or a header name), by default the
 *       <b>last</b> column; {@code noLabels}: every column is a feature. Feature columns keep their
 *       order with the label column removed.
 *   <li>Values are decimal numbers; NaN/Inf (any spelling) and non-numbers are errors that quote
 *       the token: {@code data.csv:17: column 3: "abc" is not a number}. Columns are 0-based.
 * </ul>
 *
 * Storage is dense unless CSR is asked for (then zeros are dropped).
 */
public final class CsvImporter implements Importer {
    private final FileSystem inFs;
    private final Path input;
    private final ImportOptions options;

    public CsvImporter(FileSystem inFs, Path input, ImportOptions options) {
        this.inFs = inFs;
        this.input = input;
        this.options = options;
    }

    @Override
    public String format() {
        return "csv";
    }

    @Override
    public Manifest importTo(FileSystem fs, Path target, WriterOptions wo) throws IOException {
        List<FileStatus> files = InputFiles.list(inFs, input);
        LabelPolicy labels = LabelPolicy.of(!options.noLabels(), options);
        Progress progress = options.startProgress("B", InputFiles.totalBytes(files));
        List<String> tokens = new ArrayList<>();
        List<String> names = null;
        ImportWriter sink = null;
        int width = -1;
        int labelCol = -1;
        double[] row = null;
        try {
            for (FileStatus st : files) {
                String file = st.getPath().toString();
                boolean headerPending = options.header();
                try (BufferedReader r =
                        new BufferedReader(
                                new InputStreamReader(
                                        InputFiles.open(
                                                inFs,
                                                st.getPath(),
                                                progress == null ? null : progress::advance),
                                        StandardCharsets.UTF_8),
                                InputFiles.BUFFER)) {
                    long lineNo = 0;
                    String line;
                    while ((line = r.readLine()) != null) {
                        lineNo++;
                        if (lineNo == 1 && line.startsWith("\uFEFF")) {
                            line = line.substring(1); // UTF-8 byte order mark
                        }
                        if (line.isBlank()) {
                            continue;
                        }
                        split(line, options.delimiter(), tokens, file, lineNo);
                        if (headerPending) {
                            headerPending = false;
                            if (names == null) {
                                names = List.copyOf(tokens);
                            }
                            if (width >= 0 && tokens.size() != width) {
                                throw ragged(file, lineNo, "header", tokens.size(), width);
                            }
                            continue;
                        }
                        if (width < 0) {
                            width = tokens.size();
                            if (names != null && names.size() != width) {
                                throw ragged(file, lineNo, "row", width, names.size());
                            }
                            labelCol = labels.present() ? labelColumn(width, names, file) : -1;
                            int cols = width - (labelCol >= 0 ? 1 : 0);
                            if (cols < 1) {
                                throw new BadInputException(
                                        file,
                                        lineNo,
                                        "only the label column: no feature columns"
                                                + " (use --no-labels for unlabelled data)");
                            }
                            row = new double[cols];
                            sink =
                                    ImportWriter.create(
                                            fs, target, spec(cols, labels, labelCol, names), wo);
                        } else if (tokens.size() != width) {
                            throw ragged(file, lineNo, "row", tokens.size(), width);
                        }
                        double label = Double.NaN;
                        int k = 0;
                        for (int c = 0; c < width; c++) {
                            String where = "column " + c + ": ";
                            if (c == labelCol) {
                                label =
                                        labels.map(
                                                Numbers.parse(tokens.get(c), file, lineNo, where),
                                                file,
                                                lineNo,
                                                where);
                            } else {
                                row[k++] = Numbers.parse(tokens.get(c), file, lineNo, where);
                            }
                        }
                        sink.dense(row, label, file, lineNo);
                    }
                }
            }
            if (sink == null) {
                throw new BadInputException(input.toString(), "empty input: no data rows");
            }
            Manifest m = sink.commit();
            if (progress != null) {
                progress.finish();
            }
            return m;
        } finally {
            if (sink != null) {
                sink.close();
            }
        }
    }

    /**
     * The dataset's spec; with a header its names (the label's left out) name the features, else
     * they are {@code x0, x1, …}.
     */
    private DatasetSpec spec(int cols, LabelPolicy labels, int labelCol, List<String> names) {
        Map<String, Object> source = new LinkedHashMap<>();
        source.put("importer", format());
        source.put("input", input.toString());
        source.put("delimiter", String.valueOf(options.delimiter()));
        source.put("header", options.header());
        source.put("labelColumn", (long) labelCol);
        Storage storage = options.storage() == null ? Storage.DENSE : options.storage();
        FeatureNames features = FeatureNames.INDEXED;
        if (names != null) {
            List<String> kept = new ArrayList<>(names);
            if (labelCol >= 0) {
                kept.remove(labelCol);
            }
            features = new FeatureNames.Listed(kept);
        }
        return labels.datasetSpec(storage, cols, source, features);
    }

    private int labelColumn(int width, List<String> names, String file) {
        String spec = options.labelColumn();
        if (spec == null) {
            return width - 1;
        }
        if (spec.matches("\\d+")) {
            int c = Integer.parseInt(spec);
            if (c >= width) {
                throw new IllegalArgumentException(
                        "--label-column "
                                + c
                                + " is out of range: "
                                + file
                                + " has "
                                + width
                                + " columns (0.."
                                + (width - 1)
                                + ")");
            }
            return c;
        }
        if (names == null) {
            throw new IllegalArgumentException(
                    "--label-column '" + spec + "' is a name, which needs --header");
        }
        int c = names.indexOf(spec);
        if (c < 0) {
            throw new IllegalArgumentException(
                    "--label-column '" + spec + "' is not in the header of " + file);
        }
        return c;
    }

    private static BadInputException ragged(
            String file, long line, String what, int got, int expected) {
        return new BadInputException(
                file,
                line,
                "ragged " + what + ": " + got + " columns, but the first row has " + expected);
    }

    /**
     * Splits a line at {@code delim} into trimmed fields; a field starting with {@code "} runs to
     * the matching quote ({@code ""} inside is a quote).
     */
    static void split(String line, char delim, List<String> out, String file, long lineNo) {
        out.clear();
        int n = line.length();
        int i = 0;
        while (true) {
            while (i < n && line.charAt(i) == ' ' && delim != ' ') {
                i++;
            }
            if (i < n && line.charAt(i) == '"') {
                StringBuilder sb = new StringBuilder();
                int j = i + 1;
                while (true) {
                    if (j >= n) {
                        throw new BadInputException(
                                file,
                                lineNo,
                                "malformed line: unterminated quote in field " + out.size());
                    }
                    char ch = line.charAt(j);
                    if (ch == '"') {
                        if (j + 1 < n && line.charAt(j + 1) == '"') {
                            sb.append('"');
                            j += 2;
                            continue;
                        }
                        break;
                    }
                    sb.append(ch);
                    j++;
                }
                j++;
                while (j < n && line.charAt(j) != delim) {
                    if (!Character.isWhitespace(line.charAt(j))) {
                        throw new BadInputException(
                                file,
                                lineNo,
                                "malformed line: text after the closing quote of field "
                                        + out.size());
                    }
                    j++;
                }
                out.add(sb.toString().trim());
                i = j;
            } else {
                int j = line.indexOf(delim, i);
                int end = j < 0 ? n : j;
                out.add(line.substring(i, end).trim());
                i = end;
            }
            if (i >= n) {
                return;
            }
            i++; // past the delimiter
            if (i == n) {
                out.add(""); // a trailing delimiter: an empty last field
                return;
            }
        }
    }
}
