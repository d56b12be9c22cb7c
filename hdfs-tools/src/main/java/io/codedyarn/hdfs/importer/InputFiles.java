package io.codedyarn.hdfs.importer;

import java.io.EOFException;
import java.io.FileNotFoundException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongConsumer;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Opening import inputs on any Hadoop FileSystem: a file, or a directory of part files (as Spark
 * and Hive write them), transparently gunzipped when the name ends in {@code .gz}.
 */
public final class InputFiles {
    static final int BUFFER = 1 << 16;

    private InputFiles() {}

    /**
     * The files to import from {@code input}: the file itself, or the visible files of a directory
     * (names not starting with {@code _} or {@code .}, so {@code _SUCCESS} and {@code .crc} files
     * are skipped) in name order, which is the part order Spark writes.
     */
    public static List<FileStatus> list(FileSystem fs, Path input) throws IOException {
        FileStatus st;
        try {
            st = fs.getFileStatus(input);
        } catch (FileNotFoundException e) {
            throw new BadInputException(input.toString(), "no such file or directory");
        }
        if (!st.isDirectory()) {
            return List.of(st);
        }
        FileStatus[] all = fs.listStatus(input);
        Arrays.sort(all, (a, b) -> a.getPath().getName().compareTo(b.getPath().getName()));
        List<FileStatus> out = new ArrayList<>();
        for (FileStatus f : all) {
            String n = f.getPath().getName();
            if (f.isFile() && !n.startsWith("_") && !n.startsWith(".")) {
                out.add(f);
            }
        }
        if (out.isEmpty()) {
            throw new BadInputException(input.toString(), "empty input: directory has no files");
        }
        return out;
    }

    /** Total length of the files (compressed bytes for .gz), for progress. */
    public static long totalBytes(List<FileStatus> files) {
        long sum = 0;
        for (FileStatus f : files) {
            sum += f.getLen();
        }
        return sum;
    }

    /**
     * Opens {@code file} for streaming: buffered, gunzipped if the name ends in {@code .gz}; {@code
     * progress} (may be null) receives the raw bytes read. A truncated or corrupt gzip stream
     * surfaces as a {@link BadInputException} naming the file.
     */
    public static InputStream open(FileSystem fs, Path file, LongConsumer progress)
            throws IOException {
        InputStream raw = fs.open(file, BUFFER);
        if (progress != null) {
            raw = new Counting(raw, progress);
        }
        if (!file.getName().endsWith(".gz")) {
            return raw;
        }
        try {
            return new CheckedGzip(new GZIPInputStream(raw, BUFFER), file.toString());
        } catch (EOFException e) {
            raw.close();
            throw truncated(file.toString());
        } catch (ZipException e) {
            raw.close();
            throw new BadInputException(file.toString(), "not a gzip file: " + e.getMessage());
        }
    }

    static BadInputException truncated(String file) {
        return new BadInputException(
                file, "truncated gzip stream: the file ends before the compressed data does");
    }

    /** Counts raw bytes for progress. */
    private static final class Counting extends FilterInputStream {
        private final LongConsumer progress;

        Counting(InputStream in, LongConsumer progress) {
            super(in);
            this.progress = progress;
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            if (b >= 0) {
                progress.accept(1);
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = in.read(b, off, len);
            if (n > 0) {
                progress.accept(n);
            }
            return n;
        }
    }

    /** Turns the JDK's EOFException / ZipException of a damaged stream into one clear message. */
    private static final class CheckedGzip extends FilterInputStream {
        private final String file;

        CheckedGzip(InputStream in, String file) {
            super(in);
            this.file = file;
        }

        @Override
        public int read() throws IOException {
            try {
                return in.read();
            } catch (EOFException e) {
                throw truncated(file);
            } catch (ZipException e) {
                throw new BadInputException(file, "corrupt gzip data: " + e.getMessage());
            }
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            try {
                return in.read(b, off, len);
            } catch (EOFException e) {
                throw truncated(file);
            } catch (ZipException e) {
                throw new BadInputException(file, "corrupt gzip data: " + e.getMessage());
            }
        }
    }
}
