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
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * LIBSVM / SVMlight text: one row per line, {@code label idx:val idx:val ...} with 1-based,
 * strictly increasing indices, separated by spaces or tabs; {@code #} starts a comment; blank lines
 * are skipped. Index i becomes column i−1 of a CSR dataset (or dense, if asked). The column count
 * is {@code --cols}, else the largest index in the input, found by a first streaming pass (which
 * also checks every line, so a bad line fails before anything is written). Errors name file and
 * line: a token without {@code :}, an index that is not an integer or is &lt; 1 or &gt; cols, an
 * index not above the previous one (unsorted or duplicate), a non-numeric or non-finite value.
 */
public final class LibsvmImporter implements Importer {
    private final FileSystem inFs;
    private final Path input;
    private final ImportOptions options;

    public LibsvmImporter(FileSystem inFs, Path input, ImportOptions options) {
        this.inFs = inFs;
        this.input = input;
        this.options = options;
    }

    @Override
    public String format() {
        return "libsvm";
    }

    @Override
    public Manifest importTo(FileSystem fs, Path target, WriterOptions wo) throws IOException {
        List<FileStatus> files = InputFiles.list(inFs, input);
        LabelPolicy labels = LabelPolicy.of(true, options);
        long total = InputFiles.totalBytes(files);
        Line row = new Line(options.cols() == null ? Integer.MAX_VALUE : options.cols());
        int cols;
        if (options.cols() == null) {
            Progress scan = options.startProgress("B (scan)", total);
            long[] stats = new long[2]; // rows, max index
            forEachLine(
                    files,
                    scan,
                    (file, lineNo) -> {
                        labels.map(row.label, file, lineNo, "");
                        stats[0]++;
                        if (row.len > 0) {
                            stats[1] = Math.max(stats[1], row.idx[row.len - 1] + 1L);
                        }
                    },
                    row);
            if (scan != null) {
                scan.finish();
            }
            if (stats[0] == 0) {
                throw new BadInputException(input.toString(), "empty input: no data rows");
            }
            if (stats[1] == 0) {
                throw new BadInputException(
                        input.toString(), "no feature index in any row: give --cols");
            }
            cols = (int) stats[1];
        } else {
            cols = options.cols();
        }
        Progress progress = options.startProgress("B", total);
        try (ImportWriter sink = ImportWriter.create(fs, target, spec(cols, labels), wo)) {
            forEachLine(
                    files,
                    progress,
                    (file, lineNo) ->
                            sink.sparse(
                                    row.idx,
                                    row.val,
                                    row.len,
                                    labels.map(row.label, file, lineNo, ""),
                                    file,
                                    lineNo),
                    row);
            if (sink.rows() == 0) {
                throw new BadInputException(input.toString(), "empty input: no data rows");
            }
            Manifest m = sink.commit();
            if (progress != null) {
                progress.finish();
            }
            return m;
        }
    }

    private DatasetSpec spec(int cols, LabelPolicy labels) {
        Map<String, Object> source = new LinkedHashMap<>();
        source.put("importer", format());
        source.put("input", input.toString());
        Storage storage = options.storage() == null ? Storage.CSR : options.storage();
        // column c is LIBSVM's index c + 1: a rule, not a list (a million columns cost nothing)
        return labels.datasetSpec(storage, cols, source, FeatureNames.LIBSVM);
    }

    @FunctionalInterface
    private interface LineConsumer {
        void accept(String file, long line) throws IOException;
    }

    private void forEachLine(List<FileStatus> files, Progress p, LineConsumer c, Line row)
            throws IOException {
        for (FileStatus st : files) {
            String file = st.getPath().toString();
            try (BufferedReader r =
                    new BufferedReader(
                            new InputStreamReader(
                                    InputFiles.open(
                                            inFs, st.getPath(), p == null ? null : p::advance),
                                    StandardCharsets.UTF_8),
                            InputFiles.BUFFER)) {
                long lineNo = 0;
                String line;
                while ((line = r.readLine()) != null) {
                    lineNo++;
                    if (row.parse(line, file, lineNo)) {
                        c.accept(file, lineNo);
                    }
                }
            }
        }
    }

    /** One parsed line: the label and 0-based column indices with values (reused). */
    static final class Line {
        private final int maxCols;
        double label;
        int[] idx = new int[64];
        double[] val = new double[64];
        int len;

        Line(int maxCols) {
            this.maxCols = maxCols;
        }

        /** Parses a line; false for a blank or comment-only line. */
        boolean parse(String line, String file, long lineNo) {
            int hash = line.indexOf('#');
            int n = hash < 0 ? line.length() : hash;
            int i = skipSpace(line, 0, n);
            if (i >= n) {
                return false;
            }
            int end = token(line, i, n);
            label = Numbers.parse(line.substring(i, end), file, lineNo, "label ");
            len = 0;
            i = skipSpace(line, end, n);
            while (i < n) {
                end = token(line, i, n);
                String tok = line.substring(i, end);
                int colon = tok.indexOf(':');
                if (colon <= 0 || colon == tok.length() - 1) {
                    throw new BadInputException(
                            file,
                            lineNo,
                            "malformed token "
                                    + Numbers.quote(tok)
                                    + " (expected index:value, e.g. 3:0.5)");
                }
                String is = tok.substring(0, colon);
                long index;
                try {
                    index = Long.parseLong(is);
                } catch (NumberFormatException e) {
                    throw new BadInputException(
                            file, lineNo, "index " + Numbers.quote(is) + " is not an integer");
                }
                if (index < 1) {
                    throw new BadInputException(
                            file, lineNo, "index " + index + " < 1 (LIBSVM indices are 1-based)");
                }
                if (index > maxCols) {
                    throw new BadInputException(
                            file, lineNo, "index " + index + " > " + maxCols + " columns (--cols)");
                }
                int col = (int) (index - 1);
                if (len > 0 && col <= idx[len - 1]) {
                    throw new BadInputException(
                            file,
                            lineNo,
                            col == idx[len - 1]
                                    ? "duplicate index " + index
                                    : "index "
                                            + index
                                            + " after "
                                            + (idx[len - 1] + 1)
                                            + " (indices must be increasing)");
                }
                if (len == idx.length) {
                    idx = Arrays.copyOf(idx, 2 * len);
                    val = Arrays.copyOf(val, 2 * len);
                }
                idx[len] = col;
                val[len++] =
                        Numbers.parse(
                                tok.substring(colon + 1), file, lineNo, "index " + index + ": ");
                i = skipSpace(line, end, n);
            }
            return true;
        }

        private static int skipSpace(String s, int i, int n) {
            while (i < n && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) {
                i++;
            }
            return i;
        }

        private static int token(String s, int i, int n) {
            while (i < n && s.charAt(i) != ' ' && s.charAt(i) != '\t') {
                i++;
            }
            return i;
        }
    }
}
