package io.codedyarn.am.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/** Every key in {@link Keys} is documented, with the same default, in conf/ and the README. */
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
    void readmeDocumentsEveryKey() throws Exception {
        String readme = Files.readString(ROOT.resolve("README.md"));
        for (ConfigKey<?> k : Keys.all()) {
            assertThat(readme).as(k.name()).contains("`" + k.name() + "`");
        }
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
                .isEqualTo(io.codedyarn.coordinator.BalanceSchedule.period(1.0));
        assertThat(CodedYarnConfig.parse(Map.of(period, "0.25")::get).balanceSchedule())
                .isEqualTo(io.codedyarn.coordinator.BalanceSchedule.period(0.25));
        assertThat(CodedYarnConfig.parse(Map.of(every, "10", period, "5")::get).balanceSchedule())
                .isEqualTo(io.codedyarn.coordinator.BalanceSchedule.everyIterations(10));
    }
}
