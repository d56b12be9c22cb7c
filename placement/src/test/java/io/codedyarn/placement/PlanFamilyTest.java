package io.codedyarn.placement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codedyarn.placement.json.PlanDocument;
import io.codedyarn.placement.scheme.Schemes;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Every scheme's family settings survive {@code plan.json}: written into the parameters and the
 * per-worker arrays by {@link PlanDocument#of}, read back by {@link PlanDocument#family} into the
 * same family with the same values; a value that does not parse names the file and the key.
 */
class PlanFamilyTest {

    @Test
    void familySettingsRoundTripThroughThePlanDocument() {
        SplittableRandom rng = new SplittableRandom(27);
        for (String name : Schemes.names()) {
            for (int trial = 0; trial < 2; trial++) {
                SchemeParams p = ContractParams.random(name, rng, trial);
                Plan plan = Schemes.byName(name).place(p, Seeds.generator(p.seed()));
                FamilySettings back = PlanDocument.of(plan, null).family("plan.json");
                String what = name + " " + p;
                assertThat(back.getClass()).as(what).isEqualTo(plan.family().getClass());
                assertThat(shown(back)).as(what).isEqualTo(shown(plan.family()));
                assertThat(plan.parameters()).as(what).containsAllEntriesOf(shown(back));
                for (int i = 0; i < plan.workers(); i++) {
                    assertThat(back.group(i)).as(what).isEqualTo(plan.family().group(i));
                    assertThat(back.batch(i)).as(what).isEqualTo(plan.family().batch(i));
                    assertThat(back.subpartitions(i))
                            .as(what)
                            .isEqualTo(plan.family().subpartitions(i));
                }
            }
        }
    }

    @Test
    void gcDcKeepsItsMembershipRankingAndThreshold() {
        double[] speeds = {1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6};
        SchemeParams p =
                SchemeParams.of(12, 1, 5).withClusters(4).withSpeeds(speeds).withThreshold(2.5);
        Plan plan = Schemes.byName("gc-dc-rerank").place(p, Seeds.generator(5));
        FamilySettings.DynamicClusters dc =
                (FamilySettings.DynamicClusters) PlanDocument.of(plan, null).family("plan.json");
        FamilySettings.DynamicClusters orig = plan.family(FamilySettings.DynamicClusters.class);
        assertThat(dc.layout().shifts()).isDeepEqualTo(orig.layout().shifts());
        assertThat(dc.perRoundRanking()).isTrue();
        assertThat(dc.threshold()).hasValue(2.5);
        assertThat(plan.parameters())
                .containsEntry("ranking", "per-round")
                .containsEntry("threshold", "2.5");
    }

    @Test
    void aBadValueNamesTheFileAndTheKey() {
        Plan plan = Schemes.byName("dsag").place(SchemeParams.of(4, 1, 3), Seeds.generator(3));
        PlanDocument doc = PlanDocument.of(plan, null);
        Map<String, String> bad = new LinkedHashMap<>(doc.parameters());
        bad.put("w", "three");
        PlanDocument broken =
                new PlanDocument(
                        doc.scheme(),
                        doc.workers(),
                        doc.partitions(),
                        doc.stragglers(),
                        doc.seed(),
                        bad,
                        doc.stored(),
                        doc.load(),
                        doc.assignment(),
                        doc.codewords(),
                        doc.group(),
                        doc.batch(),
                        doc.subpartitions(),
                        doc.copies(),
                        doc.diagnostics(),
                        doc.verify());
        assertThatThrownBy(() -> broken.family("data/plan.json"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("data/plan.json: parameter \"w\" 'three' is not an integer");
        bad.put("w", "0");
        assertThatThrownBy(() -> broken.family("data/plan.json"))
                .hasMessageStartingWith("data/plan.json: parameter \"w\" does not fit: w must be");
    }

    @Test
    void aPlanOfAnotherFamilyIsNamed() {
        Plan plan = Schemes.byName("cyclic").place(SchemeParams.of(4, 1, 3), Seeds.generator(3));
        assertThat(plan.family()).isInstanceOf(FamilySettings.None.class);
        assertThatThrownBy(() -> plan.family(FamilySettings.Asynchronous.class))
                .hasMessage("cyclic plans carry None settings, not Asynchronous");
    }

    private static Map<String, String> shown(FamilySettings f) {
        Map<String, String> m = new LinkedHashMap<>();
        f.describe(m);
        return m;
    }
}
