package io.codedyarn.am;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The job jar ({@code target/coded-yarn-VERSION.jar}, built by the shade plugin at package, before
 * failsafe runs): {@code yarn jar} can run it (Main-Class, our classes and non-Hadoop deps inside)
 * and it carries no Hadoop class, which would clash with the cluster's own; the libraries a
 * cluster's Hadoop classpath also has are relocated under {@code io.codedyarn.shaded}, and JMH's
 * runner is left out (bench gets it from target/lib).
 */
class JobJarIT {
    private static Path jobJar() throws java.io.IOException {
        try (Stream<Path> files = Files.list(Path.of("target"))) {
            return files.filter(p -> p.getFileName().toString().matches("coded-yarn-[0-9].*\\.jar"))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("no target/coded-yarn-VERSION.jar"));
        }
    }

    /**
     * The native code the jar keeps loads from the jar alone on this machine (Linux): Netty's
     * BoringSSL, which the AM's and workers' TLS uses, and zstd, which Parquet needs to read a
     * zstd-compressed file ({@code data import}). Each loads in a class loader that sees only the
     * job jar and the JDK.
     */
    @Test
    void theKeptNativeLibrariesLoadFromTheJar() throws Exception {
        try (java.net.URLClassLoader jarOnly =
                new java.net.URLClassLoader(
                        new java.net.URL[] {jobJar().toUri().toURL()},
                        ClassLoader.getPlatformClassLoader())) {
            Class<?> openSsl =
                    Class.forName(
                            "io.grpc.netty.shaded.io.netty.handler.ssl.OpenSsl", true, jarOnly);
            assertThat(openSsl.getMethod("isAvailable").invoke(null))
                    .as("BoringSSL: %s", openSsl.getMethod("unavailabilityCause").invoke(null))
                    .isEqualTo(true);
            Class<?> zstd = Class.forName("com.github.luben.zstd.Zstd", true, jarOnly);
            byte[] text =
                    "coded-yarn ".repeat(100).getBytes(java.nio.charset.StandardCharsets.UTF_8);
            byte[] packed = (byte[]) zstd.getMethod("compress", byte[].class).invoke(null, text);
            assertThat(packed.length).isLessThan(text.length / 10);
            byte[] back =
                    (byte[])
                            zstd.getMethod("decompress", byte[].class, int.class)
                                    .invoke(null, packed, text.length);
            assertThat(back).isEqualTo(text);
        }
    }

    @Test
    void jobJarHasOurClassesAndNoHadoop() throws Exception {
        Path jar = jobJar();
        List<String> hadoop = new ArrayList<>();
        List<String> natives = new ArrayList<>();
        // what must not be there unrelocated, and JMH
        List<String> clashing = new ArrayList<>();
        List<String> unrelocated =
                List.of(
                        "com/google/common/",
                        "com/google/protobuf/",
                        "com/google/gson/",
                        "com/fasterxml/jackson/",
                        "org/apache/commons/math3/",
                        "org/apache/commons/pool/",
                        "org/openjdk/jmh/",
                        "joptsimple/");
        boolean guava = false, protobuf = false, jmhLib = false;
        boolean cli = false, worker = false, am = false, grpc = false, jackson = false;
        // the modules below app-master that the bench and reproduce commands run
        boolean endpoint = false, benchmarks = false, papers = false, training = false;
        // the wire protocol both ends use: codec and generated stubs
        boolean codec = false, stubs = false;
        try (JarFile f = new JarFile(jar.toFile())) {
            assertThat(f.getManifest().getMainAttributes().getValue("Main-Class"))
                    .isEqualTo("io.codedyarn.am.cli.CodedYarn");
            for (JarEntry e : java.util.Collections.list(f.entries())) {
                String n = e.getName();
                if (n.endsWith(".so")
                        || n.endsWith(".dll")
                        || n.endsWith(".dylib")
                        || n.endsWith(".jnilib")) {
                    natives.add(n);
                }
                if (n.startsWith("org/apache/hadoop/")) {
                    hadoop.add(n);
                }
                cli |= n.equals("io/codedyarn/am/cli/CodedYarn.class");
                am |= n.equals("io/codedyarn/am/yarn/master/AppMaster.class");
                worker |= n.equals("io/codedyarn/worker/yarn/WorkerMain.class");
                grpc |= n.startsWith("io/grpc/");
                jackson |= n.startsWith("io/codedyarn/shaded/com/fasterxml/jackson/databind/");
                guava |= n.startsWith("io/codedyarn/shaded/com/google/common/collect/");
                protobuf |= n.equals("io/codedyarn/shaded/com/google/protobuf/Message.class");
                for (String u : unrelocated) {
                    if (n.startsWith(u) && !n.endsWith("/")) {
                        clashing.add(n);
                    }
                }
                endpoint |= n.equals("io/codedyarn/am/net/GrpcWorkerServer.class");
                benchmarks |= n.equals("META-INF/BenchmarkList"); // JMH's, for bench
                papers |= n.equals("io/codedyarn/repro/placement/Reproductions.class");
                training |= n.equals("io/codedyarn/repro/TrainingReproductions.class");
                codec |= n.equals("io/codedyarn/protocol/ProtocolCodec.class");
                stubs |= n.equals("io/codedyarn/protocol/v1/WorkerServiceGrpc.class");
            }
        }
        // exactly the platforms the shade filters keep: a native library's directory (zstd-jni)
        // or its name (Netty's), with zstd-jni's version taken out
        assertThat(
                        natives.stream()
                                .map(n -> n.replaceAll("-[0-9][0-9.]*-[0-9]+\\.", "."))
                                .sorted()
                                .toList())
                .as("native code in the job jar")
                .containsExactly(
                        "META-INF/native/libio_grpc_netty_shaded_netty_tcnative_linux_aarch_64.so",
                        "META-INF/native/libio_grpc_netty_shaded_netty_tcnative_linux_x86_64.so",
                        "META-INF/native/libio_grpc_netty_shaded_netty_tcnative_osx_aarch_64.jnilib",
                        "META-INF/native/libio_grpc_netty_shaded_netty_tcnative_osx_x86_64.jnilib",
                        "META-INF/native/libio_grpc_netty_shaded_netty_transport_native_epoll_aarch_64.so",
                        "META-INF/native/libio_grpc_netty_shaded_netty_transport_native_epoll_x86_64.so",
                        "darwin/aarch64/libzstd-jni.dylib",
                        "darwin/x86_64/libzstd-jni.dylib",
                        "linux/aarch64/libzstd-jni.so",
                        "linux/amd64/libzstd-jni.so",
                        "linux/ppc64le/libzstd-jni.so",
                        "linux/s390x/libzstd-jni.so");
        assertThat(hadoop).as("Hadoop classes in " + jar).isEmpty();
        assertThat(clashing).as("unrelocated or JMH classes in " + jar).isEmpty();
        assertThat(List.of(guava, protobuf)).containsOnly(true);
        try (Stream<Path> lib = Files.list(Path.of("target/lib"))) {
            jmhLib = lib.anyMatch(p -> p.getFileName().toString().startsWith("jmh-core-"));
        }
        assertThat(jmhLib).as("JMH in target/lib, for bin/coded-yarn bench").isTrue();
        assertThat(
                        List.of(
                                cli,
                                am,
                                worker,
                                grpc,
                                jackson,
                                endpoint,
                                benchmarks,
                                papers,
                                training,
                                codec,
                                stubs))
                .containsOnly(true);
    }
}
