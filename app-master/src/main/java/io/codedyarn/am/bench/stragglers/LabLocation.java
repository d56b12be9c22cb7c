package io.codedyarn.am.bench.stragglers;

import io.codedyarn.placement.InvalidParametersException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the multi-host lab of the lab scenarios is ({@code --cluster yarn}): its directory, found
 * from the options or the environment and checked to be up, and the {@code bin/lab} script that
 * acts on it; the result is the {@link LabControl} the faults use.
 */
public final class LabLocation {
    private LabLocation() {}

    /**
     * The lab the scenarios act on: {@code lab} ({@code --lab}), {@code $CODED_YARN_LAB_DIR}, or
     * the parent of {@code HADOOP_CONF_DIR} when that is a lab's conf/; checked to be a lab that is
     * up, driven by {@code labCommand} ({@code --lab-command}; null: {@code bin/lab} beside {@code
     * bin/coded-yarn}).
     *
     * @throws InvalidParametersException naming {@code --lab} or {@code --lab-command}
     */
    public static LabControl find(String lab, String labCommand) {
        String dir = lab != null ? lab : System.getenv("CODED_YARN_LAB_DIR");
        String conf = System.getenv("HADOOP_CONF_DIR");
        if (dir == null && conf != null && Path.of(conf).getParent() != null) {
            Path parent = Path.of(conf).toAbsolutePath().getParent();
            if (Files.exists(parent.resolve("run/lab.env"))) {
                dir = parent.toString();
            }
        }
        InvalidParametersException.require(
                dir != null,
                "--lab",
                "the lab scenarios need a lab: give --lab DIR (the bin/lab directory) or set"
                        + " CODED_YARN_LAB_DIR");
        Path labDir = Path.of(dir).toAbsolutePath();
        InvalidParametersException.require(
                Files.exists(labDir.resolve("run/lab.env")),
                "--lab",
                "%s is not a lab that is up (no run/lab.env; bin/lab up --dir %s)",
                labDir,
                labDir);
        String home = System.getProperty("coded-yarn.home");
        Path cmd =
                labCommand != null
                        ? Path.of(labCommand)
                        : home != null ? Path.of(home, "bin", "lab") : null;
        InvalidParametersException.require(
                cmd != null && Files.isExecutable(cmd),
                "--lab-command",
                cmd == null
                        ? "no bin/lab known: give --lab-command PATH"
                        : "%s is not an executable file",
                cmd);
        return LabControl.command(cmd, labDir, java.time.Duration.ofSeconds(60));
    }
}
