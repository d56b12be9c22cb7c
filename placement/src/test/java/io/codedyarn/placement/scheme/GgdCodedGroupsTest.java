package io.codedyarn.placement.scheme;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codedyarn.placement.InvalidParametersException;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.Seeds;
import java.util.BitSet;
import org.junit.jupiter.api.Test;

/**
 * G-GD with coded groups (LAGC §2.3 with M_G &gt; r, Remark 2): LAGC's layout with every group
 * selected. M = 20, r = 4, G = 2: M_G = 10, each group decodes from any F = 10 − 4 + 1 = 7 members.
 */
class GgdCodedGroupsTest {
    private static final LagFamily G_GD = new LagFamily(LagFamily.Variant.G_GD);
    private static final LagFamily LAGC = new LagFamily(LagFamily.Variant.LAGC);
    private static final SchemeParams CODED = SchemeParams.of(20, 0, 3).withLoad(4).withGroups(2);

    private static Plan place(LagFamily s, SchemeParams p) {
        return s.place(p, Seeds.generator(p.seed()));
    }

    private static BitSet set(int... bits) {
        BitSet b = new BitSet();
        for (int i : bits) {
            b.set(i);
        }
        return b;
    }

    @Test
    void codedGroupsUseLagcsLayoutAndSelectEveryGroup() {
        Plan ggd = place(G_GD, CODED);
        Plan lagc = place(LAGC, CODED);
        assertThat(ggd.parameters())
                .containsEntry("groupSize", "10")
                .containsEntry("groupLoad", "4")
                .containsEntry("F", "7")
                .containsEntry("lazy", "false")
                .containsEntry("downloadsPerIteration", "20")
                .containsEntry("uploadsPerIteration", "14");
        assertThat(lagc.parameters()).containsEntry("F", "7").containsEntry("lazy", "true");
        for (int w = 0; w < 20; w++) {
            assertThat(ggd.stored(w)).containsExactly(lagc.stored(w));
            assertThat(ggd.family().group(w)).isEqualTo(w / 10);
        }
        // 7 of group 0 and 7 of group 1 decode the full gradient (every coefficient of the sum
        // of the 20 batch gradients); 6 of group 1 do not.
        BitSet seven = set(0, 2, 3, 5, 6, 8, 9, 10, 11, 12, 14, 15, 17, 19);
        assertThat(ggd.decoder().decode(seven)).isPresent();
        seven.clear(19);
        assertThat(ggd.decoder().decode(seven)).isEmpty();
    }

    @Test
    void gLagStillNeedsUncodedGroups() {
        assertThatThrownBy(() -> place(new LagFamily(LagFamily.Variant.G_LAG), CODED))
                .isInstanceOf(InvalidParametersException.class)
                .extracting(e -> ((InvalidParametersException) e).flag())
                .isEqualTo("--groups");
    }
}
