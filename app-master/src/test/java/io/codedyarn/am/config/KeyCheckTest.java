package io.codedyarn.am.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Unknown coded-yarn.* keys are named with where they were set and the closest known key. */
class KeyCheckTest {
    @Test
    void namesTheKeyItsSourceAndTheClosestKnownKey() {
        Map<String, String> sources =
                Map.of(
                        "coded-yarn.worker.memory", "/etc/hadoop/conf/coded-yarn-site.xml",
                        "coded-yarn.queue", "/etc/hadoop/conf/coded-yarn-site.xml",
                        "coded-yarn.wroker.memory-mb", "-D",
                        "coded-yarn.foo", "-D",
                        "yarn.anything", "-D",
                        "coded-yarn.internal.x", "-D");

        assertThat(
                        KeyCheck.unknownKeys(
                                sources.keySet(), List.of("coded-yarn.internal.x"), sources::get))
                .containsExactly(
                        "unknown configuration key coded-yarn.foo (from -D)",
                        "unknown configuration key coded-yarn.worker.memory (from"
                                + " /etc/hadoop/conf/coded-yarn-site.xml); did you mean"
                                + " coded-yarn.worker.memory-mb?",
                        "unknown configuration key coded-yarn.wroker.memory-mb (from -D);"
                                + " did you mean coded-yarn.worker.memory-mb?");
    }

    @Test
    void everyDocumentedKeyIsKnown() {
        List<String> names = Keys.all().stream().<String>map(ConfigKey::name).toList();
        assertThat(KeyCheck.unknownKeys(names, List.of(), k -> "-D")).isEmpty();
    }

    @Test
    void distanceAndStrictness() {
        assertThat(Nearest.distance("kitten", "sitting")).isEqualTo(3);
        assertThat(Nearest.distance("", "abc")).isEqualTo(3);
        assertThat(KeyCheck.closest("coded-yarn.liveness.task-factr"))
                .isEqualTo("coded-yarn.liveness.task-factor");
        assertThat(Nearest.closest("--wrokers", List.of("--workers", "--scheme")))
                .isEqualTo("--workers");
        assertThat(Nearest.closest("--bogus", List.of("--workers", "--scheme"))).isNull();
        String strict = ClientKeys.STRICT_KEYS.name();
        assertThat(ClientKeys.strictKeys(Map.<String, String>of()::get)).isTrue();
        assertThat(ClientKeys.strictKeys(Map.of(strict, "false")::get)).isFalse();
        assertThatThrownBy(() -> ClientKeys.strictKeys(Map.of(strict, "no")::get))
                .hasMessageContaining("coded-yarn.strict-keys: cannot parse 'no'");
    }
}
