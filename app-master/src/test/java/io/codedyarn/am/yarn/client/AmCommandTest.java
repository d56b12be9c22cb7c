package io.codedyarn.am.yarn.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.am.config.CodedYarnConfig;
import io.codedyarn.am.yarn.master.AppMaster;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/**
 * The ApplicationMaster's launch command carries the JIT {@code coded-yarn.am.jit} picks for the
 * run's size, before the user's java-opts.
 */
class AmCommandTest {
    private static final String C1 = "-XX:TieredStopAtLevel=1";

    @Test
    void aSmallRunsAmCompilesWithC1Only() {
        String cmd = command(Map.of(), 4 * 20);
        assertThat(cmd).contains(C1 + " -Xmx256m ");
    }

    @Test
    void aRunOfManyWorkerRoundsGetsTheFullJit() {
        assertThat(command(Map.of(), 256 * 1_000))
                .doesNotContain("TieredStopAtLevel")
                .contains(" -Xmx256m ");
    }

    @Test
    void theKeyOverridesTheRule() {
        assertThat(command(Map.of("coded-yarn.am.jit", "full"), 80))
                .doesNotContain("TieredStopAtLevel");
        assertThat(command(Map.of("coded-yarn.am.jit", "c1"), 1e9)).contains(C1);
    }

    @Test
    void aJitOptionInTheJavaOptsComesLastAndSoWins() {
        String cmd =
                command(Map.of("coded-yarn.am.java-opts", "-Xmx1g -XX:TieredStopAtLevel=4"), 80);
        assertThat(cmd).contains(C1 + " -Xmx1g -XX:TieredStopAtLevel=4 ");
        assertThat(cmd.indexOf(C1)).isLessThan(cmd.indexOf("-XX:TieredStopAtLevel=4"));
    }

    private static String command(Map<String, String> keys, double messages) {
        Configuration conf = new Configuration(false);
        new HashMap<>(keys).forEach(conf::set);
        return new JobStaging(conf, CodedYarnConfig.parse(conf::get).yarn())
                .amCommand("application_1_0001", AppMaster.class, "AppMaster", messages);
    }
}
