package io.codedyarn.am.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class WorkerJitTest {
    @Test
    void autoPicksC1ForSmallScalarJobsOnly() {
        // the README's job: 10,000 x 28 values, 20 rounds
        assertTrue(WorkerJit.AUTO.c1Only(false, 10_000.0 * 28 * 20));
        // Fashion-MNIST, 100 rounds
        assertFalse(WorkerJit.AUTO.c1Only(false, 60_000.0 * 784 * 100));
        // the bound itself is no longer small
        assertFalse(WorkerJit.AUTO.c1Only(false, WorkerJit.AUTO_MAX_WORK));
        // the vector path's intrinsics need C2, however small the job
        assertFalse(WorkerJit.AUTO.c1Only(true, 1));
    }

    @Test
    void explicitValuesWin() {
        assertTrue(WorkerJit.C1.c1Only(false, 1e12));
        assertTrue(WorkerJit.C1.c1Only(true, 1e12));
        assertFalse(WorkerJit.FULL.c1Only(false, 1));
    }

    @Test
    void parsesTheKeyAndNamesItWhenBad() {
        assertEquals(WorkerJit.AUTO, WorkerJit.of(k -> null));
        assertEquals(WorkerJit.C1, WorkerJit.of(Map.of(KernelKeys.WORKER_JIT.name(), " C1 ")::get));
        IllegalArgumentException e =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> WorkerJit.of(Map.of(KernelKeys.WORKER_JIT.name(), "c2")::get));
        assertTrue(e.getMessage().contains(KernelKeys.WORKER_JIT.name()), e.getMessage());
        assertEquals(
                "configuration key coded-yarn.worker.jit: cannot parse 'c2' (allowed: auto, c1 or"
                        + " full)",
                e.getMessage());
    }

    @Test
    void kernelVectorNamesItsAllowedValuesTheSameWay() {
        assertEquals(KernelVector.TRUE, KernelVector.parse(" True"));
        NumberFormatException e =
                assertThrows(NumberFormatException.class, () -> KernelVector.parse("maybe"));
        assertEquals("auto, true or false", e.getMessage());
    }
}
