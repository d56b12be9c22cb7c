package io.codedyarn.repro.placement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The row model as the document shows it. The sections of docs/reproduction.md are compared with
 * what the code produces by {@code .ci/golden-reproduce} (minutes of Monte Carlo); its header,
 * which no target prints, is checked here.
 */
class ReproductionReportTest {
    private static final Path ROOT = Path.of(System.getProperty("basedir", ".")).resolve("..");

    @Test
    void committedDocumentStartsWithTheGeneratedHeader() throws Exception {
        String doc = Files.readString(ROOT.resolve("docs/reproduction.md"), StandardCharsets.UTF_8);
        assertThat(doc)
                .as("docs/reproduction.md: regenerate with bin/coded-yarn reproduce --out")
                .startsWith(ReproductionReport.header())
                .contains("Run time of the 11 targets below: ");
    }

    private static Reproduction target(List<String> setup) {
        return new Reproduction() {
            @Override
            public String id() {
                return "x";
            }

            @Override
            public String title() {
                return "X";
            }

            @Override
            public List<ReproducedNumber> run(long seed, double scale) {
                return List.of();
            }

            @Override
            public List<String> setupDeviations() {
                return setup;
            }
        };
    }

    @Test
    void everyRowShowsPaperLocationVerdictProtocolAndDeviations() {
        Reproduction r = target(List.of());
        // 1.5 ± 0.25 against 2: |gap| 0.5 ≤ 3·0.25, so it agrees, with two deviations.
        ReproducedNumber n =
                ReproducedNumber.measured("q", "s", 1.5, 0.25, "s", "protocol")
                        .withPaper(2, 0)
                        .from("§IV, Fig. 5")
                        .deviating("a")
                        .deviating("b");
        String md = ReproductionReport.section(r, List.of(n), 1, 1);
        assertThat(md)
                .contains(
                        "| q | s | 1.5 s | 0.25 s | 2 s | §IV, Fig. 5 | reproduced, declared"
                                + " deviation | – | protocol | a; b |");
        String plain =
                ReproductionReport.section(
                        r,
                        List.of(ReproducedNumber.exact("q", "s", 3, "", "p").withDigest(3)),
                        1,
                        1);
        assertThat(plain).contains("| q | s | 3 | exact | – | – | partly | 3 | p | none |");
        ReproducedNumber agrees =
                ReproducedNumber.exact("q", "s", 3.2, "", "p").withPaper(3, 0.5).from("abstract");
        assertThat(ReproductionReport.section(r, List.of(agrees), 1, 1))
                .contains("| 3 | abstract | reproduced | – | p | none |");
    }

    @Test
    void verdictFollowsTheToleranceAndTheBound() {
        ReproducedNumber n = ReproducedNumber.measured("q", "s", 1.7, 0.1, "", "p");
        // Tolerance 3·0.1 + 0.05 = 0.35: 2 − 1.7 = 0.3 agrees, 2.1 − 1.7 = 0.4 does not.
        assertThat(n.withPaper(2, 0.05).verdict()).isEqualTo(Verdict.REPRODUCED);
        assertThat(n.withPaper(2.1, 0.05).verdict()).isEqualTo(Verdict.NOT_REPRODUCED);
        assertThat(n.withPaperAtLeast(2.1, 0.05).verdict()).isEqualTo(Verdict.NOT_REPRODUCED);
        assertThat(n.withPaperAtLeast(1.9, 0).verdict()).isEqualTo(Verdict.REPRODUCED);
        assertThat(n.withPaperAtMost(1.3, 0.05).verdict()).isEqualTo(Verdict.NOT_REPRODUCED);
        assertThat(n.withPaperAtMost(1.45, 0).verdict()).isEqualTo(Verdict.REPRODUCED);
        assertThat(n.withPaper(2, 0.05).deviating("d").verdict())
                .isEqualTo(Verdict.REPRODUCED_WITH_DEVIATION);
        assertThat(n.verdict()).isEqualTo(Verdict.PARTLY);
        assertThat(
                        ReproductionReport.section(
                                target(List.of()),
                                List.of(n.withPaperAtLeast(2.5, 0).deviating("why")),
                                1,
                                1))
                .contains("| ≥ 2.5 | – | not reproduced | – | p | why |");
    }

    @Test
    void aMissWithoutAReasonCannotBeRendered() {
        ReproducedNumber miss =
                ReproducedNumber.measured("q", "s", 1, 0.1, "", "p").withPaper(2, 0).from("x");
        assertThatThrownBy(() -> ReproductionReport.section(target(List.of()), List.of(miss), 1, 1))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("row 'q' @ 's' misses the paper's 2.0")
                .hasMessageContaining("declares no deviation");
    }

    @Test
    void aDeviatingSetupLeavesNoRowAtNone() {
        ReproducedNumber n =
                ReproducedNumber.exact("q", "s", 2, "", "p").withPaper(2, 0).from("§I");
        String md = ReproductionReport.section(target(List.of("data X, not Y")), List.of(n), 1, 1);
        assertThat(md)
                .contains("| reproduced, declared deviation | – | p | " + ReproductionReport.SETUP)
                .contains(
                        "Setup deviations from the paper (every row above carries them): data X,"
                                + " not Y.")
                .doesNotContain("| none |");
    }

    @Test
    void runTimesAreStatedPerTargetAndInAll() {
        assertThat(ReproductionReport.timed("## X\n\n", 12.34))
                .endsWith("Run time of this target: 12.3 s on this machine.\n\n");
        assertThat(ReproductionReport.document(List.of("## X\n\n"), 99.96))
                .contains("Run time of the 1 targets below: 100.0 s on this machine");
    }
}
