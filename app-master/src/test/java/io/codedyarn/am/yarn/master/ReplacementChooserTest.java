package io.codedyarn.am.yarn.master;

import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.am.yarn.master.ReplacementChooser.Candidate;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReplacementChooserTest {
    private static final Candidate A = new Candidate("a:1", "a:9866");
    private static final Candidate B = new Candidate("b:1", "b:9866");
    private static final Candidate C = new Candidate("c:1", "c:9866");

    @Test
    void prefersANodeWithNoOtherWorker() {
        assertThat(ReplacementChooser.choose(List.of(A, B, C), List.of("a:1", "c:1"))).contains(B);
    }

    @Test
    void elseTheLeastLoadedThenByName() {
        assertThat(ReplacementChooser.choose(List.of(C, A, B), List.of("a:1", "a:1", "b:1", "c:1")))
                .contains(B);
        assertThat(ReplacementChooser.choose(List.of(C, B, A), List.of())).contains(A);
    }

    @Test
    void noCandidateNoChoice() {
        assertThat(ReplacementChooser.choose(List.of(), List.of("a:1"))).isEmpty();
    }
}
