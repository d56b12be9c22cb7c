package io.codedyarn.am.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/**
 * Usage errors name the command once and suggest the closest command or flag; generic options after
 * the command and unknown configuration keys are refused with exit code 2.
 */
class CommandLineErrorsTest {
    @Test
    void anUnknownCommandIsNamedOnceWithASuggestion() {
        CliRun r = CliRun.of("trian");
        assertThat(r.rc()).isEqualTo(CodedYarn.EXIT_BAD_INPUT);
        assertThat(r.err())
                .startsWith("coded-yarn: Unmatched argument at index 0: 'trian'")
                .doesNotContain("coded-yarn coded-yarn")
                .contains("Did you mean: ")
                .contains("coded-yarn train");
    }

    @Test
    void anUnknownFlagSuggestsTheClosestFlag() {
        CliRun r = CliRun.of("plan", "--scheme", "dsag", "--wrokers=4");
        assertThat(r.rc()).isEqualTo(CodedYarn.EXIT_BAD_INPUT);
        assertThat(r.err())
                .startsWith("coded-yarn plan: Unknown option: '--wrokers=4'")
                .contains("(see coded-yarn plan --help)")
                .contains("Did you mean: --workers?");
        CliRun required = CliRun.of("plan", "--shceme", "dsag");
        assertThat(required.err())
                .startsWith("coded-yarn plan: Unknown options: '--shceme', 'dsag'")
                .contains("Did you mean: --scheme?");
        CliRun nested = CliRun.of("data", "generate", "--bogus");
        assertThat(nested.err()).contains("(see coded-yarn data generate --help)");
    }

    @Test
    void aGenericOptionAfterTheCommandShowsTheCorrectedLine() throws Exception {
        Result r =
                run(
                        new Configuration(false),
                        "-D",
                        "coded-yarn.seed=3",
                        "plan",
                        "--scheme",
                        "dsag",
                        "-D",
                        "coded-yarn.worker.memory-mb=1024",
                        "-Dcoded-yarn.queue=a b");
        assertThat(r.rc).isEqualTo(CodedYarn.EXIT_BAD_INPUT);
        assertThat(r.err.strip())
                .isEqualTo(
                        "coded-yarn: generic options (-D coded-yarn.worker.memory-mb=1024"
                                + " -Dcoded-yarn.queue=a b) go before the command name plan:"
                                + " coded-yarn -D coded-yarn.seed=3 -D"
                                + " coded-yarn.worker.memory-mb=1024 '-Dcoded-yarn.queue=a b'"
                                + " plan --scheme dsag");
    }

    @Test
    void anUnknownKeyIsAnErrorUnlessStrictKeysIsOff() throws Exception {
        Result strict =
                run(new Configuration(false), "-D", "coded-yarn.wroker.vcores=2", "--version");
        assertThat(strict.rc).isEqualTo(CodedYarn.EXIT_BAD_INPUT);
        assertThat(strict.err.strip())
                .isEqualTo(
                        "coded-yarn: unknown configuration key coded-yarn.wroker.vcores (from -D);"
                                + " did you mean coded-yarn.worker.vcores?"
                                + " (coded-yarn.strict-keys=false: a warning)");
        assertThat(strict.out).isEmpty();

        Result lenient =
                run(
                        new Configuration(false),
                        "-D",
                        "coded-yarn.wroker.vcores=2",
                        "-D",
                        "coded-yarn.strict-keys=false",
                        "--version");
        assertThat(lenient.rc).isZero();
        assertThat(lenient.err.strip())
                .isEqualTo(
                        "coded-yarn: warning: unknown configuration key coded-yarn.wroker.vcores"
                                + " (from -D); did you mean coded-yarn.worker.vcores?");
        assertThat(lenient.out).contains("coded-yarn 0.1.0-SNAPSHOT");

        Result bad = run(new Configuration(false), "-D", "coded-yarn.strict-keys=no", "--version");
        assertThat(bad.rc).isEqualTo(CodedYarn.EXIT_BAD_INPUT);
        assertThat(bad.err).contains("configuration key coded-yarn.strict-keys: cannot parse 'no'");
    }

    private record Result(int rc, String out, String err) {}

    private static Result run(Configuration conf, String... args) throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int rc = CodedYarn.run(conf, args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Result(rc, out.toString(), err.toString());
    }
}
