package io.codedyarn.coordinator.stats;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MediansTest {
    @Test
    void anOddCountTakesTheMiddleAndAnEvenOneTheMeanOfTheTwoMiddles() {
        assertThat(Medians.of(new double[] {3, 1, 2})).isEqualTo(2);
        assertThat(Medians.of(new double[] {4, 1, 3, 2})).isEqualTo(2.5);
        assertThat(Medians.of(new double[] {7})).isEqualTo(7);
    }

    @Test
    void anEmptySampleHasNoneAndTheSampleIsLeftInItsOrder() {
        assertThat(Medians.of(new double[0])).isNaN();
        double[] x = {3, 1, 2};
        Medians.of(x);
        assertThat(x).containsExactly(3, 1, 2);
    }

    /** A prefix: the first n values only, the rest (a buffer's unused tail) ignored. */
    @Test
    void aPrefixIsTheFirstNValuesOnly() {
        double[] x = {5, 1, 3, 100, 100};
        assertThat(Medians.of(x, 3)).isEqualTo(3);
        assertThat(Medians.of(x, 2)).isEqualTo(3);
        assertThat(Medians.of(x, 0)).isNaN();
        assertThat(x).containsExactly(5, 1, 3, 100, 100);
    }
}
