package io.codedyarn.am.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReproduceCommandTest {

    /** .ci/golden-reproduce splits the document in this order. */
    @Test
    void listPrintsEveryTargetInTheDocumentsOrder() {
        CliRun r = CliRun.of("reproduce", "--list");
        assertThat(r.rc()).isZero();
        assertThat(r.out().lines())
                .containsExactly(
                        "bcc",
                        "gc-dc",
                        "lagc",
                        "hetero-gc",
                        "dsag",
                        "lagc-training",
                        "lagc-fashion",
                        "dsag-training",
                        "hetero-gc-training",
                        "large-cluster",
                        "omitted");
    }

    /** --out writes the header and one "## " section per target (hetero-gc is closed form). */
    @Test
    void outWritesTheDocument(@TempDir Path dir) throws Exception {
        Path doc = dir.resolve("reproduction.md");
        CliRun r = CliRun.of("reproduce", "hetero-gc", "--out", doc.toString());
        assertThat(r.rc()).as(r.err()).isZero();
        String md = Files.readString(doc);
        assertThat(md).startsWith("# Reproducing the papers");
        assertThat(md.lines().filter(l -> l.startsWith("## "))).hasSize(1);
        assertThat(md).contains("| where in the paper |").contains("deviations from the paper");
        assertThat(md).contains("| verdict |").contains("Run time of the 1 targets below: ");
        assertThat(md).containsPattern("Run time of this target: [0-9.]+ s on this machine");
    }

    /** The figures and tables not reproduced, each with its reason: a section of their own. */
    @Test
    void omittedListsWhatIsNotReproduced() {
        CliRun r = CliRun.of("reproduce", "omitted");
        assertThat(r.rc()).as(r.err()).isZero();
        assertThat(r.out())
                .startsWith("## Omitted")
                .contains("| BCC | Table II |")
                .contains("| DSAG | Fig. 8 (AWS row, N = 100) |")
                .doesNotContain("| quantity |");
    }

    @Test
    void unknownPaperIsRefused() {
        CliRun r = CliRun.of("reproduce", "nope");
        assertThat(r.rc()).isEqualTo(2);
        assertThat(r.err()).contains("unknown paper 'nope'");
    }
}
