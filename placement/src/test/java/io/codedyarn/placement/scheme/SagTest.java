package io.codedyarn.placement.scheme;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codedyarn.placement.InvalidParametersException;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.Seeds;
import java.util.BitSet;
import org.junit.jupiter.api.Test;

/** SAG / DSAG layouts: disjoint blocks, p_i recorded, all workers for the exact gradient. */
class SagTest {

    @Test
    void disjointBlocksWithSubpartitionsRecorded() {
        SchemeParams params = SchemeParams.of(3, 1, 4).withPartitions(7).withSubpartitions(2);
        Plan plan = Sag.dsag().place(params, Seeds.generator(4));
        assertThat(plan.stored(0)).containsExactly(0, 1);
        assertThat(plan.stored(1)).containsExactly(2, 3);
        assertThat(plan.stored(2)).containsExactly(4, 5, 6);
        for (int i = 0; i < 3; i++) {
            assertThat(plan.family().subpartitions(i)).isEqualTo(2);
            assertThat(plan.codeword(plan.assignment(i)).coefficients()).containsOnly(1.0);
        }
        assertThat(plan.parameters())
                .containsEntry("staleResults", "cache")
                .containsEntry("w", "2")
                .containsEntry("subpartitions", "2");
        BitSet all = new BitSet();
        all.set(0, 3);
        assertThat(plan.decoder().decode(all)).isPresent();
        all.clear(1);
        assertThat(plan.decoder().decode(all)).isEmpty();
    }

    @Test
    void sagDiscardsAndDefaultsToOneSubpartition() {
        Plan plan = Sag.sag().place(SchemeParams.of(4, 0, 1), Seeds.generator(1));
        assertThat(plan.partitions()).isEqualTo(4);
        assertThat(plan.family().subpartitions(3)).isEqualTo(1);
        assertThat(plan.parameters())
                .containsEntry("staleResults", "discard")
                .containsEntry("w", "4");
    }

    @Test
    void rejectsInvalidParameters() {
        assertThatThrownBy(() -> Sag.sag().place(SchemeParams.of(4, 4, 1), Seeds.generator(1)))
                .isInstanceOf(InvalidParametersException.class)
                .hasMessageStartingWith("--stragglers");
        assertThatThrownBy(
                        () ->
                                Sag.dsag()
                                        .place(
                                                SchemeParams.of(4, 0, 1).withPartitions(3),
                                                Seeds.generator(1)))
                .isInstanceOf(InvalidParametersException.class)
                .hasMessageStartingWith("--partitions");
        assertThatThrownBy(
                        () ->
                                Sag.dsag()
                                        .place(
                                                SchemeParams.of(4, 0, 1).withSubpartitions(-1),
                                                Seeds.generator(1)))
                .isInstanceOf(InvalidParametersException.class)
                .hasMessageStartingWith("--subpartitions");
    }
}
