package io.codedyarn.am.yarn.master;

import io.codedyarn.am.config.CodedYarnConfig;
import io.codedyarn.am.config.Jit;
import io.codedyarn.am.config.JitChoice;
import io.codedyarn.am.config.KernelKeys;
import io.codedyarn.am.config.KernelVector;
import io.codedyarn.am.config.YarnSettings;
import io.codedyarn.am.yarn.ClassDataSharing;
import io.codedyarn.am.yarn.ContainerJava;
import io.codedyarn.am.yarn.Launch;
import io.codedyarn.compute.kernel.KernelPath;
import io.codedyarn.compute.kernel.RowBlocks;
import io.codedyarn.coordinator.cluster.DataShape;
import io.codedyarn.protocol.ProtocolCodec;
import io.codedyarn.protocol.WorkerKeys;
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
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A worker container's launch context: {@link WorkerMain} with the AM's address, the worker id and
 * the message bound in its environment, the per-application secret, the AM certificate's
 * fingerprint and the worker key only in its credentials ({@link Launch#workerCredentials}), and
 * the job jar as a LocalResource.
 */
final class WorkerLaunch {
    private static final Logger LOG = LoggerFactory.getLogger(WorkerLaunch.class);

    private WorkerLaunch() {}

    /**
     * How a worker reaches and trusts the AM's endpoint.
     *
     * @param secret the per-application secret (credentials only)
     * @param keys the AM certificate's fingerprint and the worker key and certificate (credentials
     *     only)
     * @param maxMessageBytes the bound on one message, derived from the model
     */
    record AmEndpoint(String host, int port, byte[] secret, WorkerKeys keys, int maxMessageBytes) {
        AmEndpoint {
            secret = secret.clone();
        }
    }

    /**
     * The job's kernels, decided here, in the AM, once for all its workers (coded decoding combines
     * results computed on replicas, which must agree to the last bit): {@code
     * coded-yarn.kernel.vector=auto} is the vector path when this JVM's runtime has the module.
     *
     * @param vector whether the workers run {@code KernelPath.VECTOR}
     * @param threads the workers' kernel threads ({@code coded-yarn.kernel.threads}, resolved)
     * @param c1 whether the worker JVMs compile with C1 only ({@link Jit#workerC1Only})
     */
    record JobKernels(boolean vector, int threads, boolean c1) {
        /** After {@link #decideKernels}: the keys hold true/false and c1/full, no longer auto. */
        static JobKernels of(Configuration conf) {
            CodedYarnConfig cfg = CodedYarnConfig.parse(conf::get);
            return new JobKernels(
                    cfg.kernelVector().vector(KernelPath.vectorModuleInRuntime(), Long.MAX_VALUE),
                    cfg.kernelThreads(),
                    Jit.of(conf::get, KernelKeys.WORKER_JIT) == Jit.C1);
        }

        /**
         * The worker JVM options (the kernels read them as system properties). ALL-SYSTEM, not
         * jdk.incubator.vector: it adds the module where the runtime has it and still starts a JVM
         * whose runtime lacks it, which then runs the scalar path with a warning (KernelPath).
         */
        String jvmOptions() {
            return (vector ? " --add-modules ALL-SYSTEM -D" + KernelPath.CONFIG_KEY + "=true" : "")
                    + (threads > 1 ? " -D" + RowBlocks.CONFIG_KEY + "=" + threads : "")
                    + (c1 ? " " + Jit.C1_OPTION : "");
        }

        /** As workers report theirs in Hello ({@link ProtocolCodec#kernels}). */
        String label() {
            return ProtocolCodec.kernels(
                    (vector ? KernelPath.VECTOR : KernelPath.SCALAR).label(), threads);
        }
    }

    /**
     * Decides the job's kernel path once, for every worker (auto: {@link KernelVector#vector}),
     * writes it back into {@code conf} as true or false, and logs it with the reason; returns
     * {@link JobKernels#label}, what the AM expects every worker's Hello to report.
     */
    static String decideKernels(Configuration conf, DataShape shape, int iterations) {
        KernelVector asked = CodedYarnConfig.parse(conf::get).kernelVector();
        long bytes = shape.rows() * shape.cols() * (long) Double.BYTES;
        boolean vector = asked.vector(KernelPath.vectorModuleInRuntime(), bytes);
        // written back: every worker's launch context reads the one decision
        conf.set(KernelKeys.KERNEL_VECTOR.name(), Boolean.toString(vector));
        Jit jit = Jit.of(conf::get, KernelKeys.WORKER_JIT);
        double work = (double) shape.rows() * shape.cols() * iterations;
        boolean c1 = jit.workerC1Only(vector, work);
        conf.set(KernelKeys.WORKER_JIT.name(), c1 ? Jit.C1.toString() : Jit.FULL.toString());
        LOG.info(
                "{}",
                JitChoice.describe(
                        "worker JVMs compile",
                        c1,
                        KernelKeys.WORKER_JIT,
                        jit,
                        "rows x columns x iterations",
                        work,
                        Jit.WORKER_AUTO_MAX_WORK));
        JobKernels k = JobKernels.of(conf);
        LOG.info(
                "workers run the {} kernels ({}={}; this runtime {} jdk.incubator.vector; {} MiB"
                        + " of values, auto picks vector from {} MiB)",
                k.label(),
                KernelKeys.KERNEL_VECTOR.name(),
                asked,
                KernelPath.vectorModuleInRuntime() ? "has" : "lacks",
                bytes >> 20,
                KernelVector.AUTO_MIN_BYTES >> 20);
        return k.label();
    }

    /**
     * @param jobJar the staged job jar ({@link Launch#jarResource}); null or blank: none
     */
    static ContainerLaunchContext context(
            Configuration conf, YarnSettings s, AmEndpoint am, int worker, String jobJar) {
        JobKernels kernels = JobKernels.of(conf);
        // embedded cluster: the workers' class-data sharing archive (worker 0 records the
        // classes for it while there is none)
        String kernelOpts =
                ClassDataSharing.jvmOptions(
                                conf,
                                kernels.vector()
                                        ? ClassDataSharing.Role.WORKER_VECTOR
                                        : ClassDataSharing.Role.WORKER,
                                worker == 0,
                                "pid" + ProcessHandle.current().pid())
                        + kernels.jvmOptions();
        try {
            Map<String, String> env = new HashMap<>();
            // recomputed, not copied: the AM's own CLASSPATH is expanded with ITS working directory
            env.put(Environment.CLASSPATH.name(), Launch.containerClasspath(conf));
            env.put(WorkerMain.ENV_AM_HOST, am.host());
            env.put(WorkerMain.ENV_AM_PORT, Integer.toString(am.port()));
            env.put(WorkerMain.ENV_WORKER, Integer.toString(worker));
            env.put(WorkerMain.ENV_MAX_MESSAGE_BYTES, Integer.toString(am.maxMessageBytes()));
            String cmd =
                    ContainerJava.command(
                            s.workerJavaHome(),
                            ContainerJava.Role.WORKER,
                            s.workerJavaOpts()
                                    + kernelOpts
                                    + " "
                                    + WorkerMain.class.getName()
                                    + " 1>"
                                    + ApplicationConstants.LOG_DIR_EXPANSION_VAR
                                    + "/worker.stdout 2>"
                                    + ApplicationConstants.LOG_DIR_EXPANSION_VAR
                                    + "/worker.stderr",
                            "worker.stderr");
            Credentials creds =
                    Launch.workerCredentials(
                            UserGroupInformation.getCurrentUser().getCredentials(),
                            am.secret(),
                            am.keys());
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
