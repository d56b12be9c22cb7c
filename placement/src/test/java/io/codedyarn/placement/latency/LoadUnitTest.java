package io.codedyarn.placement.latency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.scheme.Schemes;
import org.junit.jupiter.api.Test;

class LoadUnitTest {

    @Test
    void aPlansLoadIsItsFractionOfTheDataTimesN() {
        // cyclic, N = K = 4, s = 1: 2 partitions = 2 shares (K = N: unchanged, bit for bit).
        var cyclic = Schemes.byName("cyclic").place(SchemeParams.of(4, 1, 1), Seeds.generator(1));
        assertThat(LoadUnit.of(cyclic)).containsExactly(2, 2, 2, 2);
        // hetero, speeds 1..4, s = 1: K = 5, loads 1..4 partitions of n/5 rows → ×4/5 shares.
        var hetero =
                Schemes.byName("hetero")
                        .place(SchemeParams.of(4, 1, 1).withSpeeds(1, 2, 3, 4), Seeds.generator(1));
        assertThat(hetero.partitions()).isEqualTo(5);
        assertThat(LoadUnit.of(hetero)).containsExactly(0.8, 1.6, 2.4000000000000004, 3.2);
    }

    @Test
    void rowsOverTheShareOfAWorker() {
        assertThat(LoadUnit.ofRows(2_000, 10_000, 4)).isEqualTo(0.8);
        assertThat(LoadUnit.ofRows(5_000, 10_000, 4)).isEqualTo(2.0);
        assertThat(LoadUnit.ofPartitions(3, 12, 4)).isEqualTo(1.0);
    }

    @Test
    void badInputIsRefusedWithTheValues() {
        assertThatThrownBy(() -> LoadUnit.ofPartitions(1, 0, 4)).hasMessageContaining("K=0, N=4");
        assertThatThrownBy(() -> LoadUnit.ofPartitions(-1, 4, 4)).hasMessageContaining("got -1.0");
        assertThatThrownBy(() -> LoadUnit.ofRows(1, 0, 4)).hasMessageContaining("rows=1 of 0");
    }
}
