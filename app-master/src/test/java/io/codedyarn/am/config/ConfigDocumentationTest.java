package io.codedyarn.am.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/**
 * Every key in {@link Keys} is documented, with the same default, in conf/ and in
 * docs/configuration.md.
 */
class ConfigDocumentationTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @Test
    void defaultXmlDocumentsEveryKeyWithItsDefault() throws Exception {
        java.nio.file.Path file = ROOT.resolve("conf/coded-yarn-default.xml");
        Configuration xml = new Configuration(false);
        xml.addResource(new org.apache.hadoop.fs.Path(file.toUri()));
        String text = Files.readString(file);
        for (ConfigKey<?> k : Keys.all()) {
            // Hadoop reads an empty <value/> as unset: empty defaults are checked in the text
            if ("".equals(k.defaultValue())) {
                assertThat(text).as(k.name()).contains("<name>" + k.name() + "</name>");
            } else {
                assertThat(xml.get(k.name())).as(k.name()).isNotNull();
            }
        }
        assertThat(CodedYarnConfig.parse(xml::get)).isEqualTo(CodedYarnConfig.defaults());
        assertThat(text.split("<name>", -1).length - 1).isEqualTo(Keys.all().size());
    }

    @Test
    void configurationDocumentsEveryKeyWithItsDefault() throws Exception {
        Path file = ROOT.resolve("docs/configuration.md");
        String doc = Files.readString(file);
        Map<String, String> documented = new java.util.HashMap<>();
        java.util.regex.Matcher row =
                java.util.regex.Pattern.compile("(?m)^\\| `([^`]+)` \\| ([^|]*) \\|").matcher(doc);
        while (row.find()) {
            documented.put(row.group(1), row.group(2).strip());
        }
        Configuration xml = new Configuration(false);
        xml.addResource(
                new org.apache.hadoop.fs.Path(ROOT.resolve("conf/coded-yarn-default.xml").toUri()));
        for (ConfigKey<?> k : Keys.all()) {
            assertThat(documented).as("a row for %s in %s", k.name(), file).containsKey(k.name());
            String expected = xml.getRaw(k.name()) == null ? "" : xml.getRaw(k.name()).strip();
            String shown = documented.get(k.name());
            assertThat(sameDefault(expected, shown))
                    .as("%s: default %s in conf/, %s in %s", k.name(), expected, shown, file)
                    .isTrue();
        }
    }

    /**
     * The table may write a number more briefly ({@code 5} for 5.0, {@code 1/3}), an empty default
     * as {@code (empty)}, and add a note in parentheses after the value.
     */
    private static boolean sameDefault(String xmlValue, String shown) {
        if (shown.equals(xmlValue) || shown.startsWith(xmlValue + " (") && !xmlValue.isEmpty()) {
            return true;
        }
        if (xmlValue.isEmpty()) {
            return shown.equals("(empty)");
        }
        try {
            return Math.abs(number(shown) - number(xmlValue)) <= 1e-12 * Math.abs(number(xmlValue));
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static double number(String s) {
        int slash = s.indexOf('/');
        return slash < 0
                ? Double.parseDouble(s)
                : Double.parseDouble(s.substring(0, slash))
                        / Double.parseDouble(s.substring(slash + 1));
    }

    @Test
    void badValuesNameTheKey() {
        assertThatThrownBy(
                        () ->
                                CodedYarnConfig.parse(
                                        Map.of("coded-yarn.verify.tolerance", "x")::get))
                .hasMessageContaining("coded-yarn.verify.tolerance");
        assertThatThrownBy(
                        () ->
                                CodedYarnConfig.parse(
                                        Map.of("coded-yarn.verify.random-samples", "0")::get))
                .hasMessageContaining("coded-yarn.verify.random-samples = 0: must be >= 1");
        assertThatThrownBy(
                        () ->
                                CodedYarnConfig.parse(
                                        Map.of("coded-yarn.worker.memory-mb", "0")::get))
                .hasMessageContaining("coded-yarn.worker.memory-mb = 0: must be >= 1");
        assertThatThrownBy(
                        () ->
                                CodedYarnConfig.parse(
                                        Map.of("coded-yarn.exclusion.slow-factor", "1")::get))
                .hasMessageContaining("coded-yarn.exclusion.slow-factor = 1.0: must be > 1");
        assertThatThrownBy(
                        () ->
                                CodedYarnConfig.parse(
                                        Map.of("coded-yarn.straggle", "slow:factor=0")::get))
                .hasMessageContaining("coded-yarn.straggle = slow:factor=0")
                .hasMessageContaining("factor must be > 0");
        assertThatThrownBy(() -> CodedYarnConfig.parse(Map.of("coded-yarn.queue", " ")::get))
                .hasMessageContaining("coded-yarn.queue");
        assertThatThrownBy(
                        () -> CodedYarnConfig.parse(Map.of("coded-yarn.kernel.vector", "yes")::get))
                .hasMessageContaining("coded-yarn.kernel.vector: cannot parse 'yes'");
        assertThat(
                        CodedYarnConfig.parse(Map.of("coded-yarn.kernel.vector", "TRUE")::get)
                                .kernelVector())
                .isEqualTo(KernelVector.TRUE);
        assertThatThrownBy(
                        () ->
                                CodedYarnConfig.parse(
                                        Map.of("coded-yarn.worker.java-home", "jdk17")::get))
                .hasMessageContaining("coded-yarn.worker.java-home = jdk17: must be an absolute");
        assertThatThrownBy(
                        () ->
                                CodedYarnConfig.parse(
                                        Map.of("coded-yarn.container.java-home", "/a b")::get))
                .hasMessageContaining("coded-yarn.container.java-home = /a b");
    }

    @Test
    void theEndpointsCapsAreParsedIntoTheServersLimits() {
        assertThat(CodedYarnConfig.defaults().endpoint())
                .isEqualTo(io.codedyarn.am.net.PendingLimits.DEFAULTS);
        assertThat(
                        CodedYarnConfig.parse(
                                        Map.of(
                                                        "coded-yarn.am.endpoint.pending-per-address",
                                                        "4",
                                                        "coded-yarn.am.endpoint.pending-total",
                                                        "20",
                                                        "coded-yarn.am.endpoint.pending-bytes",
                                                        "8192",
                                                        "coded-yarn.am.endpoint.handshake-timeout-seconds",
                                                        "2.5")
                                                ::get)
                                .endpoint())
                .isEqualTo(new io.codedyarn.am.net.PendingLimits(4, 20, 8192, 2500));
        for (String[] bad :
                new String[][] {
                    {"pending-per-address", "-1", "= -1: must be >= 1"},
                    {"pending-total", "0", "= 0: must be >= 1"},
                    {"pending-bytes", "100", "= 100: must be >= 1024"},
                    {"handshake-timeout-seconds", "0", "= 0.0: must be a number of seconds"}
                }) {
            String key = "coded-yarn.am.endpoint." + bad[0];
            assertThatThrownBy(() -> CodedYarnConfig.parse(Map.of(key, bad[1])::get))
                    .hasMessageContaining(key + " " + bad[2]);
        }
    }

    @Test
    void aRolesJavaHomeFallsBackToTheContainersOne() {
        YarnSettings none = CodedYarnConfig.parse(Map.<String, String>of()::get).yarn();
        assertThat(List.of(none.amJavaHome(), none.workerJavaHome())).containsOnly("");
        YarnSettings both =
                CodedYarnConfig.parse(
                                Map.of(
                                                "coded-yarn.container.java-home",
                                                "/opt/jdk17/",
                                                "coded-yarn.worker.java-home",
                                                "/opt/jdk21")
                                        ::get)
                        .yarn();
        assertThat(both.amJavaHome()).isEqualTo("/opt/jdk17");
        assertThat(both.workerJavaHome()).isEqualTo("/opt/jdk21");
        assertThat(both.jarCache()).isEqualTo(".coded-yarn/jars");
    }

    @Test
    void kernelDefaultsFollowTheRuntimeAndTheWorkerVcores() {
        KernelVector auto = CodedYarnConfig.defaults().kernelVector();
        assertThat(auto).isEqualTo(KernelVector.AUTO);
        long big = KernelVector.AUTO_MIN_BYTES;
        assertThat(auto.vector(true, big)).isTrue();
        assertThat(auto.vector(true, big - 1)).isFalse(); // the built-in sets: scalar
        assertThat(auto.vector(false, big)).isFalse();
        assertThat(KernelVector.TRUE.vector(false, 0)).isTrue();
        assertThat(KernelVector.FALSE.vector(true, big)).isFalse();
        assertThat(CodedYarnConfig.defaults().kernelThreads()).isEqualTo(1);
        String vcores = "coded-yarn.worker.vcores";
        String threads = "coded-yarn.kernel.threads";
        assertThat(CodedYarnConfig.parse(Map.of(vcores, "4")::get).kernelThreads()).isEqualTo(4);
        assertThat(CodedYarnConfig.parse(Map.of(vcores, "4", threads, "2")::get).kernelThreads())
                .isEqualTo(2);
        assertThat(CodedYarnConfig.parse(Map.of(vcores, "400")::get).kernelThreads())
                .isEqualTo(256);
        assertThatThrownBy(() -> CodedYarnConfig.parse(Map.of(threads, "0")::get))
                .hasMessageContaining(threads + " = 0: must be vcores or 1..256");
        assertThatThrownBy(() -> CodedYarnConfig.parse(Map.of(threads, "many")::get))
                .hasMessageContaining(threads + ": cannot parse 'many'");
        assertThatThrownBy(
                        () -> CodedYarnConfig.parse(Map.of("coded-yarn.kernel.vector", "on")::get))
                .hasMessageContaining("coded-yarn.kernel.vector: cannot parse 'on'");
    }

    @Test
    void loadBalanceScheduleKeys() {
        String period = "coded-yarn.dsag.load-balance.period-seconds";
        String every = "coded-yarn.dsag.load-balance.every-iterations";
        for (String bad : new String[] {"-1", "NaN", "Infinity"}) {
            assertThatThrownBy(() -> CodedYarnConfig.parse(Map.of(period, bad)::get))
                    .hasMessageContaining(period + " = ")
                    .hasMessageContaining("finite number of seconds >= 0");
        }
        assertThatThrownBy(() -> CodedYarnConfig.parse(Map.of(period, "1s")::get))
                .hasMessageContaining(period + ": cannot parse '1s'");
        assertThatThrownBy(() -> CodedYarnConfig.parse(Map.of(every, "-2")::get))
                .hasMessageContaining(every + " = -2: must be >= 0");
        assertThat(CodedYarnConfig.defaults().balanceSchedule())
                .isEqualTo(io.codedyarn.coordinator.async.BalanceSchedule.period(1.0));
        assertThat(CodedYarnConfig.parse(Map.of(period, "0.25")::get).balanceSchedule())
                .isEqualTo(io.codedyarn.coordinator.async.BalanceSchedule.period(0.25));
        assertThat(CodedYarnConfig.parse(Map.of(every, "10", period, "5")::get).balanceSchedule())
                .isEqualTo(io.codedyarn.coordinator.async.BalanceSchedule.everyIterations(10));
        String accept = "coded-yarn.dsag.load-balance.acceptance";
        assertThat(CodedYarnConfig.parse(Map.of(accept, "0.9")::get).balanceSchedule())
                .isEqualTo(
                        io.codedyarn.coordinator.async.BalanceSchedule.period(1.0)
                                .withAcceptance(0.9));
        for (String bad : new String[] {"0", "1.5", "NaN"}) {
            assertThatThrownBy(() -> CodedYarnConfig.parse(Map.of(accept, bad)::get))
                    .hasMessageContaining(accept + " = ")
                    .hasMessageContaining("must be in (0, 1]");
        }
    }
}
