package io.codedyarn.am.yarn;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The AM's published progress: written whole, replaced, read back; absent before a round. */
class ProgressFileTest {
    @TempDir java.nio.file.Path tmp;

    @Test
    void aDocumentCutShortReadsAsNone() throws Exception {
        FileSystem fs = FileSystem.getLocal(new Configuration()).getRawFileSystem();
        Path file = new Path(tmp.resolve(ProgressFile.NAME).toUri());
        Files.writeString(java.nio.file.Path.of(file.toUri()), "{\"iteration\" : 3, \"seco");
        assertThat(ProgressFile.read(fs, file)).isNull();
    }

    @Test
    void theFileLivesInTheJobsStagingDirectory() throws Exception {
        FileSystem fs = FileSystem.getLocal(new Configuration());
        assertThat(ProgressFile.path(fs, "application_1_0002"))
                .isEqualTo(
                        fs.makeQualified(
                                new Path(
                                        fs.getHomeDirectory(),
                                        ".coded-yarn/application_1_0002/progress.json")));
    }
}
