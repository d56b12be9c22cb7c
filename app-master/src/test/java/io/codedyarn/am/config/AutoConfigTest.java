package io.codedyarn.am.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codedyarn.coordinator.auto.AutoSettings;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** coded-yarn.auto.* parse into {@link AutoSettings}; bad values name their key. */
class AutoConfigTest {
    @Test
    void defaultsAndValuesParse() {
        assertThat(CodedYarnConfig.defaults().auto()).isEqualTo(AutoSettings.defaults());
        assertThat(CodedYarnConfig.defaults().simulatedLoadSeconds()).isZero();
        Map<String, String> m =
                Map.of(
                        "coded-yarn.auto.max-stragglers", "2",
                        "coded-yarn.auto.warmup-iterations", "4",
                        "coded-yarn.auto.period-iterations", "7",
                        "coded-yarn.auto.min-gain", "0.2",
                        "coded-yarn.auto.window-iterations", "32",
                        "coded-yarn.auto.backup-factor", "1.5",
                        "coded-yarn.auto.backup-first-factor", "6",
                        "coded-yarn.simulated.load-seconds-per-unit", "0.5");
        CodedYarnConfig c = CodedYarnConfig.parse(m::get);
        assertThat(c.auto()).isEqualTo(new AutoSettings(2, 4, 7, 0.2, 32, 1.5, 6));
        assertThat(c.simulatedLoadSeconds()).isEqualTo(0.5);
    }

    @Test
    void badValuesNameTheKey() {
        for (Map.Entry<String, String> bad :
                Map.of(
                                "coded-yarn.auto.max-stragglers", "-2",
                                "coded-yarn.auto.warmup-iterations", "0",
                                "coded-yarn.auto.period-iterations", "0",
                                "coded-yarn.auto.min-gain", "1",
                                "coded-yarn.auto.window-iterations", "1",
                                "coded-yarn.auto.backup-factor", "0.5",
                                "coded-yarn.auto.backup-first-factor", "1.5",
                                "coded-yarn.simulated.load-seconds-per-unit", "-1")
                        .entrySet()) {
            Map<String, String> m = Map.of(bad.getKey(), bad.getValue());
            assertThatThrownBy(() -> CodedYarnConfig.parse(m::get))
                    .as(bad.getKey())
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining(bad.getKey());
        }
    }
}
