package io.codedyarn.am.yarn.master;

import io.codedyarn.am.yarn.YarnKeys;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.yarn.api.ApplicationConstants.Environment;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.conf.YarnConfiguration;

/**
 * What the ApplicationMaster reads from its container: the NodeManager's host, the application id,
 * the staged job jar and the directory holding the staged job files ({@code job.json}, {@code
 * job-info.json}, {@value YarnKeys#SITE_XML}); a test passes its own.
 *
 * @param host where the AM runs (workers connect to it, the tracking URL names it)
 * @param jobJar the staged job jar as {@code uri|size|timestamp}; null or blank when none was
 *     staged (minicluster)
 * @param dir the working directory the job files were localized into
 */
record AmEnvironment(String host, String applicationId, String jobJar, Path dir) {
    /** The container's: its environment and working directory. */
    static AmEnvironment ofContainer() {
        String appId =
                ContainerId.fromString(System.getenv(Environment.CONTAINER_ID.name()))
                        .getApplicationAttemptId()
                        .getApplicationId()
                        .toString();
        return new AmEnvironment(
                System.getenv(Environment.NM_HOST.name()),
                appId,
                System.getenv(YarnKeys.ENV_JOB_JAR),
                Path.of(""));
    }

    /** The cluster's configuration (from the classpath) plus the job's coded-yarn settings. */
    YarnConfiguration configuration() {
        YarnConfiguration conf = new YarnConfiguration();
        Path site = dir.resolve(YarnKeys.SITE_XML);
        if (Files.exists(site)) {
            conf.addResource(new org.apache.hadoop.fs.Path(site.toUri()));
        }
        return conf;
    }

    /** A staged job file's text. */
    String read(String file) throws IOException {
        return Files.readString(dir.resolve(file), StandardCharsets.UTF_8);
    }
}
