package io.codedyarn.am.yarn;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Class-data sharing (AppCDS) for the embedded cluster's ApplicationMaster and worker JVMs: each
 * loads some 6,000 classes (Hadoop's client, gRPC, Netty, TLS) from the same jars run after run,
 * with up to seven JVMs on the machine's cores at once; mapping them from an archive instead of
 * parsing and verifying them saves CPU in every one of them.
 *
 * <p>JDK 17 has no {@code -XX:+AutoCreateSharedArchive} (JDK 19), so an archive is made in two
 * steps. A run without an archive records the classes its AM and its worker 0 load ({@code
 * -XX:DumpLoadedClassList}, written as they load; nothing happens at the JVM's exit). After the run
 * the client dumps a static archive per role from those lists ({@code java -Xshare:dump}), in a
 * separate JVM whose failure is logged and remembered, never fatal. Later runs start their JVMs
 * with {@code -Xshare:auto -XX:SharedArchiveFile=}: a JVM that cannot use the archive (another
 * Java, changed jars) silently runs without it.
 *
 * <p>An archive holds classes of a class-path prefix of jars only (a non-empty directory before an
 * archived class is refused), so with CDS the containers' class path lists the jars first and the
 * directories (the cluster's conf dir, coded-yarn's conf/) after them; no jar has the files those
 * directories hold. The archives live in a directory named by a hash of the Java runtime and every
 * class-path entry's path, size and modification time: a rebuilt jar gets a new one.
 */
public final class ClassDataSharing {
    private static final Logger LOG = LoggerFactory.getLogger(ClassDataSharing.class);

    /** A container role with its own archive (the module options must match the dump's). */
    public enum Role {
        AM("am", ""),
        WORKER("worker", ""),
        /** Workers on the vector path start with {@code --add-modules ALL-SYSTEM}. */
        WORKER_VECTOR("worker-vector", " --add-modules ALL-SYSTEM"),
        /**
         * The client JVM of {@code bin/coded-yarn train} (embedded cluster): its directory and
         * class list are chosen by the script ({@link #CLIENT_DIR_PROPERTY}).
         */
        CLIENT("client", "");

        final String file;
        final String moduleOptions;

        Role(String file, String moduleOptions) {
            this.file = file;
            this.moduleOptions = moduleOptions;
        }
    }

    private static final long DUMP_TIMEOUT_SECONDS = 180;

    /**
     * Set by {@code bin/coded-yarn} when this client JVM records its class list into that
     * directory: the embedded cluster's shutdown then dumps the client's archive there too.
     */
    public static final String CLIENT_DIR_PROPERTY = "coded-yarn.client-cds-dir";

    private ClassDataSharing() {}

    /**
     * Set by {@code bin/coded-yarn} when it found the archives' directory not this user's alone and
     * said so: this JVM then does not say it again.
     */
    static final String REFUSED_PROPERTY = "coded-yarn.cds-refused";

    /**
     * The directory for this JVM's runtime and class path, under {@code parent} (created; {@code
     * parent} with mode 700 when missing): the embedded cluster hands it to its containers ({@link
     * YarnKeys#EMBEDDED_CDS_DIR}). Null, with one line logged, when {@code parent} is not this
     * user's alone ({@link PrivateDirectory}): another user could have planted an archive there.
     */
    public static Path directory(Path parent) throws IOException {
        if (!isPrivate(parent)) {
            return null;
        }
        StringBuilder id =
                new StringBuilder(System.getProperty("java.home"))
                        .append('|')
                        .append(System.getProperty("java.vm.version"));
        for (String entry : classPath()) {
            File f = new File(entry);
            id.append('|').append(f.getAbsolutePath());
            if (f.isFile()) {
                id.append(':').append(f.length()).append(':').append(f.lastModified());
            }
        }
        try {
            byte[] digest =
                    java.security.MessageDigest.getInstance("SHA-256")
                            .digest(id.toString().getBytes(StandardCharsets.UTF_8));
            return Files.createDirectories(parent.resolve(HexFormat.of().formatHex(digest, 0, 8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    /** This JVM's class path: jars first, then directories, each in their own order. */
    static List<String> classPath() {
        List<String> jars = new ArrayList<>();
        List<String> dirs = new ArrayList<>();
        for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (!e.isEmpty()) {
                (new File(e).isDirectory() ? dirs : jars).add(e);
            }
        }
        jars.addAll(dirs);
        return jars;
    }

    private static List<String> jarsOnly() {
        List<String> jars = new ArrayList<>();
        for (String e : classPath()) {
            if (!new File(e).isDirectory()) {
                jars.add(e);
            }
        }
        return jars;
    }

    /**
     * A container's JVM options for {@code role}: the archive when there is one; otherwise, when
     * {@code record}, a class list for the next dump. Empty without {@link
     * YarnKeys#EMBEDDED_CDS_DIR} (a real cluster, or CDS off) or after a failed dump.
     *
     * @param tag names this container's class list (e.g. the application id)
     */
    public static String jvmOptions(Configuration conf, Role role, boolean record, String tag) {
        String dir = conf.get(YarnKeys.EMBEDDED_CDS_DIR, "");
        if (dir.isEmpty()) {
            return "";
        }
        Path d = Path.of(dir);
        Path archive = d.resolve(role.file + ".jsa");
        if (Files.isRegularFile(archive)) {
            return " -Xshare:auto -XX:SharedArchiveFile=" + archive;
        }
        if (record && !Files.exists(d.resolve(role.file + ".failed"))) {
            return " -XX:DumpLoadedClassList="
                    + d.resolve(role.file + "." + tag.replaceAll("[^A-Za-z0-9_.-]", "_") + ".lst");
        }
        return "";
    }

    /**
     * Dumps the archive of every role that has recorded class lists and no archive yet (after a
     * run, in the client). Never throws: a failure is logged and remembered ({@code
     * <role>.failed}), so that later runs neither record nor dump for that role again.
     */
    public static void dumpMissing(Path dir) {
        dumpMissing(dir, Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }

    /**
     * {@link #dumpMissing(Path)} in a JVM of its own that outlives this one, in a session of its
     * own ({@code setsid}, so a Ctrl-C at the terminal does not reach it): the client returns the
     * run's result at once instead of after the dump (33 s at load 10-15 here). Starts nothing when
     * no role has a class list without an archive. Never throws.
     */
    public static void dumpMissingInBackground(Path dir) {
        if (!anyToDump(dir)) {
            return;
        }
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new ArrayList<>();
        if (new File("/usr/bin/setsid").canExecute()) {
            cmd.add("/usr/bin/setsid");
        }
        cmd.addAll(
                List.of(
                        java,
                        "-cp",
                        System.getProperty("java.class.path"),
                        ClassDataSharing.class.getName(),
                        dir.toString()));
        try {
            new ProcessBuilder(cmd)
                    .redirectErrorStream(true)
                    .redirectOutput(
                            ProcessBuilder.Redirect.appendTo(dir.resolve("dumper.log").toFile()))
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .start();
            LOG.info("class-data sharing: dumping the archives in the background into {}", dir);
        } catch (IOException e) {
            LOG.info("class-data sharing: cannot start the dump: {}", e.toString());
        }
    }

    private static volatile boolean clientDumpStarted;

    /**
     * After an embedded cluster ran in this client JVM: dumps the client's archive from the class
     * list {@code bin/coded-yarn} had it record ({@link #CLIENT_DIR_PROPERTY}), in the background.
     */
    public static void dumpClientInBackground() {
        String dir = System.getProperty(CLIENT_DIR_PROPERTY, "");
        if (!dir.isEmpty()) {
            clientDumpStarted = true;
            dumpMissingInBackground(Path.of(dir));
        }
    }

    /**
     * At the client's exit: deletes its class list unless {@link #dumpClientInBackground} took it
     * (a run that started no embedded cluster is no model of one that does).
     */
    public static void discardUnusedClientList() {
        String dir = System.getProperty(CLIENT_DIR_PROPERTY, "");
        if (!dir.isEmpty() && !clientDumpStarted) {
            try {
                Files.deleteIfExists(
                        Path.of(
                                dir,
                                Role.CLIENT.file + "." + ProcessHandle.current().pid() + ".lst"));
            } catch (IOException e) {
                LOG.debug("class-data sharing: {}", e.toString());
            }
        }
    }

    /** The background dumper: {@code ClassDataSharing DIR} runs {@link #dumpMissing(Path)}. */
    public static void main(String[] args) {
        dumpMissing(Path.of(args[0]));
    }

    private static boolean anyToDump(Path dir) {
        for (Role role : Role.values()) {
            try {
                if (!listsToDump(dir, role).isEmpty()) {
                    return true;
                }
            } catch (IOException e) {
                return false;
            }
        }
        return false;
    }

    /** The class lists recorded for {@code role}; none when its archive exists already. */
    private static List<Path> listsToDump(Path dir, Role role) throws IOException {
        List<Path> lists = new ArrayList<>();
        if (Files.exists(dir.resolve(role.file + ".jsa"))) {
            return lists;
        }
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, role.file + ".*.lst")) {
            s.forEach(lists::add);
        }
        return lists;
    }

    /**
     * Whether the archives' directory {@code root} is this user's alone (created with mode 700 when
     * missing); when not, one line says why (unless {@code bin/coded-yarn} said it already).
     */
    static boolean isPrivate(Path root) {
        String why = PrivateDirectory.make(root);
        if (why == null) {
            return true;
        }
        if (System.getProperty(REFUSED_PROPERTY) == null) {
            LOG.warn("class-data sharing off: {}", why);
        } else {
            LOG.debug("class-data sharing off: {}", why);
        }
        return false;
    }

    /** {@link #dumpMissing(Path)} with {@code java} as the dumping JVM's binary. */
    static void dumpMissing(Path dir, String java) {
        if (dir.getParent() == null || !isPrivate(dir.getParent())) {
            return; // no archive written where another user could replace it
        }
        for (Role role : Role.values()) {
            try {
                dump(dir, role, java);
            } catch (IOException | RuntimeException e) {
                LOG.info("class-data sharing: no {} archive: {}", role.file, e.toString());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /**
     * Deletes the sibling directories (other Java runtimes or class paths, e.g. a jar since
     * rebuilt) untouched for {@value #STALE_HOURS} hours: each holds up to some 150 MB of archives.
     * A JVM that has one mapped keeps its pages; a container started after finds no archive and
     * runs without.
     */
    static void removeStale(Path dir) {
        long cutoff = System.currentTimeMillis() - STALE_HOURS * 3_600_000L;
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir.getParent())) {
            for (Path other : s) {
                if (!other.equals(dir)
                        && Files.isDirectory(other)
                        && Files.getLastModifiedTime(other).toMillis() < cutoff) {
                    try (DirectoryStream<Path> files = Files.newDirectoryStream(other)) {
                        for (Path f : files) {
                            Files.deleteIfExists(f);
                        }
                    }
                    Files.deleteIfExists(other);
                }
            }
        } catch (IOException e) {
            LOG.info("class-data sharing: cannot remove old archives: {}", e.toString());
        }
    }

    private static final long STALE_HOURS = 24;

    private static void dump(Path dir, Role role, String java)
            throws IOException, InterruptedException {
        Path archive = dir.resolve(role.file + ".jsa");
        List<Path> lists = listsToDump(dir, role);
        if (lists.isEmpty()) {
            return;
        }
        Set<String> classes = new LinkedHashSet<>();
        for (Path l : lists) {
            classes.addAll(Files.readAllLines(l, StandardCharsets.UTF_8));
        }
        String unique = ProcessHandle.current().pid() + "-" + System.nanoTime();
        Path merged = dir.resolve(role.file + ".merged-" + unique);
        Path partial = dir.resolve(role.file + ".jsa-" + unique);
        Path log = dir.resolve(role.file + ".dump.log");
        Files.write(merged, classes, StandardCharsets.UTF_8);
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        cmd.add("-Xshare:dump");
        cmd.add("-XX:SharedClassListFile=" + merged);
        cmd.add("-XX:SharedArchiveFile=" + partial);
        if (!role.moduleOptions.isEmpty()) {
            cmd.addAll(List.of(role.moduleOptions.trim().split(" ")));
        }
        cmd.add("-cp");
        cmd.add(String.join(File.pathSeparator, jarsOnly()));
        long t0 = System.nanoTime();
        Process p =
                new ProcessBuilder(cmd)
                        .redirectErrorStream(true)
                        .redirectOutput(log.toFile())
                        .start();
        boolean done = p.waitFor(DUMP_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        if (!done) {
            p.destroyForcibly();
        }
        Files.deleteIfExists(merged);
        if (!done || p.exitValue() != 0 || !Files.isRegularFile(partial)) {
            Files.deleteIfExists(partial);
            Files.writeString(
                    dir.resolve(role.file + ".failed"),
                    (done ? "exit " + p.exitValue() : "timed out") + "; see " + log + "\n");
            LOG.info(
                    "class-data sharing: dumping the {} archive failed ({}); see {}",
                    role.file,
                    done ? "exit " + p.exitValue() : "timed out",
                    log);
        } else {
            // atomic: a JVM starting now sees no archive or a whole one
            Files.move(partial, archive, StandardCopyOption.ATOMIC_MOVE);
            removeStale(dir);
            LOG.info(
                    "class-data sharing: {} archive of {} classes in {} ms: {}",
                    role.file,
                    classes.size(),
                    (System.nanoTime() - t0) / 1_000_000,
                    archive);
        }
        for (Path l : lists) {
            Files.deleteIfExists(l);
        }
    }
}
