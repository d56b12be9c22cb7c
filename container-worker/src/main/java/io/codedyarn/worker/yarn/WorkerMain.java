package io.codedyarn.worker.yarn;

import io.codedyarn.protocol.PinnedCertificate;
import io.codedyarn.protocol.ProtocolCodec;
import io.codedyarn.protocol.WorkerKeys;
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
 * command line or in the environment, where {@code ps} or the NodeManager's logs would show it. The
 * SHA-256 fingerprint of the AM's TLS certificate (key {@value #AM_CERTIFICATE_KEY}) arrives the
 * same way: the worker's TLS channel trusts that certificate and no other, so a fingerprint an
 * attacker could edit (a file, the environment) would let it impersonate the AM. So do the
 * application's worker key and certificate ({@value #WORKER_KEY_KEY}, {@value
 * #WORKER_CERTIFICATE_KEY}), which the AM asks of every TLS client: anyone who could read them
 * could reach the AM's endpoint. {@value #ENV_MAX_MESSAGE_BYTES} (optional) is the message bound
 * the AM derived from the model. Runs {@link WorkerClient} with an {@link HdfsPartitionLoader} and
 * exits with its status (0 after the AM's Stop).
 */
public final class WorkerMain {
    public static final String ENV_AM_HOST = "CODED_YARN_AM_HOST";
    public static final String ENV_AM_PORT = "CODED_YARN_AM_PORT";
    public static final String ENV_WORKER = "CODED_YARN_WORKER";

    /** Bound on one message in either direction; absent: {@link ProtocolCodec}'s default. */
    public static final String ENV_MAX_MESSAGE_BYTES = "CODED_YARN_MAX_MESSAGE_BYTES";

    /** The credentials' secret-key alias of the per-application secret. */
    public static final String SECRET_KEY = "coded-yarn.secret";

    /** The credentials' secret-key alias of the SHA-256 of the AM's TLS certificate. */
    public static final String AM_CERTIFICATE_KEY = "coded-yarn.am.certificate.sha256";

    /**
     * The credentials' secret-key alias of the worker key (PKCS#8), the client key of mutual TLS.
     */
    public static final String WORKER_KEY_KEY = "coded-yarn.worker.key";

    /** The credentials' secret-key alias of the worker certificate (X.509 DER). */
    public static final String WORKER_CERTIFICATE_KEY = "coded-yarn.worker.certificate";

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
        WorkerClient.Config config = config(env, credentials);
        int worker = config.worker();
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

    /**
     * The worker's configuration from its container: the AM's address, its id and the message bound
     * from the environment; the application secret, the AM certificate's fingerprint and the worker
     * key and certificate from the credentials only.
     *
     * @throws IllegalArgumentException naming what is missing or malformed
     */
    public static WorkerClient.Config config(Map<String, String> env, Credentials credentials) {
        String amHost = required(env, ENV_AM_HOST);
        int amPort = parse(env, ENV_AM_PORT);
        int worker = parse(env, ENV_WORKER);
        byte[] secret = credentials.getSecretKey(new Text(SECRET_KEY));
        if (secret == null || secret.length == 0) {
            throw new IllegalArgumentException(
                    "no application secret '" + SECRET_KEY + "' in the container credentials");
        }
        byte[] pin = credentials.getSecretKey(new Text(AM_CERTIFICATE_KEY));
        if (pin == null || pin.length != PinnedCertificate.FINGERPRINT_BYTES) {
            throw new IllegalArgumentException(
                    "no SHA-256 fingerprint of the application master's certificate '"
                            + AM_CERTIFICATE_KEY
                            + "' in the container credentials"
                            + (pin == null ? "" : " (got " + pin.length + " bytes)"));
        }
        byte[] key = credentials.getSecretKey(new Text(WORKER_KEY_KEY));
        byte[] certificate = credentials.getSecretKey(new Text(WORKER_CERTIFICATE_KEY));
        if (key == null || key.length == 0 || certificate == null || certificate.length == 0) {
            throw new IllegalArgumentException(
                    "no worker key '"
                            + WORKER_KEY_KEY
                            + "' and certificate '"
                            + WORKER_CERTIFICATE_KEY
                            + "' in the container credentials (the application master asks every"
                            + " worker for them)");
        }
        int maxBytes =
                env.containsKey(ENV_MAX_MESSAGE_BYTES)
                        ? parse(env, ENV_MAX_MESSAGE_BYTES)
                        : ProtocolCodec.DEFAULT_MAX_MESSAGE_BYTES;
        // the NodeManager as YARN names it (host:port): several share a host in a mini cluster
        String host =
                env.getOrDefault("NM_HOST", "unknown")
                        + (env.containsKey("NM_PORT") ? ":" + env.get("NM_PORT") : "");
        return new WorkerClient.Config(
                amHost,
                amPort,
                worker,
                secret,
                new WorkerKeys(pin, key, certificate),
                host,
                maxBytes);
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
