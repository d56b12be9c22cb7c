package io.codedyarn.am.yarn.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.am.yarn.client.InterruptPrompt.Answer;
import java.io.BufferedReader;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class InterruptPromptTest {
    private static String[] ask(String input) throws Exception {
        StringWriter text = new StringWriter();
        Answer a =
                InterruptPrompt.ask(
                        "application_1_0001",
                        new BufferedReader(new StringReader(input)),
                        new PrintWriter(text));
        return new String[] {a.name(), text.toString()};
    }

    @ParameterizedTest
    @ValueSource(strings = {"y\n", "Y\n", "yes\n", " YES \n", "y"})
    void yesKills(String input) throws Exception {
        String[] r = ask(input);
        assertThat(r[0]).isEqualTo("KILL");
        assertThat(r[1])
                .contains("Kill application application_1_0001? [y/N]")
                .contains("--detach")
                .contains("killing application_1_0001");
    }

    @ParameterizedTest
    @ValueSource(strings = {"\n", "n\n", "no\n", "yep\n", "kill\n", "", "x"})
    void anythingElseKeepsFollowing(String input) throws Exception {
        String[] r = ask(input);
        assertThat(r[0]).isEqualTo("CONTINUE");
        assertThat(r[1]).contains("still following application_1_0001");
        assertThat(r[1]).doesNotContain("killing");
    }

    @Test
    void onlyAnExplicitYesKills() {
        assertThat(InterruptPrompt.parse(null)).isEqualTo(Answer.CONTINUE);
        assertThat(InterruptPrompt.parse("yes please")).isEqualTo(Answer.CONTINUE);
        assertThat(InterruptPrompt.parse("\tY\t")).isEqualTo(Answer.KILL);
    }
}
