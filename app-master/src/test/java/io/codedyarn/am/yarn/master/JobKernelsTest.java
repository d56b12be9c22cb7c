package io.codedyarn.am.yarn.master;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The worker JVM options {@link WorkerLaunch.JobKernels} puts on every worker's command line. */
class JobKernelsTest {
    @Test
    void writesEachDecisionAsItsJvmOption() {
        assertThat(new WorkerLaunch.JobKernels(false, 1, false).jvmOptions()).isEmpty();
        assertThat(new WorkerLaunch.JobKernels(false, 1, true).jvmOptions())
                .isEqualTo(" -XX:TieredStopAtLevel=1");
        assertThat(new WorkerLaunch.JobKernels(true, 4, true).jvmOptions())
                .isEqualTo(
                        " --add-modules ALL-SYSTEM -Dcoded-yarn.kernel.vector=true"
                                + " -Dcoded-yarn.kernel.threads=4 -XX:TieredStopAtLevel=1");
    }
}
