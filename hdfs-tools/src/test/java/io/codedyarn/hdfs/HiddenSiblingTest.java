package io.codedyarn.hdfs;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

class HiddenSiblingTest {
    private final Path target = new Path("hdfs://nn:8020/data/higgs");

    @Test
    void isAHiddenRandomSiblingNamedAfterTheTargetAndTheKind() {
        Path a = HiddenSibling.of(target, HiddenSibling.TMP);
        Path b = HiddenSibling.of(target, HiddenSibling.TMP);

        assertThat(a.getParent()).isEqualTo(target.getParent());
        assertThat(a.getName()).matches("\\.higgs\\._tmp-[0-9a-f]{12}");
        assertThat(b).isNotEqualTo(a);
        assertThat(HiddenSibling.of(target, "_old").getName())
                .matches("\\.higgs\\._old-[0-9a-f]{12}");
    }

    @Test
    void recognisesOnlyItsOwnTargetsAndKind() {
        Path tmp = HiddenSibling.of(target, HiddenSibling.TMP);

        assertThat(HiddenSibling.isOf(tmp, target, HiddenSibling.TMP)).isTrue();
        assertThat(HiddenSibling.isOf(tmp, target, "_old")).isFalse();
        assertThat(HiddenSibling.isOf(tmp, new Path("/data/higg"), HiddenSibling.TMP)).isFalse();
        assertThat(HiddenSibling.isOf(target, target, HiddenSibling.TMP)).isFalse();
    }
}
