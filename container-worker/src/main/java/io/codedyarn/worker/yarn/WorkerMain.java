package io.codedyarn.worker.yarn;

import io.codedyarn.worker.hdfs.HdfsPartitionLoader;
import io.codedyarn.worker.net.WorkerClient;
import java.io.IOException;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.security.Credentials;
import org.apache.hadoop.security.UserGroupInformation;

/**
 * The worker container's main: wiring only. The ApplicationMaster launches it with the environment
 * {@value #ENV_AM_HOST}, {@value #ENV_AM_PORT} and {@value #ENV_WORKER}; the per-application secret
 * arrives ONLY in the container's credentials (secret key {@value #SECRET_KEY}), never on the
 * command line or in the environment, where {@code ps} or the NodeManager's logs would show it.
 * Runs {@link WorkerClient} with an {@link HdfsPartitionLoader} and exits with its status (0 after
 * the AM's Stop).
 */
public final class WorkerMain {
    public static final String ENV_AM_HOST = "CODED_YARN_AM_HOST";
    public static final String ENV_AM_PORT = "CODED_YARN_AM_PORT";
    public static final String ENV_WORKER = "CODED_YARN_WORKER";

    /** The credentials' secret-key alias of the per-application secret. */
    public static final String SECRET_KEY = "coded-yarn.secret";

    /** Exit status for a container started without the environment or secret it needs. */
    public static final int EXIT_MISCONFIGURED = 64;

    private WorkerMain() {}

    public static void main(String[] args) throws Exception {
        int status;
        try {
            status = run(System.getenv(), UserGroupInformation.getCurrentUser().getCredentials());
        } catch (IllegalArgumentException e) {
            System.err.println("coded-yarn worker: " + e.getMessage());
            status = EXIT_MISCONFIGURED;
        }
        System.exit(status);
    }

    static int run(Map<String, String> env, Credentials credentials)
            throws IOException, InterruptedException {
        String amHost = required(env, ENV_AM_HOST);
        int amPort = parse(env, ENV_AM_PORT);
        int worker = parse(env, ENV_WORKER);
        byte[] secret = credentials.getSecretKey(new Text(SECRET_KEY));
        if (secret == null || secret.length == 0) {
            throw new IllegalArgumentException(
                    "no application secret '" + SECRET_KEY + "' in the container credentials");
        }
        // the NodeManager as YARN names it (host:port): several share a host in a mini cluster
        String host =
                env.getOrDefault("NM_HOST", "unknown")
                        + (env.containsKey("NM_PORT") ? ":" + env.get("NM_PORT") : "");
        WorkerClient.Config config = WorkerClient.Config.of(amHost, amPort, worker, secret, host);
        try (WorkerClient client =
                new WorkerClient(
                        config, new HdfsPartitionLoader(new Configuration()), System::nanoTime)) {
            int status = client.run();
            System.err.println(
                    "coded-yarn worker "
                            + worker
                            + ": exit "
                            + status
                            + (client.diagnostic().isEmpty()
                                    ? ""
                                    : " (" + client.diagnostic() + ")"));
            return status;
        }
    }

    private static String required(Map<String, String> env, String name) {
        String v = env.get(name);
        if (v == null || v.isBlank()) {
            throw new IllegalArgumentException("environment variable " + name + " is not set");
        }
        return v;
    }

    private static int parse(Map<String, String> env, String name) {
        String v = required(env, name);
        try {
            return Integer.parseInt(v.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "environment variable " + name + " = '" + v + "' is not an integer");
        }
    }
}
