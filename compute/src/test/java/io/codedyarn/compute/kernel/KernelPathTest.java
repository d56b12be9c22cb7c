package io.codedyarn.compute.kernel;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Which path a JVM runs: the vector path where asked for and the module is there, the scalar path
 * with a warning where the module is missing (a worker JVM started without it), and the scalar path
 * by default (in-process and simulated runs). Each case starts a fresh JVM, because the default is
 * fixed when the class loads.
 */
class KernelPathTest {
    @Test
    void askedForVectorWithTheModuleRunsVector() throws Exception {
        Child c = run("--add-modules", "ALL-SYSTEM", "-Dcoded-yarn.kernel.vector=true");
        assertThat(c.stdout).contains("path=vector");
        assertThat(c.stderr).doesNotContain("falling back");
    }

    @Test
    void askedForVectorWithoutTheModuleFallsBackToScalarAndSaysSo() throws Exception {
        Child c = run("-Dcoded-yarn.kernel.vector=true");
        assertThat(c.stdout).contains("path=scalar");
        assertThat(c.stderr)
                .contains("WARNING")
                .contains("lacks the module jdk.incubator.vector")
                .contains("falling back to the scalar kernels");
    }

    @Test
    void unsetIsScalarEvenWithTheModule() throws Exception {
        Child c = run("--add-modules", "jdk.incubator.vector");
        assertThat(c.stdout).contains("path=scalar");
        assertThat(c.stderr).doesNotContain("falling back");
    }

    @Test
    void theRuntimeImageHasTheModuleWhetherOrNotItIsResolved() {
        // this JDK (17+, a full image) ships jdk.incubator.vector: the AM's auto picks vector
        assertThat(KernelPath.vectorModuleInRuntime()).isTrue();
        assertThat(KernelPath.VECTOR.label()).isEqualTo("vector");
        assertThat(KernelPath.SCALAR.label()).isEqualTo("scalar");
    }

    private record Child(String stdout, String stderr) {}

    private static Child run(String... jvmOptions) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(System.getProperty("java.home") + "/bin/java");
        cmd.addAll(List.of(jvmOptions));
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(PrintDefaultPath.class.getName());
        Process p = new ProcessBuilder(cmd).start();
        p.getOutputStream().close();
        byte[] out = p.getInputStream().readAllBytes();
        byte[] err = p.getErrorStream().readAllBytes();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(new String(err, StandardCharsets.UTF_8)).isZero();
        return new Child(
                new String(out, StandardCharsets.UTF_8), new String(err, StandardCharsets.UTF_8));
    }
}
