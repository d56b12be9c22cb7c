package io.codedyarn.am.bench.stragglers;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The multi-host lab as the benchmark sees it from outside the product: which container JVMs run on
 * which host ({@code bin/lab containers}), and the fault commands ({@code bin/lab slow|net|
 * freeze|thaw ...}). {@link #command} runs the real {@code bin/lab}; tests give a small fake.
 */
public interface LabControl {

    /** One container JVM: {@code HOST PID MAIN_CLASS CONTAINER_ID}. */
    record Container(String host, long pid, String mainClass, String containerId) {

        /** Whether it is an ApplicationMaster (its main class ends with {@code AppMaster}). */
        public boolean isAppMaster() {
            return mainClass.endsWith("AppMaster");
        }

        /**
         * The application of {@code container_[eNN_]<cluster>_<app>_<attempt>_<n>}: {@code
         * <cluster>_<app>}; null for a container id that is not one.
         */
        public String application() {
            String[] f = containerId.split("_");
            int i = f.length == 6 ? 2 : 1; // container_e17_... carries the RM's epoch
            return f.length >= 5 && f[0].equals("container") ? f[i] + "_" + f[i + 1] : null;
        }
    }

    /** The container JVMs running now. */
    List<Container> containers() throws IOException, InterruptedException;

    /**
     * Runs {@code bin/lab ARGS}.
     *
     * @throws IOException with its output when it exits non-zero or outlasts its deadline
     */
    void run(List<String> args) throws IOException, InterruptedException;

    /**
     * Parses {@code bin/lab containers}: one {@code HOST PID MAIN_CLASS CONTAINER_ID} a line; a
     * line with a {@code ?} (a JVM whose class or container id could not be read) is skipped.
     */
    static List<Container> parse(String listing) {
        List<Container> out = new ArrayList<>();
        for (String line : listing.split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length != 4 || f[2].equals("?") || f[3].equals("?") || !f[1].matches("\\d+")) {
                continue;
            }
            out.add(new Container(f[0], Long.parseLong(f[1]), f[2], f[3]));
        }
        return out;
    }

    /**
     * The real lab: {@code binLab --dir labDir ARGS}, each call bounded by {@code timeout} (a hung
     * {@code bin/lab} is killed and reported, never waited on for good).
     */
    static LabControl command(Path binLab, Path labDir, Duration timeout) {
        return new LabControl() {
            @Override
            public List<Container> containers() throws IOException, InterruptedException {
                return parse(exec(List.of("containers")));
            }

            @Override
            public void run(List<String> args) throws IOException, InterruptedException {
                exec(args);
            }

            private String exec(List<String> args) throws IOException, InterruptedException {
                List<String> cmd = new ArrayList<>();
                cmd.add(binLab.toString());
                cmd.add(args.get(0));
                cmd.add("--dir");
                cmd.add(labDir.toString());
                cmd.addAll(args.subList(1, args.size()));
                Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
                ByteArrayOutputStream buf = new ByteArrayOutputStream();
                Thread reader =
                        new Thread(
                                () -> {
                                    try (InputStream in = p.getInputStream()) {
                                        in.transferTo(buf);
                                    } catch (IOException e) {
                                        // the process is gone; what was read is reported
                                    }
                                },
                                "bin/lab output");
                reader.setDaemon(true);
                reader.start();
                if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                    p.destroyForcibly();
                    throw new IOException(
                            String.join(" ", cmd) + " did not finish within " + timeout);
                }
                reader.join(5_000);
                String out = buf.toString(StandardCharsets.UTF_8);
                if (p.exitValue() != 0) {
                    throw new IOException(
                            String.join(" ", cmd)
                                    + " exited "
                                    + p.exitValue()
                                    + ": "
                                    + out.strip());
                }
                return out;
            }
        };
    }
}
