package io.codedyarn.repro.placement;

import static org.assertj.core.api.Assertions.assertThat;

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
                .startsWith(ReproductionReport.document(List.of()));
    }

    @Test
    void everyRowShowsPaperLocationProtocolAndDeviations() {
        Reproduction r =
                new Reproduction() {
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
                };
        ReproducedNumber n =
                ReproducedNumber.measured("q", "s", 1.5, 0.25, "s", "protocol")
                        .withPaper(2)
                        .from("§IV, Fig. 5")
                        .deviating("a")
                        .deviating("b");
        String md = ReproductionReport.section(r, List.of(n), 1, 1);
        assertThat(md)
                .contains("| q | s | 1.5 s | 0.25 s | 2 s | §IV, Fig. 5 | – | protocol | a; b |");
        String plain =
                ReproductionReport.section(
                        r,
                        List.of(ReproducedNumber.exact("q", "s", 3, "", "p").withDigest(3)),
                        1,
                        1);
        assertThat(plain).contains("| q | s | 3 | exact | – | – | 3 | p | none |");
    }
}
