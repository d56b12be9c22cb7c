package io.codedyarn.am.yarn;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The containers' launch command, run as a NodeManager runs it: {@code <LOG_DIR>} and {@code
 * {{JAVA_HOME}}} replaced, then {@code exec /bin/bash -c "<command>"} from a script that exports
 * JAVA_HOME (Hadoop's ContainerLaunch). Stand-in {@code java} scripts report the versions.
 */
class ContainerJavaTest {
    @TempDir Path dir;

    private static final String AM_HINT =
            "; coded-yarn needs Java 17 or newer: set coded-yarn.container.java-home (or"
                    + " coded-yarn.am.java-home) to a JDK 17+ directory on the nodes";

    /** A JDK directory whose bin/java prints {@code versionLine} for -version, else its args. */
    private Path standIn(String name, String versionLine) throws IOException {
        Path bin = Files.createDirectories(dir.resolve(name).resolve("bin"));
        Path java = bin.resolve("java");
        Files.writeString(
                java,
                "#!/bin/sh\n"
                        + "if [ \"$1\" = -version ]; then echo '"
                        + versionLine
                        + "' >&2; echo 'Runtime Environment' >&2; exit 0; fi\n"
                        + "echo \"ran $*\"\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        return dir.resolve(name);
    }

    private record Ran(int exit, String stdout, String stderrFile) {}

    /** The command as a NodeManager with {@code nmJavaHome} runs it. */
    private Ran launch(String javaHome, String nmJavaHome, ContainerJava.Role role)
            throws Exception {
        return launch(
                javaHome,
                nmJavaHome,
                role,
                "-Xmx8m Main 1>" + "<LOG_DIR>/out.stdout 2>" + "<LOG_DIR>/out.stderr");
    }

    private Ran launch(String javaHome, String nmJavaHome, ContainerJava.Role role, String rest)
            throws Exception {
        Path logs = Files.createDirectories(dir.resolve("logs-" + System.nanoTime()));
        String cmd =
                ContainerJava.command(javaHome, role, rest, "out.stderr")
                        .replace("<LOG_DIR>", logs.toString())
                        .replace("{{JAVA_HOME}}", "$JAVA_HOME");
        Path script = dir.resolve("launch_container.sh");
        Files.writeString(
                script,
                "#!/bin/bash\nexport JAVA_HOME=\""
                        + nmJavaHome
                        + "\"\nexec /bin/bash -c \""
                        + cmd
                        + "\"\n");
        Process p =
                new ProcessBuilder("bash", script.toString())
                        .redirectErrorStream(true)
                        .redirectOutput(dir.resolve("script.out").toFile())
                        .start();
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).as("the launch ends").isTrue();
        Path out = logs.resolve("out.stdout");
        Path err = logs.resolve("out.stderr");
        return new Ran(
                p.exitValue(),
                Files.exists(out) ? Files.readString(out, StandardCharsets.UTF_8) : "",
                Files.exists(err) ? Files.readString(err, StandardCharsets.UTF_8) : "");
    }

    @Test
    void javaElevenStopsTheContainerWithOneLineNamingTheVersionAndTheKey() throws Exception {
        Path jdk11 = standIn("jdk11", "openjdk version \"11.0.22\" 2024-01-16");
        Ran r = launch(jdk11.toString(), "/nonexistent", ContainerJava.Role.AM);
        assertThat(r.exit()).isEqualTo(ContainerJava.EXIT_TOO_OLD);
        assertThat(r.stdout()).as("the JVM never ran").isEmpty();
        assertThat(r.stderrFile().lines().toList())
                .containsExactly(
                        "coded-yarn: the ApplicationMaster's container runs Java 11.0.22 ("
                                + jdk11
                                + "/bin/java)"
                                + AM_HINT);
    }

    @Test
    void theNodeManagersJavaHomeIsUsedWhenNoKeyIsSetAndJavaEightIsReadFromItsOldNumbering()
            throws Exception {
        Path jdk8 = standIn("jdk8", "java version \"1.8.0_292\"");
        Ran r = launch("", jdk8.toString(), ContainerJava.Role.WORKER);
        assertThat(r.exit()).isEqualTo(ContainerJava.EXIT_TOO_OLD);
        assertThat(r.stderrFile())
                .isEqualTo(
                        "coded-yarn: this worker's container runs Java 1.8.0_292 ("
                                + jdk8
                                + "/bin/java); coded-yarn needs Java 17 or newer: set"
                                + " coded-yarn.container.java-home (or coded-yarn.worker.java-home)"
                                + " to a JDK 17+ directory on the nodes\n");
    }

    @Test
    void javaSeventeenAndLaterRunTheCommandWithItsOptionsAndRedirections() throws Exception {
        for (String version :
                List.of("openjdk version \"17.0.9\" 2023-10-17", "openjdk version \"21\"")) {
            Path jdk = standIn("jdk-" + version.hashCode(), version);
            Ran r = launch(jdk.toString(), "/nonexistent", ContainerJava.Role.AM);
            assertThat(r.exit()).as(version).isZero();
            assertThat(r.stdout()).as(version).isEqualTo("ran -Xmx8m Main\n");
            assertThat(r.stderrFile()).as(version).isEmpty();
        }
    }

    @Test
    void theKeyWinsOverTheNodeManagersOldJava() throws Exception {
        Path jdk11 = standIn("jdk11", "openjdk version \"11.0.22\" 2024-01-16");
        Path jdk17 = standIn("jdk17", "openjdk version \"17.0.9\" 2023-10-17");
        Ran r = launch(jdk17.toString(), jdk11.toString(), ContainerJava.Role.WORKER);
        assertThat(r.exit()).isZero();
        assertThat(r.stdout()).isEqualTo("ran -Xmx8m Main\n");
    }

    @Test
    void theJdksReleaseFileIsReadWithoutStartingItsJava() throws Exception {
        // bin/java would say 17 (or 11): the release file decides, and no JVM is asked
        Path old = standIn("release11", "openjdk version \"17.0.9\"");
        Files.writeString(old.resolve("release"), "IMPLEMENTOR=\"x\"\nJAVA_VERSION=\"11.0.2\"\n");
        Ran r = launch(old.toString(), "/nonexistent", ContainerJava.Role.AM);
        assertThat(r.exit()).isEqualTo(ContainerJava.EXIT_TOO_OLD);
        assertThat(r.stderrFile()).contains("runs Java 11.0.2 (" + old + "/bin/java)");

        Path recent = standIn("release17", "openjdk version \"11.0.22\"");
        Files.writeString(recent.resolve("release"), "JAVA_VERSION=\"17.0.1\"\n");
        assertThat(launch(recent.toString(), "/nonexistent", ContainerJava.Role.AM).exit())
                .isZero();
    }

    @Test
    void aJavaHomeWithoutJavaIsReportedAsAnUnknownVersion() throws Exception {
        Ran r = launch(dir.resolve("nojdk").toString(), "/nonexistent", ContainerJava.Role.AM);
        assertThat(r.exit()).isEqualTo(ContainerJava.EXIT_TOO_OLD);
        assertThat(r.stderrFile())
                .startsWith(
                        "coded-yarn: the ApplicationMaster's container runs Java unknown ("
                                + dir.resolve("nojdk")
                                + "/bin/java)");
    }

    @Test
    void thisJvmsJdkPassesTheCheck() throws Exception {
        Ran r =
                launch(
                        "",
                        System.getProperty("java.home"),
                        ContainerJava.Role.AM,
                        "-version 2><LOG_DIR>/out.stderr");
        assertThat(r.exit()).isZero();
        assertThat(r.stderrFile()).contains("version \"" + Runtime.version().feature());
    }
}
