package io.codedyarn.placement.repro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every reproduced number of lagc and hetero-gc, at a reduced scale: closed forms to their printed
 * digits, Monte-Carlo figures within 4 standard errors of the digest's value, claims as
 * inequalities. (GC-DC and BCC: their own tests, against the papers' published values through
 * {@link PaperCheck}.)
 */
class ReproductionTest {

    private static ReproducedNumber find(
            List<ReproducedNumber> all, String quantity, String setting) {
        return all.stream()
                .filter(n -> n.quantity().equals(quantity) && n.parameters().contains(setting))
                .findFirst()
                .orElseThrow(() -> new AssertionError("missing " + quantity + " / " + setting));
    }

    @Test
    void heteroGcSpeedupsMatchTheDerivedRatios() {
        List<ReproducedNumber> r = new HeteroGcReproduction().run(1, 1);
        assertThat(r).hasSize(8);
        for (ReproducedNumber n : r) {
            // The digest prints 2–4 significant digits; the derivation mean(r)/min(r) is exact.
            assertThat(n.ours()).as(n.parameters()).isCloseTo(n.digest(), offset(0.006));
        }
        assertThat(find(r, "speedup of heter-aware over cyclic GC", "cluster A (n=8), s=1").ours())
                .isCloseTo(3.0, offset(1e-12));
    }

    @Test
    void lagcTableAndSimulatedCrossChecks() {
        List<ReproducedNumber> r = new LagcReproduction().run(7, 0.5);
        for (ReproducedNumber n : r) {
            if (n.standardError() == 0) {
                double digits =
                        Math.abs(n.digest()) >= 10 ? 5e-4 : Math.abs(n.digest()) >= 1 ? 5e-3 : 5e-5;
                assertThat(n.ours())
                        .as(n.quantity())
                        .isCloseTo(n.digest(), offset(n.unit().equals("%") ? 0.05 : digits));
            } else if (!Double.isNaN(n.standardError())) {
                assertThat(n.ours())
                        .as(n.quantity())
                        .isCloseTo(n.digest(), offset(4 * n.standardError()));
            }
        }
    }
}
