package io.codedyarn.am.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class AmJitTest {
    @Test
    void autoPicksC1ForRunsOfFewWorkerRoundsOnly() {
        assertThat(AmJit.AUTO.c1Only(4 * 20)).as("the README's job").isTrue();
        assertThat(AmJit.AUTO.c1Only(0)).as("predict: no rounds").isTrue();
        assertThat(AmJit.AUTO.c1Only(16 * 1_000)).isTrue();
        assertThat(AmJit.AUTO.c1Only(256 * 200)).isFalse();
        assertThat(AmJit.AUTO.c1Only(AmJit.AUTO_MAX_MESSAGES)).as("the bound").isFalse();
    }

    @Test
    void theBoundIsWhereC1sExtraCostPerMessageRepaysC2sStartUp() {
        double breakEven =
                AmJit.C2_STARTUP_CPU_SECONDS / (AmJit.C1_EXTRA_MICROS_PER_MESSAGE * 1e-6);
        assertThat(AmJit.AUTO_MAX_MESSAGES).isEqualTo(breakEven);
    }

    @Test
    void explicitValuesWin() {
        assertThat(AmJit.C1.c1Only(1e12)).isTrue();
        assertThat(AmJit.FULL.c1Only(1)).isFalse();
    }

    @Test
    void theKeyDefaultsToAutoAndABadValueNamesIt() {
        assertThat(CodedYarnConfig.parse(k -> null).yarn().amJit()).isEqualTo(AmJit.AUTO);
        assertThat(
                        CodedYarnConfig.parse(Map.of(YarnJobKeys.AM_JIT.name(), " Full ")::get)
                                .yarn()
                                .amJit())
                .isEqualTo(AmJit.FULL);
        assertThatThrownBy(
                        () -> CodedYarnConfig.parse(Map.of(YarnJobKeys.AM_JIT.name(), "c2")::get))
                .hasMessage(
                        "configuration key coded-yarn.am.jit: cannot parse 'c2' (allowed: auto,"
                                + " c1 or full)");
    }
}
