package io.codedyarn.coordinator.adapt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class NodeExclusionTest {

    @Test
    void atMostAThirdOfTheNodesRoundedDown() {
        NodeExclusion x = new NodeExclusion(60, 1.0 / 3, 2);
        assertThat(x.cap(2)).isZero();
        assertThat(x.cap(3)).isEqualTo(1);
        assertThat(x.cap(5)).isEqualTo(1);
        assertThat(x.cap(6)).isEqualTo(2);
        assertThat(x.cap(100)).isEqualTo(33);
        assertThat(x.exclude("a", 0, 6)).isTrue();
        assertThat(x.exclude("b", 1, 6)).isTrue();
        assertThat(x.exclude("c", 2, 6)).as("a third of 6 is 2").isFalse();
        assertThat(x.excluded()).containsExactlyInAnyOrder("a", "b");
        assertThat(x.exclude("a", 3, 6)).as("already excluded: renewed").isTrue();
        assertThat(x.until("a")).isEqualTo(63.0);
    }

    @Test
    void exclusionsExpireAndFreeTheirPlaceUnderTheCap() {
        NodeExclusion x = new NodeExclusion(10, 1.0 / 3, 2);
        assertThat(x.exclude("a", 5, 3)).isTrue();
        assertThat(x.exclude("b", 6, 3)).isFalse();
        assertThat(x.expire(14.9)).isEmpty();
        assertThat(x.expire(15)).containsExactly("a");
        assertThat(x.isExcluded("a")).isFalse();
        assertThat(x.exclude("b", 16, 3)).isTrue();
    }

    @Test
    void repeatedFailuresOnANodeReachTheLimit() {
        NodeExclusion x = new NodeExclusion(10, 0.5, 2);
        assertThat(x.failed("a")).isFalse();
        assertThat(x.failed("b")).isFalse();
        assertThat(x.failed("a")).isTrue();
    }

    @Test
    void badSettingsAreRefused() {
        assertThatThrownBy(() -> new NodeExclusion(0, 0.3, 1)).hasMessageContaining("timeout");
        assertThatThrownBy(() -> new NodeExclusion(1, 1.0, 1)).hasMessageContaining("fraction");
        assertThatThrownBy(() -> new NodeExclusion(1, 0.3, 0)).hasMessageContaining("failures");
    }
}
