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
    void defaultXmlDocumentsEveryKeyWithItsDefault() {
        Configuration xml = new Configuration(false);
        xml.addResource(
                new org.apache.hadoop.fs.Path(ROOT.resolve("conf/coded-yarn-default.xml").toUri()));
        for (ConfigKey<?> k : Keys.all()) {
            assertThat(xml.get(k.name())).as(k.name()).isNotNull();
            CodedYarnConfig parsed = CodedYarnConfig.parse(xml::get);
            assertThat(parsed).isEqualTo(CodedYarnConfig.defaults());
        }
        assertThat(xml.size()).isEqualTo(Keys.all().size());
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
                        () -> CodedYarnConfig.parse(Map.of("coded-yarn.kernel.vector", "yes")::get))
                .hasMessageContaining("coded-yarn.kernel.vector: cannot parse 'yes'");
        assertThat(
                        CodedYarnConfig.parse(Map.of("coded-yarn.kernel.vector", "TRUE")::get)
                                .kernelVector())
                .isTrue();
    }
}
