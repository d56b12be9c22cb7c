package io.codedyarn.am.yarn;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Class-data sharing for the embedded cluster's containers: which JVM options a container gets
 * (none, a class list to record, the archive), and the whole cycle with real JVMs: a recorded class
 * list, the dump, and a JVM that maps the archive (-Xshare:on refuses to start otherwise).
 */
class ClassDataSharingTest {
    @TempDir Path tmp;

    private Configuration withDir(Path dir) {
        Configuration conf = new Configuration(false);
        conf.set(YarnKeys.EMBEDDED_CDS_DIR, dir.toString());
        return conf;
    }

    @Test
    void noDirectoryNoOptions() {
        assertThat(
                        ClassDataSharing.jvmOptions(
                                new Configuration(false), ClassDataSharing.Role.AM, true, "a"))
                .isEmpty();
    }

    @Test
    void recordsWithoutAnArchiveMapsWithOneAndStopsAfterAFailedDump() throws Exception {
        Configuration conf = withDir(tmp);
        assertThat(ClassDataSharing.jvmOptions(conf, ClassDataSharing.Role.WORKER, true, "app/1"))
                .isEqualTo(" -XX:DumpLoadedClassList=" + tmp.resolve("worker.app_1.lst"));
        assertThat(ClassDataSharing.jvmOptions(conf, ClassDataSharing.Role.WORKER, false, "x"))
                .isEmpty();
        Files.writeString(tmp.resolve("worker.jsa"), "archive");
        assertThat(ClassDataSharing.jvmOptions(conf, ClassDataSharing.Role.WORKER, false, "x"))
                .isEqualTo(" -Xshare:auto -XX:SharedArchiveFile=" + tmp.resolve("worker.jsa"));
        Files.writeString(tmp.resolve("am.failed"), "exit 1");
        assertThat(ClassDataSharing.jvmOptions(conf, ClassDataSharing.Role.AM, true, "y"))
                .isEmpty();
    }

    @Test
    void theDirectoryDependsOnTheClassPathsJarsAndIsStable() throws Exception {
        Path a = ClassDataSharing.directory(tmp);
        assertThat(ClassDataSharing.directory(tmp)).isEqualTo(a);
        assertThat(a.getParent()).isEqualTo(tmp);
        List<String> cp = ClassDataSharing.classPath();
        int firstDir = cp.size();
        for (int i = 0; i < cp.size(); i++) {
            if (new File(cp.get(i)).isDirectory()) {
                firstDir = Math.min(firstDir, i);
            } else {
                assertThat(i).as("jar " + cp.get(i) + " after a directory").isLessThan(firstDir);
            }
        }
    }

    @Test
    void aRecordedClassListBecomesAnArchiveThatAJvmMaps() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("cds"));
        // a JVM that loads a few JDK classes records them, as an AM would
        Path list = dir.resolve("am.t1.lst");
        assertThat(run("-XX:DumpLoadedClassList=" + list, "-version")).isZero();
        assertThat(Files.readAllLines(list, StandardCharsets.UTF_8)).contains("java/lang/Object");

        // as the embedded cluster does at its close: a detached JVM dumps, this one goes on
        ClassDataSharing.dumpMissingInBackground(dir);

        Path archive = dir.resolve("am.jsa");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(240);
        while (!Files.isRegularFile(archive) && System.nanoTime() < deadline) {
            Thread.sleep(200);
        }
        assertThat(archive)
                .as(
                        Files.exists(dir.resolve("dumper.log"))
                                ? Files.readString(dir.resolve("dumper.log"))
                                : "no dumper.log")
                .isRegularFile();
        while (Files.exists(list) && System.nanoTime() < deadline) {
            Thread.sleep(100); // the dumper deletes the lists after the rename
        }
        assertThat(list).doesNotExist(); // used up
        assertThat(dir.resolve("am.failed")).doesNotExist();
        // -Xshare:on: the JVM exits non-zero unless it maps the archive
        assertThat(run("-Xshare:on", "-XX:SharedArchiveFile=" + archive, "-version")).isZero();
        // and the containers are told to use it
        assertThat(ClassDataSharing.jvmOptions(withDir(dir), ClassDataSharing.Role.AM, true, "t2"))
                .contains("-XX:SharedArchiveFile=" + archive);
    }

    @Test
    void aFailedDumpIsRememberedNotThrown() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("bad"));
        Path list = dir.resolve("worker-vector.t.lst");
        Files.writeString(list, "java/lang/Object\n");
        ClassDataSharing.dumpMissing(dir, "/bin/false"); // a dumping JVM that fails

        assertThat(dir.resolve("worker-vector.jsa")).doesNotExist();
        assertThat(Files.readString(dir.resolve("worker-vector.failed"))).startsWith("exit 1");
        assertThat(list).doesNotExist();
        Configuration conf = withDir(dir);
        // never recorded or dumped again for that role; the other roles are unaffected
        assertThat(
                        ClassDataSharing.jvmOptions(
                                conf, ClassDataSharing.Role.WORKER_VECTOR, true, "t"))
                .isEmpty();
        assertThat(ClassDataSharing.jvmOptions(conf, ClassDataSharing.Role.WORKER, true, "t"))
                .contains("DumpLoadedClassList");
    }

    @Test
    void directoriesUntouchedForADayAreRemovedOthersKept() throws Exception {
        Path current = Files.createDirectories(tmp.resolve("current"));
        Path old = Files.createDirectories(tmp.resolve("old"));
        Path recent = Files.createDirectories(tmp.resolve("recent"));
        Files.writeString(old.resolve("am.jsa"), "x");
        Files.setLastModifiedTime(
                old,
                java.nio.file.attribute.FileTime.fromMillis(
                        System.currentTimeMillis() - 25 * 3_600_000L));
        Files.setLastModifiedTime(
                current,
                java.nio.file.attribute.FileTime.fromMillis(
                        System.currentTimeMillis() - 48 * 3_600_000L));
        ClassDataSharing.removeStale(current);
        assertThat(old).doesNotExist();
        assertThat(recent).isDirectory();
        assertThat(current).isDirectory(); // its own directory, however old
    }

    private static int run(String... args) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(System.getProperty("java.home") + "/bin/java");
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        p.getOutputStream().close();
        p.getInputStream().readAllBytes();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return p.exitValue();
    }
}
