package io.codedyarn.hdfs.dataset;

import java.util.List;

/**
 * How a dataset names its feature columns: the manifest's optional {@code features} object
 * (docs/formats.md). The importer decides it; transformations and {@code data prepare} keep it. It
 * names the columns the importer wrote, in order; a column that a transformation appended (the
 * {@code intercept} step's all-ones column) is named by that step ({@link
 * DatasetSpec#featureNames()} puts both together).
 *
 * <ul>
 *   <li>{@link #INDEXED} ({@code x0, x1, …}): the default, and what a manifest without a {@code
 *       features} object (older writers, the generators, CSV without {@code --header}) means; not
 *       written;
 *   <li>{@link Listed}: the names themselves (the CSV header, Parquet's column names, the label
 *       column left out);
 *   <li>{@link #LIBSVM}: column c is LIBSVM's 1-based index c + 1 ({@code "1", "2", …}), a rule, so
 *       that a million sparse columns cost the manifest a few bytes;
 *   <li>{@link Pixels}: column c is {@code pixel_<row>_<col>} of an image {@code width} pixels wide
 *       (IDX: row = c / width, col = c mod width, both 0-based).
 * </ul>
 */
public sealed interface FeatureNames {
    /** The default: {@code x<c>}. */
    FeatureNames INDEXED = new Numbered("indexed", "x", 0);

    /** LIBSVM's 1-based feature index: {@code 1, 2, …}. */
    FeatureNames LIBSVM = new Numbered("libsvm", "", 1);

    /** The manifest's {@code naming} value. */
    String naming();

    /** The name of the i-th column the importer wrote (0-based). */
    String name(int i);

    /**
     * Column i is {@code prefix} followed by i + {@code first}: {@link #INDEXED}, {@link #LIBSVM}.
     */
    record Numbered(String naming, String prefix, int first) implements FeatureNames {
        @Override
        public String name(int i) {
            return prefix + ((long) i + first);
        }
    }

    /** The names as listed (a header, a schema). */
    record Listed(List<String> names) implements FeatureNames {
        public static final String NAMING = "listed";

        public Listed {
            names = List.copyOf(names);
        }

        @Override
        public String naming() {
            return NAMING;
        }

        @Override
        public String name(int i) {
            return names.get(i);
        }
    }

    /** An image's pixel position, row-major, {@code width} pixels a row. */
    record Pixels(int width) implements FeatureNames {
        public static final String NAMING = "pixel";

        public Pixels {
            if (width < 1) {
                throw new IllegalArgumentException("image width must be >= 1, got " + width);
            }
        }

        @Override
        public String naming() {
            return NAMING;
        }

        @Override
        public String name(int i) {
            return "pixel_" + i / width + "_" + i % width;
        }
    }
}
