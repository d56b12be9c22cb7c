package io.codedyarn.hdfs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.util.VersionInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pinned Hadoop client (shaded api + runtime) resolves and its FileSystem round-trips bytes.
 */
class HadoopClientWiringTest {

    @Test
    void localFileSystemRoundTripWithPinnedHadoop(@TempDir Path dir) throws IOException {
        assertThat(VersionInfo.getVersion()).isEqualTo("3.5.0");
        Configuration conf = new Configuration(false);
        FileSystem fs = FileSystem.getLocal(conf);
        org.apache.hadoop.fs.Path file =
                new org.apache.hadoop.fs.Path(dir.toUri().toString(), "x.bin");
        try (FSDataOutputStream out = fs.create(file, false)) {
            out.write("partition-0".getBytes(StandardCharsets.UTF_8));
        }
        byte[] back = new byte[11];
        try (FSDataInputStream in = fs.open(file)) {
            in.readFully(back);
        }
        assertThat(new String(back, StandardCharsets.UTF_8)).isEqualTo("partition-0");
        assertThat(fs.getFileStatus(file).getLen()).isEqualTo(11);
    }
}
