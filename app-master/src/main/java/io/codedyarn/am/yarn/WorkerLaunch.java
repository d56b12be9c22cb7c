package io.codedyarn.am.yarn;

import io.codedyarn.am.config.CodedYarnConfig;
import io.codedyarn.am.config.YarnSettings;
import io.codedyarn.worker.kernel.RowBlocks;
import io.codedyarn.worker.yarn.WorkerMain;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.security.Credentials;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.yarn.api.ApplicationConstants;
import org.apache.hadoop.yarn.api.ApplicationConstants.Environment;
import org.apache.hadoop.yarn.api.records.ContainerLaunchContext;

/**
 * A worker container's launch context: {@link WorkerMain} with the AM's address and the worker id
 * in its environment, the per-application secret only in its credentials ({@link
 * Launch#workerCredentials}), and the job jar as a LocalResource.
 */
final class WorkerLaunch {
    private WorkerLaunch() {}

    /**
     * @param jobJar the staged job jar ({@link Launch#jarResource}); null or blank: none
     */
    static ContainerLaunchContext context(
            Configuration conf,
            YarnSettings s,
            String amHost,
            int amPort,
            int worker,
            byte[] secret,
            String jobJar) {
        // coded-yarn.kernel.vector and .threads: one value for every worker of the job, as JVM
        // options (the kernels read them as system properties)
        CodedYarnConfig cfg = CodedYarnConfig.parse(conf::get);
        String kernelOpts =
                (cfg.kernelVector()
                                ? " --add-modules jdk.incubator.vector -Dcoded-yarn.kernel.vector=true"
                                : "")
                        + (cfg.kernelThreads() > 1
                                ? " -D" + RowBlocks.CONFIG_KEY + "=" + cfg.kernelThreads()
                                : "");
        try {
            Map<String, String> env = new HashMap<>();
            // recomputed, not copied: the AM's own CLASSPATH is expanded with ITS working directory
            env.put(Environment.CLASSPATH.name(), Launch.containerClasspath(conf));
            env.put(WorkerMain.ENV_AM_HOST, amHost);
            env.put(WorkerMain.ENV_AM_PORT, Integer.toString(amPort));
            env.put(WorkerMain.ENV_WORKER, Integer.toString(worker));
            String cmd =
                    Launch.javaBinary(conf)
                            + " "
                            + s.workerJavaOpts()
                            + kernelOpts
                            + " "
                            + WorkerMain.class.getName()
                            + " 1>"
                            + ApplicationConstants.LOG_DIR_EXPANSION_VAR
                            + "/worker.stdout 2>"
                            + ApplicationConstants.LOG_DIR_EXPANSION_VAR
                            + "/worker.stderr";
            Credentials creds =
                    Launch.workerCredentials(
                            UserGroupInformation.getCurrentUser().getCredentials(), secret);
            return ContainerLaunchContext.newInstance(
                    Launch.jarResource(jobJar),
                    env,
                    List.of(cmd),
                    null,
                    Launch.tokens(creds),
                    null);
        } catch (IOException e) {
            throw new IllegalStateException("worker " + worker + ": launch context: " + e, e);
        }
    }
}
