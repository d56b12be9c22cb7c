package io.codedyarn.am.cli.common;

import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.am.cli.CliRun;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.log4j.LogManager;
import org.apache.log4j.PatternLayout;
import org.apache.log4j.PropertyConfigurator;
import org.apache.log4j.WriterAppender;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * The console's logging as {@code bin/coded-yarn} configures it ({@code conf/log4j.properties},
 * java.util.logging bridged): the embedded cluster's noise — Guice's JUL warnings, Hadoop's and
 * Jetty's INFO — is off, coded-yarn's INFO and every library's errors are on, and {@code -v} turns
 * everything on. The loggers are the real names the embedded cluster logs under.
 */
class ConsoleLoggingTest {
    private static final String GUICE =
            "org.apache.hadoop.shaded.com.google.inject.servlet.GuiceFilter";
    private static final String RESOURCE_MANAGER =
            "org.apache.hadoop.yarn.server.resourcemanager.ResourceManager";
    private static final String JETTY = "org.apache.hadoop.shaded.org.eclipse.jetty.server.Server";
    private static final String HDFS_CLIENT = "org.apache.hadoop.hdfs.DFSClient";

    private final StringWriter console = new StringWriter();

    @BeforeEach
    void theShippedConfiguration() {
        LogManager.resetConfiguration();
        PropertyConfigurator.configure(Path.of("..", "conf", "log4j.properties").toString());
        // the shipped appender writes to stderr; the same layout, captured
        LogManager.getRootLogger().removeAllAppenders();
        LogManager.getRootLogger()
                .addAppender(new WriterAppender(new PatternLayout("%-5p %c: %m%n"), console));
        ConsoleLogging.install();
    }

    @AfterEach
    void theTestConfiguration() throws java.io.IOException {
        java.util.logging.LogManager.getLogManager().readConfiguration(); // JUL's own handler
        LogManager.resetConfiguration();
        PropertyConfigurator.configure(getClass().getResource("/log4j.properties"));
    }

    private void logEverywhere() {
        java.util.logging.Logger.getLogger(GUICE)
                .warning("Multiple Servlet injectors detected. This is a warning ...");
        LoggerFactory.getLogger(RESOURCE_MANAGER).info("Transitioned to active state");
        LoggerFactory.getLogger(JETTY).info("Started @1234ms");
        LoggerFactory.getLogger("io.codedyarn.am.embedded.EmbeddedCluster")
                .info("embedded cluster up");
        LoggerFactory.getLogger("io.codedyarn.am.yarn.client.YarnSubmitter")
                .info("application_1_0001 RUNNING");
        LoggerFactory.getLogger(HDFS_CLIENT).error("could not complete the file");
    }

    /** A quick command; {@code -v} before the command's name, {@code --verbose} after it. */
    private static CliRun plan(String... verbose) {
        List<String> a = new ArrayList<>();
        if (verbose.length > 0 && verbose[0].equals("-v")) {
            a.add("-v");
        }
        a.addAll(List.of("plan", "--scheme", "fractional", "--workers", "6", "--stragglers", "2"));
        if (verbose.length > 0 && verbose[0].equals("--verbose")) {
            a.add("--verbose");
        }
        return CliRun.of(a.toArray(String[]::new));
    }

    @Test
    void byDefaultOnlyCodedYarnsLinesAndOtherLibrariesErrorsShow() {
        logEverywhere();
        String out = console.toString();
        assertThat(out)
                .contains("INFO  io.codedyarn.am.embedded.EmbeddedCluster: embedded cluster up")
                .contains(
                        "INFO  io.codedyarn.am.yarn.client.YarnSubmitter: application_1_0001 RUNNING")
                .contains("ERROR " + HDFS_CLIENT + ": could not complete the file")
                .doesNotContain("Multiple Servlet injectors")
                .doesNotContain("Transitioned to active state")
                .doesNotContain("Started @");
        assertThat(out.lines()).hasSize(3);
    }

    @Test
    void verboseShowsEverything() {
        CliRun r = plan("-v");
        assertThat(r.rc()).as(r.err()).isZero();
        logEverywhere();
        String out = console.toString();
        assertThat(out)
                .contains("WARN  " + GUICE + ": Multiple Servlet injectors detected")
                .contains("INFO  " + RESOURCE_MANAGER + ": Transitioned to active state")
                .contains("INFO  " + JETTY + ": Started @1234ms")
                .contains("embedded cluster up");
        assertThat(out.lines()).hasSize(6);
    }

    @Test
    void verboseIsAlsoAcceptedAfterTheCommand() {
        CliRun r = plan("--verbose");
        assertThat(r.rc()).as(r.err()).isZero();
        LoggerFactory.getLogger(RESOURCE_MANAGER).info("Transitioned to active state");
        assertThat(console.toString()).contains("Transitioned to active state");
    }

    @Test
    void withoutVerboseACommandLeavesTheQuietLevels() {
        CliRun r = plan();
        assertThat(r.rc()).as(r.err()).isZero();
        LoggerFactory.getLogger(RESOURCE_MANAGER).info("Transitioned to active state");
        assertThat(console.toString()).isEmpty();
    }
}
