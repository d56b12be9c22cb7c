package io.codedyarn.am.yarn.client;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.UUID;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The job jar kept on HDFS under the SHA-256 of its content ({@code coded-yarn.jar.cache}, as
 * Spark's {@code spark.yarn.archive}): a submission of a jar the cache holds uploads nothing. A jar
 * is uploaded under a temporary name and renamed into place, so that no submitter ever sees a
 * partial jar under its final name, and of two submitters uploading the same jar at once one rename
 * wins and the other's copy is dropped (HDFS's rename refuses an existing destination).
 */
final class JarCache {
    private static final Logger LOG = LoggerFactory.getLogger(JarCache.class);

    /** The cache directory: the user's alone. */
    static final FsPermission DIR_PERMISSION = new FsPermission((short) 0700);

    /** A cached jar: readable by the user only. */
    static final FsPermission JAR_PERMISSION = new FsPermission((short) 0600);

    /**
     * @param status the cached jar
     * @param uploadedBytes the jar's size when this call stored it; 0 when the cache had it, or
     *     another submitter's copy won the rename
     */
    record Cached(FileStatus status, long uploadedBytes) {}

    private JarCache() {}

    /**
     * {@code jar} in the cache directory {@code dir} (made, mode 700, when missing), uploaded when
     * it is not there yet.
     *
     * @throws IOException naming the directory when it cannot be made or written
     */
    static Cached put(FileSystem fs, Path dir, File jar) throws IOException {
        String hash = sha256(jar);
        Path cached = new Path(dir, "coded-yarn-" + hash + ".jar");
        FileStatus there = existing(fs, cached, jar);
        if (there != null) {
            LOG.info("job jar {} reused from the jar cache {}: nothing uploaded", hash, dir);
            return new Cached(there, 0);
        }
        if (!fs.exists(dir)) {
            fs.mkdirs(dir, DIR_PERMISSION);
            // mkdirs applies the umask (and a concurrent submitter may have made it first)
            fs.setPermission(dir, DIR_PERMISSION);
        }
        Path tmp = new Path(dir, "." + hash + "." + UUID.randomUUID() + ".tmp");
        try {
            fs.copyFromLocalFile(false, false, new Path(jar.toURI()), tmp);
            fs.setPermission(tmp, JAR_PERMISSION);
            boolean renamed;
            try {
                renamed = fs.rename(tmp, cached);
            } catch (FileAlreadyExistsException e) {
                renamed = false;
            }
            if (!renamed) {
                // another submitter stored the same content first: use its copy
                there = existing(fs, cached, jar);
                if (there == null) {
                    throw new IOException(
                            "could not store the job jar as "
                                    + cached
                                    + " (a file of another size is there: delete it)");
                }
                LOG.info("job jar {} stored in the jar cache {} by another submitter", hash, dir);
                return new Cached(there, 0);
            }
        } catch (IOException e) {
            throw new IOException(
                    "jar cache " + dir + " (coded-yarn.jar.cache): " + e.getMessage(), e);
        } finally {
            fs.delete(tmp, false);
        }
        FileStatus st = fs.getFileStatus(cached);
        LOG.info("job jar {} uploaded to the jar cache {} ({} bytes)", hash, dir, jar.length());
        return new Cached(st, st.getLen());
    }

    /** The cached copy's status when it is there and whole (its length is the jar's), else null. */
    private static FileStatus existing(FileSystem fs, Path cached, File jar) throws IOException {
        try {
            FileStatus st = fs.getFileStatus(cached);
            return st.isFile() && st.getLen() == jar.length() ? st : null;
        } catch (java.io.FileNotFoundException e) {
            return null;
        }
    }

    /** The hex SHA-256 of {@code f}'s content. */
    static String sha256(File f) throws IOException {
        MessageDigest md;
        try {
            md = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
        try (InputStream in = new java.io.FileInputStream(f)) {
            byte[] buf = new byte[1 << 16];
            for (int n; (n = in.read(buf)) > 0; ) {
                md.update(buf, 0, n);
            }
        }
        return HexFormat.of().formatHex(md.digest());
    }
}
