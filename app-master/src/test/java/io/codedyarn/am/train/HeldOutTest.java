package io.codedyarn.am.train;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codedyarn.am.config.CodedYarnConfig;
import io.codedyarn.hdfs.dataset.WriterOptions;
import io.codedyarn.hdfs.generate.GeneratorParams;
import io.codedyarn.hdfs.generate.Generators;
import io.codedyarn.placement.InvalidParametersException;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The held-out rows' memory check against the ApplicationMaster's heap. */
class HeldOutTest {
    @TempDir java.nio.file.Path tmp;

    @Test
    void theHeapIsTheLastXmxOfTheOptions() {
        assertThat(HeldOut.maxHeapBytes("-Xmx256m -XX:TieredStopAtLevel=1")).isEqualTo(256L << 20);
        assertThat(HeldOut.maxHeapBytes("-Xmx1g -Xmx2G")).isEqualTo(2L << 30);
        assertThat(HeldOut.maxHeapBytes("-Xmx65536k")).isEqualTo(64L << 20);
        assertThat(HeldOut.maxHeapBytes("-Xmx1048576")).isEqualTo(1L << 20);
        assertThat(HeldOut.maxHeapBytes("-XX:+UseG1GC")).isEqualTo(-1);
        assertThat(HeldOut.maxHeapBytes("")).isEqualTo(-1);
    }

    @Test
    void heldOutRowsBeyondAQuarterOfTheApplicationMastersHeapAreRefusedNamingTheKeys()
            throws Exception {
        FileSystem fs = FileSystem.getLocal(new Configuration()).getRawFileSystem();
        Path data = new Path(tmp.toUri().toString(), "held");
        Generators.generate(
                fs,
                data,
                Generators.create(GeneratorParams.of("higgs-like", 2000, 28, 1L)),
                WriterOptions.defaults(),
                null);
        long bytes = io.codedyarn.hdfs.dataset.DatasetReader.readManifest(fs, data).bytes();
        assertThat(bytes).isGreaterThan(400_000L); // 2,000 × 28 doubles and labels
        // 4 × bytes fits: accepted
        HeldOut.fitsTheApplicationMaster(fs, data, yarn("-Xmx" + (4 * bytes)));
        assertThatThrownBy(
                        () ->
                                HeldOut.fitsTheApplicationMaster(
                                        fs, data, yarn("-Xmx" + (4 * bytes - 8))))
                .isInstanceOf(InvalidParametersException.class)
                .hasMessageContaining("--validation")
                .hasMessageContaining("more than a quarter of the ApplicationMaster's heap")
                .hasMessageContaining("coded-yarn.am.memory-mb");
    }

    private static io.codedyarn.am.config.YarnSettings yarn(String amJavaOpts) {
        return CodedYarnConfig.parse(Map.of("coded-yarn.am.java-opts", amJavaOpts)::get).yarn();
    }
}
