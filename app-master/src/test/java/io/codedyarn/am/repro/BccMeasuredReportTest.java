package io.codedyarn.am.repro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.codedyarn.coordinator.Coordinator;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.repro.placement.BccLinkModel;
import io.codedyarn.repro.placement.ReproducedNumber;
import io.codedyarn.repro.placement.Verdict;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class BccMeasuredReportTest {

    /** Two repetitions of made-up breakdowns (uncoded, cyclic, BCC): totals 10/8/3 and 12/9/4. */
    private static BccMeasuredReport report(double... bcc) {
        BccMeasuredReport.Runs runs = new BccMeasuredReport.Runs(BccLinkModel.fitted(10), 2);
        double[][] totals = {{10, 12}, {8, 9}, bcc};
        double[] k = {20, 17, 10};
        for (int s = 0; s < 3; s++) {
            for (int r = 0; r < 2; r++) {
                MeasuredBreakdown m = new MeasuredBreakdown(totals[s][r], 0.1 * (s + 1), k[s]);
                runs.add(s, r, m, m);
            }
        }
        return new BccMeasuredReport(runs, 2);
    }

    /**
     * The published values as §III-C2 prints them (Fig. 4's text: 85.4 % and 69.9 %; Table I:
     * communication / total = 28.556/28.786, 12.031/13.990, 3.043/4.205), typed here, not read from
     * production code.
     */
    @Test
    void rowsCarryThePapersValuesAndTheReductions() {
        List<ReproducedNumber> rows = report(3, 4).rows();
        assertThat(rows).hasSize(5);
        assertThat(rows.get(0).paper()).isEqualTo(85.4);
        assertThat(rows.get(1).paper()).isEqualTo(69.9);
        assertThat(rows.get(2).paper()).isCloseTo(100 * 28.556 / 28.786, within(0.005));
        assertThat(rows.get(3).paper()).isCloseTo(100 * 12.031 / 13.990, within(0.005));
        assertThat(rows.get(4).paper()).isCloseTo(100 * 3.043 / 4.205, within(0.005));
        // reductions per repetition: 1 − 3/10 = 70 %, 1 − 4/12 = 66.67 % -> mean 68.33 %
        assertThat(rows.get(0).ours()).isCloseTo(68.3333, within(1e-3));
        // sample sd of {70, 66.667} = 2.357, / √2 = 1.6667
        assertThat(rows.get(0).standardError()).isCloseTo(1.6667, within(1e-3));
        // against cyclic: 1 − 3/8 = 62.5 %, 1 − 4/9 = 55.56 %
        assertThat(rows.get(1).ours()).isCloseTo(59.0278, within(1e-3));
        // BCC's communication share: (3 − 0.3)/3 = 90 %, (4 − 0.3)/4 = 92.5 %
        assertThat(rows.get(4).ours()).isCloseTo(91.25, within(1e-9));
        assertThat(rows).allSatisfy(r -> assertThat(r.deviation()).isNotEmpty());
        // 68.3 ± 1.7 against 85.4: outside 3 s.e. + 0.05
        assertThat(rows.get(0).verdict()).isEqualTo(Verdict.NOT_REPRODUCED);
        assertThat(rows.get(0).deviation()).contains("BCC waited for 10.0").contains("20.0 of 20");
    }

    /** A measurement that lands on the paper's value is judged reproduced (with the deviations). */
    @Test
    void aReductionOnThePapersValueIsReproducedWithItsDeviations() {
        // BCC totals 1.46 and 1.752: 1 − 1.46/10 = 1 − 1.752/12 = 85.4 %, s.e. 0
        List<ReproducedNumber> rows = report(1.46, 1.752).rows();
        assertThat(rows.get(0).ours()).isCloseTo(85.4, within(1e-9));
        assertThat(rows.get(0).verdict()).isEqualTo(Verdict.REPRODUCED_WITH_DEVIATION);
    }

    @Test
    void tableShowsTheFitAndTableI() {
        String md = report(3, 4).table();
        assertThat(md).contains("c = 3.249 ms per message").contains("β = 0.6354 ms");
        assertThat(md)
                .contains("| BCC | 10.000 ± 0.000 |")
                .contains("| 11 | 3.043 | 1.162 | 4.205 |");
    }

    /** Each compared run is a valid job (the product's own check, before any cluster starts). */
    @Test
    void everySchemesSpecIsValid() {
        for (BccMeasuredSetting.Scheme s : BccMeasuredSetting.SCHEMES) {
            TrainSpec spec = BccMeasured.spec(s, 1, Path.of("/tmp/trace.csv"));
            Coordinator.validate(spec, spec.plan());
            assertThat(spec.plan().workers()).isEqualTo(BccMeasuredSetting.WORKERS);
            assertThat(spec.plan().load(0)).as(s.name()).isEqualTo(s.load());
        }
    }

    /**
     * The model's prediction follows each scheme's rule: uncoded waits for all, cyclic for n − s.
     */
    @Test
    void predictionWaitsForTheSchemesThreshold() {
        BccLinkModel model = BccLinkModel.fitted(10);
        for (BccMeasuredSetting.Scheme s : BccMeasuredSetting.SCHEMES) {
            TrainSpec spec = BccMeasured.spec(s, 1, Path.of("/tmp/trace.csv"));
            BccLinkModel.Draw d = model.draw(20, s.load(), 101, 1);
            MeasuredBreakdown p = BccMeasured.predict(spec.plan(), s, d);
            switch (s.scheme()) {
                case "uncoded" -> assertThat(p.recoveryThreshold()).isEqualTo(20);
                case "cyclic" -> assertThat(p.recoveryThreshold()).isEqualTo(17);
                default -> assertThat(p.recoveryThreshold()).isBetween(5.0, 19.0);
            }
        }
    }
}
