package io.codedyarn.am.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/**
 * The conf the containers get when HDFS and YARN start side by side: YARN's, plus what the
 * MiniDFSCluster changed from Hadoop's defaults, never overriding a key YARN set itself.
 */
class MiniClusterStartTest {
    @Test
    void theYarnConfGainsTheFileSystemAndKeepsItsOwnKeys() {
        Configuration yarn = new Configuration();
        yarn.set("yarn.resourcemanager.address", "localhost:1234");
        yarn.set("hadoop.tmp.dir", "/yarn-tmp");
        Configuration hdfs = new Configuration();
        hdfs.set("fs.defaultFS", "hdfs://localhost:5678");
        hdfs.set("dfs.namenode.rpc-address", "localhost:5678");
        hdfs.set("hadoop.tmp.dir", "/hdfs-tmp"); // YARN set it too: YARN's stays

        Configuration merged = MiniClusterStart.withHdfs(yarn, hdfs);

        assertThat(merged.get("fs.defaultFS")).isEqualTo("hdfs://localhost:5678");
        assertThat(merged.get("dfs.namenode.rpc-address")).isEqualTo("localhost:5678");
        assertThat(merged.get("yarn.resourcemanager.address")).isEqualTo("localhost:1234");
        assertThat(merged.get("hadoop.tmp.dir")).isEqualTo("/yarn-tmp");
        // a default HDFS left alone is not copied as if it were a setting
        assertThat(merged.get("io.file.buffer.size"))
                .isEqualTo(new Configuration().get("io.file.buffer.size"));
        assertThat(yarn.get("fs.defaultFS")).isEqualTo("file:///"); // the input is untouched
    }
}
