package io.codedyarn.am.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link Jit}: the ApplicationMaster's rule, the workers' rule, and the two keys that choose. */
class JitTest {
    // ---- The ApplicationMaster ----

    @Test
    void autoPicksC1ForAnAmOfFewWorkerRoundsOnly() {
        assertThat(Jit.AUTO.amC1Only(4 * 20)).as("the README's job").isTrue();
        assertThat(Jit.AUTO.amC1Only(0)).as("predict: no rounds").isTrue();
        assertThat(Jit.AUTO.amC1Only(16 * 1_000)).isTrue();
        assertThat(Jit.AUTO.amC1Only(256 * 200)).isFalse();
        assertThat(Jit.AUTO.amC1Only(Jit.AM_AUTO_MAX_MESSAGES)).as("the bound").isFalse();
    }

    @Test
    void theAmBoundIsWhereC1sExtraCostPerMessageRepaysC2sStartUp() {
        // the measured figures (docs/performance.md): 3 CPU s of C2 start-up against 70 µs more
        // per worker-round under C1, so 4.29e4 worker-rounds, the bound the log and docs quote
        assertThat(Jit.C2_STARTUP_CPU_SECONDS).isEqualTo(3.0);
        assertThat(Jit.C1_EXTRA_MICROS_PER_MESSAGE).isEqualTo(70.0);
        assertThat(Jit.AM_AUTO_MAX_MESSAGES).isCloseTo(4.2857e4, within(1.0));
        assertThat(Jit.AUTO.amC1Only(42_000)).isTrue();
        assertThat(Jit.AUTO.amC1Only(43_000)).isFalse();
    }

    @Test
    void theAmKeyDefaultsToAutoAndABadValueNamesIt() {
        assertThat(CodedYarnConfig.parse(k -> null).yarn().amJit()).isEqualTo(Jit.AUTO);
        assertThat(
                        CodedYarnConfig.parse(Map.of(YarnJobKeys.AM_JIT.name(), " Full ")::get)
                                .yarn()
                                .amJit())
                .isEqualTo(Jit.FULL);
        assertThatThrownBy(
                        () -> CodedYarnConfig.parse(Map.of(YarnJobKeys.AM_JIT.name(), "c2")::get))
                .hasMessage(
                        "configuration key coded-yarn.am.jit: cannot parse 'c2' (allowed: auto,"
                                + " c1 or full)");
    }

    // ---- The workers ----

    @Test
    void autoPicksC1ForSmallScalarWorkerJobsOnly() {
        // the README's job: 10,000 x 28 values, 20 rounds
        assertThat(Jit.AUTO.workerC1Only(false, 10_000.0 * 28 * 20)).isTrue();
        // Fashion-MNIST, 100 rounds
        assertThat(Jit.AUTO.workerC1Only(false, 60_000.0 * 784 * 100)).isFalse();
        assertThat(Jit.AUTO.workerC1Only(false, Jit.WORKER_AUTO_MAX_WORK))
                .as("the bound itself is no longer small")
                .isFalse();
        assertThat(Jit.AUTO.workerC1Only(true, 1))
                .as("the vector path's intrinsics need C2, however small the job")
                .isFalse();
    }

    @Test
    void theWorkerKeyDefaultsToAutoAndABadValueNamesIt() {
        assertThat(Jit.of(k -> null, KernelKeys.WORKER_JIT)).isEqualTo(Jit.AUTO);
        assertThat(Jit.of(Map.of(KernelKeys.WORKER_JIT.name(), " C1 ")::get, KernelKeys.WORKER_JIT))
                .isEqualTo(Jit.C1);
        assertThatThrownBy(
                        () ->
                                Jit.of(
                                        Map.of(KernelKeys.WORKER_JIT.name(), "c2")::get,
                                        KernelKeys.WORKER_JIT))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "configuration key coded-yarn.worker.jit: cannot parse 'c2' (allowed:"
                                + " auto, c1 or full)");
    }

    // ---- Both ----

    @Test
    void explicitValuesWin() {
        assertThat(Jit.C1.amC1Only(1e12)).isTrue();
        assertThat(Jit.FULL.amC1Only(1)).isFalse();
        assertThat(Jit.C1.workerC1Only(false, 1e12)).isTrue();
        assertThat(Jit.C1.workerC1Only(true, 1e12)).isTrue();
        assertThat(Jit.FULL.workerC1Only(false, 1)).isFalse();
    }

    @Test
    void kernelVectorNamesItsAllowedValuesTheSameWay() {
        assertThat(KernelVector.parse(" True")).isEqualTo(KernelVector.TRUE);
        assertThatThrownBy(() -> KernelVector.parse("maybe"))
                .isInstanceOf(NumberFormatException.class)
                .hasMessage("auto, true or false");
    }
}
