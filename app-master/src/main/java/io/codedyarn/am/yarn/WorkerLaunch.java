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
 * A worker container's launch context: {@link WorkerMain} with the AM's address, the worker id and
 * the message bound in its environment, the per-application secret and the AM certificate's
 * fingerprint only in its credentials ({@link Launch#workerCredentials}), and the job jar as a
 * LocalResource.
 */
final class WorkerLaunch {
    private WorkerLaunch() {}

    /**
     * How a worker reaches and trusts the AM's endpoint.
     *
     * @param secret the per-application secret (credentials only)
     * @param certificate SHA-256 of the AM's TLS certificate (credentials only)
     * @param maxMessageBytes the bound on one message, derived from the model
     */
    record AmEndpoint(
            String host, int port, byte[] secret, byte[] certificate, int maxMessageBytes) {
        AmEndpoint {
            secret = secret.clone();
            certificate = certificate.clone();
        }
    }

    /**
     * @param jobJar the staged job jar ({@link Launch#jarResource}); null or blank: none
     */
    static ContainerLaunchContext context(
            Configuration conf, YarnSettings s, AmEndpoint am, int worker, String jobJar) {
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
            env.put(WorkerMain.ENV_AM_HOST, am.host());
            env.put(WorkerMain.ENV_AM_PORT, Integer.toString(am.port()));
            env.put(WorkerMain.ENV_WORKER, Integer.toString(worker));
            env.put(WorkerMain.ENV_MAX_MESSAGE_BYTES, Integer.toString(am.maxMessageBytes()));
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
                            UserGroupInformation.getCurrentUser().getCredentials(),
                            am.secret(),
                            am.certificate());
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
