package io.codedyarn.exportcheck;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** bin/coded-yarn as a user runs it (the packaged jars of app-master), in its own JVM. */
final class Cli {
    static final Path ROOT =
            Path.of(System.getProperty("codedyarn.root", "..")).toAbsolutePath().normalize();

    private Cli() {}

    /** Runs {@code bin/coded-yarn args...}; returns its output (stdout and stderr). */
    static String run(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(ROOT.resolve("bin/coded-yarn").toString());
        cmd.addAll(List.of(args));
        Process p =
                new ProcessBuilder(cmd).directory(ROOT.toFile()).redirectErrorStream(true).start();
        p.getOutputStream().close();
        byte[] out = p.getInputStream().readAllBytes();
        assertThat(p.waitFor(5, TimeUnit.MINUTES)).isTrue();
        String text = new String(out, StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as("coded-yarn %s:%n%s", String.join(" ", args), text).isZero();
        return text;
    }
}
