package io.codedyarn.am.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codedyarn.coordinator.lazy.LazySettings;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** coded-yarn.lazy.* parse into {@link LazySettings}; bad values name their key. */
class LazyConfigTest {
    @Test
    void defaultsAreThePapersAndValuesParse() {
        assertThat(CodedYarnConfig.defaults().lazy()).isEqualTo(LazySettings.defaults());
        assertThat(LazySettings.defaults()).isEqualTo(new LazySettings(1.0, 10, 0));
        Map<String, String> m =
                Map.of(
                        "coded-yarn.lazy.xi", "0.5",
                        "coded-yarn.lazy.memory", "3",
                        "coded-yarn.lazy.group-wait", "2");
        assertThat(CodedYarnConfig.parse(m::get).lazy()).isEqualTo(new LazySettings(0.5, 3, 2));
    }

    @Test
    void badValuesNameTheKey() {
        for (Map.Entry<String, String> bad :
                Map.of(
                                "coded-yarn.lazy.xi", "-1",
                                "coded-yarn.lazy.memory", "0",
                                "coded-yarn.lazy.group-wait", "-2")
                        .entrySet()) {
            Map<String, String> m = Map.of(bad.getKey(), bad.getValue());
            assertThatThrownBy(() -> CodedYarnConfig.parse(m::get))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining(bad.getKey());
        }
    }
}
