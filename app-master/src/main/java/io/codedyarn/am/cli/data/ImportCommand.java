package io.codedyarn.am.cli.data;

import io.codedyarn.am.cli.common.CliContext;
import io.codedyarn.hdfs.dataset.Manifest;
import io.codedyarn.hdfs.dataset.Storage;
import io.codedyarn.hdfs.dataset.WriterOptions;
import io.codedyarn.hdfs.importer.DatasetImport;
import io.codedyarn.hdfs.importer.ImportOptions;
import io.codedyarn.hdfs.importer.Importer;
import io.codedyarn.hdfs.progress.Progress;
import io.codedyarn.placement.InvalidParametersException;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code coded-yarn data import}: a CSV, LIBSVM, IDX or Parquet input into a dataset. */
@Command(
        name = "import",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Import CSV, LIBSVM, IDX (MNIST) or Parquet from any Hadoop FileSystem into a dataset"
                    + " directory (written to a temporary directory, renamed on success).",
            "Inputs ending in .gz are gunzipped; a directory input means its visible part files"
                    + " (not _* or .*) in name order. Bad input: one line naming file and line,"
                    + " exit 2, nothing written."
        })
public final class ImportCommand implements Callable<Integer> {
    private final CliContext ctx;

    @Spec picocli.CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--format",
            required = true,
            paramLabel = "FMT",
            description = "csv | libsvm | idx | parquet")
    String format;

    @Option(
            names = "--input",
            required = true,
            paramLabel = "PATH",
            description = "input file or directory (IDX: the idx3-ubyte images file)")
    String input;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "dataset to write")
    String out;

    @Option(
            names = "--labels",
            paramLabel = "PATH",
            description = "IDX: the idx1-ubyte labels file (without it: no labels)")
    String labels;

    @Option(
            names = "--label-column",
            paramLabel = "I|NAME",
            description =
                    "CSV/Parquet: label column, 0-based index or name (CSV names need --header);"
                            + " default: CSV the last column, Parquet 'label' if present, else"
                            + " the last")
    String labelColumn;

    @Option(names = "--no-labels", description = "CSV/Parquet: no label column (all features)")
    boolean noLabels;

    @Option(
            names = "--classes",
            split = ",",
            paramLabel = "L",
            description = "declared label values: any other label is an error naming its line")
    double[] classes;

    @Option(
            names = "--positive-labels",
            split = ",",
            paramLabel = "L",
            description = "binary labels for logistic regression: these become +1, all others -1")
    double[] positiveLabels;

    @Option(
            names = "--delimiter",
            paramLabel = "C",
            defaultValue = ",",
            description = "CSV field separator, one character or 'tab' (default: ${DEFAULT-VALUE})")
    String delimiter;

    @Option(names = "--header", description = "CSV: the first line of each file is a header")
    boolean header;

    @Option(
            names = "--cols",
            paramLabel = "D",
            description = "LIBSVM: number of columns (default: the largest index; one extra pass)")
    Integer cols;

    @Option(names = "--scale", description = "IDX: pixels divided by 255 (default: raw 0..255)")
    boolean scale;

    @Option(
            names = "--storage",
            paramLabel = "dense|csr",
            description = "output layout (default: csr for libsvm, dense otherwise)")
    String storage;

    @Option(
            names = "--standardize",
            description = "then: zero mean, unit variance per column (CSR: unit variance)")
    boolean standardize;

    @Option(names = "--intercept", description = "then: append an all-ones column")
    boolean intercept;

    @Option(
            names = "--shuffle-seed",
            paramLabel = "S",
            description = "then: shuffle rows globally with this seed (recorded)")
    Long shuffleSeed;

    @Option(names = "--overwrite", description = "replace an existing --out dataset")
    boolean overwrite;

    @Option(
            names = "--block-size",
            paramLabel = "BYTES",
            defaultValue = "64m",
            description =
                    "target block file size, e.g. 64m, 1g, 1048576 (default: ${DEFAULT-VALUE})")
    String blockSize;

    @Option(names = "--quiet", description = "no progress output")
    boolean quiet;

    public ImportCommand(CliContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() throws Exception {
        String fmt = format.toLowerCase(Locale.ROOT);
        if (!DatasetImport.FORMATS.contains(fmt)) {
            throw new InvalidParametersException(
                    "--format", "'" + format + "' is not one of " + DatasetImport.FORMATS);
        }
        if (labels != null && !fmt.equals("idx")) {
            throw new InvalidParametersException("--labels", "only for --format idx");
        }
        if (noLabels && (labelColumn != null || classes != null || positiveLabels != null)) {
            throw new InvalidParametersException(
                    "--no-labels", "contradicts --label-column/--classes/--positive-labels");
        }
        Paths.Located in = Paths.resolve(input, ctx.hadoop());
        Paths.Located target = Paths.resolve(out, ctx.hadoop());
        if (!overwrite && target.fs().exists(target.path())) {
            throw new InvalidParametersException(
                    "--out", target.path() + " already exists (use --overwrite to replace it)");
        }
        ImportOptions o =
                ImportOptions.defaults()
                        .withStorage(storage(storage))
                        .withLabelColumn(labelColumn)
                        .withNoLabels(noLabels)
                        .withHeader(header)
                        .withDelimiter(delimiter(delimiter))
                        .withClasses(classes)
                        .withPositiveLabels(positiveLabels)
                        .withCols(cols)
                        .withScale(scale);
        if (labels != null) {
            o = o.withLabels(Paths.resolve(labels, ctx.hadoop()).path());
        }
        if (!quiet) {
            o = o.withProgress((unit, total) -> Progress.onStderr("import", unit, total));
        }
        Importer importer = DatasetImport.importer(fmt, in.fs(), in.path(), o);
        WriterOptions wo =
                WriterOptions.defaults()
                        .withOverwrite(overwrite)
                        .withTargetBlockBytes(bytes(blockSize, "--block-size"));
        long t0 = System.nanoTime();
        Manifest m =
                DatasetImport.run(
                        importer,
                        target.fs(),
                        target.path(),
                        wo,
                        new DatasetImport.Preprocessing(shuffleSeed, standardize, intercept));
        double s = (System.nanoTime() - t0) / 1e9;
        spec.commandLine()
                .getOut()
                .printf(
                        Locale.ROOT,
                        "imported %d rows x %d cols (%s, %d non-zeros, labels %s, %d blocks, %d"
                                + " bytes) into %s in %.1f s%n",
                        m.rows(),
                        m.cols(),
                        m.storage().name().toLowerCase(Locale.ROOT),
                        m.nnz(),
                        m.labels(),
                        m.blocks().size(),
                        m.bytes(),
                        target.path(),
                        s);
        spec.commandLine().getOut().flush();
        String note = defaultLabelNote(fmt, m);
        if (note != null) {
            spec.commandLine().getErr().println(note);
            spec.commandLine().getErr().flush();
        }
        return 0;
    }

    /**
     * Says which column became the label when the user did not choose (CSV: the last; Parquet:
     * {@code label}, else the last), since an unlabeled file silently loses its last feature
     * otherwise; null when they chose (--label-column, --no-labels) or the format has no columns.
     */
    String defaultLabelNote(String fmt, Manifest m) {
        if (noLabels || labelColumn != null || !(fmt.equals("csv") || fmt.equals("parquet"))) {
            return null;
        }
        // the importer's provenance; preprocessing nests it under "source"
        java.util.Map<?, ?> source = m.spec().source();
        while (source != null
                && !source.containsKey("labelColumn")
                && source.get("source") instanceof java.util.Map<?, ?> inner) {
            source = inner;
        }
        Object col = source == null ? null : source.get("labelColumn");
        if (col == null || "none".equals(col) || Long.valueOf(-1).equals(col)) {
            return null;
        }
        String which =
                col instanceof Number n
                        ? String.format(
                                Locale.ROOT,
                                "column %d (0-based: the last of %d)",
                                n.longValue(),
                                n.longValue() + 1)
                        : "column '" + col + "'";
        return "import: "
                + which
                + " is the label, not a feature (the default); for unlabeled data (e.g. PCA)"
                + " import with --no-labels, or choose the label with --label-column I|NAME";
    }

    private static Storage storage(String s) {
        if (s == null) {
            return null;
        }
        return switch (s.toLowerCase(Locale.ROOT)) {
            case "dense" -> Storage.DENSE;
            case "csr", "sparse" -> Storage.CSR;
            default ->
                    throw new InvalidParametersException(
                            "--storage", "'" + s + "' is not dense or csr");
        };
    }

    private static char delimiter(String d) {
        if (d.equals("tab") || d.equals("\\t")) {
            return '\t';
        }
        if (d.length() != 1) {
            throw new InvalidParametersException(
                    "--delimiter", "must be one character or 'tab', got '" + d + "'");
        }
        return d.charAt(0);
    }

    /** Parses {@code 123}, {@code 64k}, {@code 64m}, {@code 1g} (binary multiples). */
    static long bytes(String s, String flag) {
        String t = s.trim().toLowerCase(Locale.ROOT);
        long mult = 1;
        for (String[] unit :
                List.of(
                        new String[] {"k", "10"},
                        new String[] {"m", "20"},
                        new String[] {"g", "30"})) {
            if (t.endsWith(unit[0]) || t.endsWith(unit[0] + "b") || t.endsWith(unit[0] + "ib")) {
                t = t.substring(0, t.indexOf(unit[0]));
                mult = 1L << Integer.parseInt(unit[1]);
            }
        }
        try {
            long v = Long.parseLong(t.trim()) * mult;
            if (v < 1) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            throw new InvalidParametersException(
                    flag, "'" + s + "' is not a positive size (e.g. 64m, 1g, 1048576)");
        }
    }
}
