package io.codedyarn.am.output;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link StagedOutput} on the raw local file system: whole, or nothing and no hidden sibling. */
class StagedOutputTest {
    @TempDir java.nio.file.Path dir;

    private FileSystem fs() throws IOException {
        return FileSystem.getLocal(new Configuration()).getRawFileSystem();
    }

    private Path at(String name) {
        return new Path(dir.resolve(name).toUri());
    }

    private String[] names() throws IOException {
        try (Stream<java.nio.file.Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toArray(String[]::new);
        }
    }

    @Test
    void aReservedFileAppearsOnlyAtTheCommit() throws IOException {
        Path target = at("sub/model.pmml");
        try (StagedOutput staged = StagedOutput.reserve(fs(), target, "appeared")) {
            java.nio.file.Path tmp = java.nio.file.Path.of(staged.dir().toUri());
            assertThat(tmp.getFileName().toString()).matches("\\.model\\.pmml\\._tmp-[0-9a-f]{12}");
            Files.writeString(tmp, "<PMML/>");
            assertThat(dir.resolve("sub/model.pmml")).doesNotExist();
            staged.commit();
        }
        assertThat(dir.resolve("sub/model.pmml")).hasContent("<PMML/>");
        try (Stream<java.nio.file.Path> s = Files.list(dir.resolve("sub"))) {
            assertThat(s).hasSize(1);
        }
    }

    @Test
    void closingWithoutCommitLeavesNothing() throws IOException {
        try (StagedOutput staged = StagedOutput.create(fs(), at("parts"))) {
            Files.writeString(java.nio.file.Path.of(staged.dir().toUri()).resolve("part-0"), "1");
        }
        assertThat(names()).isEmpty();
    }

    @Test
    void aTargetThatAppearedMeanwhileIsLeftAndNamedInTheCallersWords() throws IOException {
        Path target = at("parts");
        try (StagedOutput staged = StagedOutput.create(fs(), target)) {
            Files.writeString(dir.resolve("parts"), "someone else's");
            assertThatThrownBy(staged::commit)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage(
                            "--out: "
                                    + target
                                    + " appeared while writing; nothing was written to it");
        }
        assertThat(names()).containsExactly("parts");
        assertThat(dir.resolve("parts")).hasContent("someone else's");

        Path pmml = at("model.pmml");
        try (StagedOutput staged = StagedOutput.reserve(fs(), pmml, "export's words")) {
            Files.writeString(java.nio.file.Path.of(staged.dir().toUri()), "<PMML/>");
            Files.writeString(dir.resolve("model.pmml"), "theirs");
            assertThatThrownBy(staged::commit).hasMessage("export's words");
        }
        assertThat(names()).containsExactly("model.pmml", "parts");
    }

    @Test
    void anExistingTargetIsRefusedBeforeAnythingIsWritten() throws IOException {
        Path taken = at("taken");
        Files.createDirectory(dir.resolve("taken"));
        assertThatThrownBy(() -> StagedOutput.create(fs(), taken))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--out: " + taken + " already exists (nothing was written)");
        assertThat(names()).containsExactly("taken");
    }
}
