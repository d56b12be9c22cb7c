package io.codedyarn.hdfs.importer;

import io.codedyarn.hdfs.dataset.DatasetSpec;
import io.codedyarn.hdfs.dataset.FeatureNames;
import io.codedyarn.hdfs.dataset.Manifest;
import io.codedyarn.hdfs.dataset.Storage;
import io.codedyarn.hdfs.dataset.WriterOptions;
import io.codedyarn.hdfs.progress.Progress;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * IDX, the MNIST / Fashion-MNIST format (gzip or not): an images file {@code idx3-ubyte} (magic
 * {@code 0x00000803}: unsigned bytes, 3 dimensions n × rows × cols, big-endian u32 each) and a
 * labels file {@code idx1-ubyte} (magic {@code 0x00000801}, n). Row i of the dataset is image i
 * flattened row-major (n × (rows·cols), dense float64), its label the i-th label byte.
 *
 * <p>Pixels are stored as their raw values 0..255 (what the file holds; standardise with {@code
 * --standardize} if wanted), or divided by 255 into [0, 1] with {@code scale}. The labels file is
 * read once first for its distinct values, which become the dataset's declared classes (0..9 for
 * MNIST), unless classes are given. Checked, each with a message naming the file: the magic
 * (unsigned-byte type, dimension count), the label count against the image count, a file shorter
 * than its dimensions (truncated) or longer (trailing bytes).
 */
public final class IdxImporter implements Importer {
    static final int IMAGES_MAGIC = 0x00000803;
    static final int LABELS_MAGIC = 0x00000801;

    private final FileSystem inFs;
    private final Path images;
    private final ImportOptions options;

    public IdxImporter(FileSystem inFs, Path images, ImportOptions options) {
        this.inFs = inFs;
        this.images = images;
        this.options = options;
    }

    @Override
    public String format() {
        return "idx";
    }

    @Override
    public Manifest importTo(FileSystem fs, Path target, WriterOptions wo) throws IOException {
        Path labelsPath = options.labels();
        LabelPolicy labels = LabelPolicy.of(labelsPath != null, options);
        String imgFile = images.toString();
        try (DataInputStream img = open(images)) {
            int[] dims = header(img, imgFile, IMAGES_MAGIC, "idx3-ubyte image");
            long n = Integer.toUnsignedLong(dims[0]);
            long pixels = Integer.toUnsignedLong(dims[1]) * Integer.toUnsignedLong(dims[2]);
            if (n == 0) {
                throw new BadInputException(imgFile, "empty input: 0 images");
            }
            if (pixels < 1 || pixels > Integer.MAX_VALUE - 8) {
                throw new BadInputException(
                        imgFile, "bad dimensions " + dims[1] + " x " + dims[2] + " per image");
            }
            DataInputStream lab = null;
            String labFile = labelsPath == null ? null : labelsPath.toString();
            try {
                if (labelsPath != null) {
                    labels = labels.withDefaultClasses(distinctLabels(labelsPath, n));
                    lab = open(labelsPath);
                    header(lab, labFile, LABELS_MAGIC, "idx1-ubyte label");
                }
                return write(fs, target, wo, img, lab, labels, n, (int) pixels, dims, labFile);
            } finally {
                if (lab != null) {
                    lab.close();
                }
            }
        }
    }

    private Manifest write(
            FileSystem fs,
            Path target,
            WriterOptions wo,
            DataInputStream img,
            DataInputStream lab,
            LabelPolicy labels,
            long n,
            int pixels,
            int[] dims,
            String labFile)
            throws IOException {
        String imgFile = images.toString();
        Map<String, Object> source = new LinkedHashMap<>();
        source.put("importer", format());
        source.put("input", imgFile);
        if (labFile != null) {
            source.put("labels", labFile);
        }
        source.put("imageRows", Integer.toUnsignedLong(dims[1]));
        source.put("imageCols", Integer.toUnsignedLong(dims[2]));
        source.put("scale", options.scale() ? "divided by 255" : "raw 0..255");
        Storage storage = options.storage() == null ? Storage.DENSE : options.storage();
        // the images are row-major, dims[2] pixels a row: pixel_<row>_<col>
        DatasetSpec spec =
                labels.datasetSpec(storage, pixels, source, new FeatureNames.Pixels(dims[2]));
        double f = options.scale() ? 1.0 / 255 : 1.0;
        double[] lut = new double[256];
        for (int v = 0; v < 256; v++) {
            lut[v] = v * f;
        }
        byte[] buf = new byte[pixels];
        double[] row = new double[pixels];
        Progress progress = options.startProgress("images", n);
        try (ImportWriter sink = ImportWriter.create(fs, target, spec, wo)) {
            for (long i = 0; i < n; i++) {
                try {
                    img.readFully(buf);
                } catch (EOFException e) {
                    throw new BadInputException(
                            imgFile,
                            "truncated: the header promises "
                                    + n
                                    + " images but the data ends in image "
                                    + (i + 1));
                }
                for (int p = 0; p < pixels; p++) {
                    row[p] = lut[buf[p] & 0xFF];
                }
                double label = Double.NaN;
                if (lab != null) {
                    int b = lab.read();
                    if (b < 0) {
                        throw new BadInputException(
                                labFile, "truncated: ends at label " + (i + 1) + " of " + n);
                    }
                    label = labels.map(b, labFile, 0, "item " + (i + 1) + ": ");
                }
                sink.dense(row, label, imgFile, 0);
                if (progress != null) {
                    progress.advance(1);
                }
            }
            if (img.read() >= 0) {
                throw new BadInputException(
                        imgFile,
                        "trailing bytes after "
                                + n
                                + " images of "
                                + dims[1]
                                + " x "
                                + dims[2]
                                + " (dimension mismatch)");
            }
            Manifest m = sink.commit();
            if (progress != null) {
                progress.finish();
            }
            return m;
        }
    }

    /** First pass over the labels file: its distinct values (≤ 256), checking count and length. */
    private double[] distinctLabels(Path labelsPath, long n) throws IOException {
        String file = labelsPath.toString();
        boolean[] seen = new boolean[256];
        try (DataInputStream in = open(labelsPath)) {
            int[] dims = header(in, file, LABELS_MAGIC, "idx1-ubyte label");
            long count = Integer.toUnsignedLong(dims[0]);
            if (count != n) {
                throw new BadInputException(
                        file,
                        "dimension mismatch: "
                                + count
                                + " labels for "
                                + n
                                + " images in "
                                + images);
            }
            byte[] buf = new byte[InputFiles.BUFFER];
            long left = n;
            while (left > 0) {
                int got = in.read(buf, 0, (int) Math.min(buf.length, left));
                if (got < 0) {
                    throw new BadInputException(
                            file, "truncated: ends after " + (n - left) + " of " + n + " labels");
                }
                for (int k = 0; k < got; k++) {
                    seen[buf[k] & 0xFF] = true;
                }
                left -= got;
            }
            if (in.read() >= 0) {
                throw new BadInputException(
                        file, "trailing bytes after " + n + " labels (dimension mismatch)");
            }
        }
        int k = 0;
        double[] classes = new double[256];
        for (int v = 0; v < 256; v++) {
            if (seen[v]) {
                classes[k++] = v;
            }
        }
        return java.util.Arrays.copyOf(classes, k);
    }

    private DataInputStream open(Path p) throws IOException {
        InputStream in = InputFiles.open(p.getFileSystem(inFs.getConf()), p, null);
        return new DataInputStream(new java.io.BufferedInputStream(in, InputFiles.BUFFER));
    }

    /**
     * Reads the magic (0, 0, type 0x08 = unsigned byte, number of dimensions) and the dimensions,
     * which must match {@code magic}.
     */
    static int[] header(DataInputStream in, String file, int magic, String what)
            throws IOException {
        int ndims = magic & 0xFF;
        int m;
        int[] dims = new int[ndims];
        try {
            m = in.readInt();
            if (m != magic) {
                throw new BadInputException(
                        file,
                        String.format(
                                "bad IDX magic 0x%08X: expected 0x%08X for an %s file%s",
                                m,
                                magic,
                                what,
                                (m >>> 16) == 0 && ((m >>> 8) & 0xFF) != 0x08
                                        ? String.format(
                                                " (data type 0x%02X is not unsigned byte)",
                                                (m >>> 8) & 0xFF)
                                        : (m >>> 8) == 0x08
                                                ? " (" + (m & 0xFF) + " dimensions)"
                                                : ""));
            }
            for (int d = 0; d < ndims; d++) {
                dims[d] = in.readInt();
            }
        } catch (EOFException e) {
            throw new BadInputException(file, "truncated: shorter than its IDX header");
        }
        return dims;
    }
}
