package io.codedyarn.am.yarn.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.am.embedded.EmbeddedCluster;
import io.codedyarn.am.yarn.EmbeddedRuns;
import io.codedyarn.coordinator.cluster.JobInfo;
import io.codedyarn.hdfs.generate.GeneratorParams;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.scheme.Schemes;
import java.io.File;
import java.io.OutputStream;
import java.nio.file.Files;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.protocol.HdfsFileStatus;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The job jar cached on HDFS by content: the first submission stores it (mode 600, directory 700,
 * named by its SHA-256), a second one uploads nothing (the same file: inode and modification time),
 * and submitters racing with the same jar store one copy.
 */
class JarCacheIT {
    private static EmbeddedCluster cluster;
    private static FileSystem fs;
    private static EmbeddedRuns runs;

    @BeforeAll
    static void start() throws Exception {
        cluster = EmbeddedRuns.startCluster(JarCacheIT.class, 1024);
        fs = cluster.fileSystem();
        runs = new EmbeddedRuns(cluster);
    }

    @AfterAll
    static void stop() {
        if (cluster != null) {
            cluster.close();
        }
    }

    /** A small jar of {@code bytes} random bytes (the embedded containers run the classpath). */
    private static File jar(String name, int bytes) throws Exception {
        File f = new File("target/embedded/" + name + ".jar").getAbsoluteFile();
        Files.createDirectories(f.getParentFile().toPath());
        byte[] payload = new byte[bytes];
        new java.util.Random(name.hashCode()).nextBytes(payload);
        try (OutputStream o = new JarOutputStream(new java.io.FileOutputStream(f))) {
            ((JarOutputStream) o).putNextEntry(new JarEntry("payload.bin"));
            o.write(payload);
        }
        return f;
    }

    private static String sha256(File f) throws Exception {
        return HexFormat.of()
                .formatHex(
                        MessageDigest.getInstance("SHA-256")
                                .digest(Files.readAllBytes(f.toPath())));
    }

    private static long inode(FileStatus st) {
        return ((HdfsFileStatus) st).getFileId();
    }

    private static YarnTrainer.Result train(
            Configuration conf, SchemeParams params, Path data, String out) throws Exception {
        return YarnTrainer.run(
                conf,
                io.codedyarn.am.Specs.uncodedGd(params, 2),
                new JobInfo(data.toString(), fs.makeQualified(new Path(out)).toString()),
                false);
    }

    @Test
    void aResubmissionUploadsNothingAndTheContainersLocalizeTheCachedJar() throws Exception {
        SchemeParams params = SchemeParams.of(3, 0, 11);
        Plan plan = Schemes.byName("uncoded").place(params, Seeds.generator(params.seed()));
        Path data =
                runs.placed("cache", plan, GeneratorParams.of("higgs-like", 600, 5, 5), List.of())[
                        1];
        File jar = jar("cache-job", 200_000);
        Configuration conf = runs.conf();
        conf.set("coded-yarn.job.jar", jar.getPath());
        Path dir = new Path(fs.getHomeDirectory(), ".coded-yarn/jars");
        Path cached = new Path(dir, "coded-yarn-" + sha256(jar) + ".jar");

        YarnTrainer.Result first = train(conf, params, data, "/runs/c1");
        assertThat(first.summary().diagnostic()).isEmpty();
        assertThat(first.summary().status()).isEqualTo("SUCCEEDED");
        FileStatus st = fs.getFileStatus(cached);
        assertThat(st.getLen()).isEqualTo(jar.length());
        assertThat(st.getPermission().toShort()).isEqualTo((short) 0600);
        assertThat(fs.getFileStatus(dir).getPermission().toShort()).isEqualTo((short) 0700);

        YarnTrainer.Result second = train(conf, params, data, "/runs/c2");
        assertThat(second.summary().status()).isEqualTo("SUCCEEDED");
        FileStatus again = fs.getFileStatus(cached);
        assertThat(inode(again)).as("the same file, not a new upload").isEqualTo(inode(st));
        assertThat(again.getModificationTime()).isEqualTo(st.getModificationTime());
        assertThat(fs.listStatus(dir)).hasSize(1);
    }

    @Test
    void concurrentSubmittersOfOneJarStoreOneCopy() throws Exception {
        File jar = jar("race-job", 3_000_000);
        Path dir = fs.makeQualified(new Path("/race/jars"));
        List<Callable<JarCache.Cached>> puts = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            // each submitter its own client, as separate processes would have
            FileSystem own = FileSystem.newInstance(fs.getUri(), cluster.configuration());
            puts.add(
                    () -> {
                        try (own) {
                            return JarCache.put(own, dir, jar);
                        }
                    });
        }
        ExecutorService pool = Executors.newFixedThreadPool(4);
        List<JarCache.Cached> got = new ArrayList<>();
        try {
            for (Future<JarCache.Cached> f : pool.invokeAll(puts, 120, TimeUnit.SECONDS)) {
                got.add(f.get());
            }
        } finally {
            pool.shutdownNow();
        }
        Path cached = new Path(dir, "coded-yarn-" + sha256(jar) + ".jar");
        assertThat(got).allSatisfy(c -> assertThat(c.status().getPath()).isEqualTo(cached));
        // one rename won (the others' copies dropped): one file, no temporary left
        assertThat(got.stream().mapToLong(JarCache.Cached::uploadedBytes).sum())
                .isEqualTo(jar.length());
        assertThat(fs.listStatus(dir))
                .extracting(s -> s.getPath().getName())
                .containsExactly(cached.getName());
        try (var in = fs.open(cached)) {
            assertThat(in.readAllBytes()).isEqualTo(Files.readAllBytes(jar.toPath()));
        }
        // and a later put uploads nothing
        assertThat(JarCache.put(fs, dir, jar).uploadedBytes()).isZero();
    }
}
