package io.codedyarn.worker.yarn;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.security.Credentials;
import org.junit.jupiter.api.Test;

/** The worker refuses to start without its environment or its secret, naming what is missing. */
class WorkerMainTest {
    private static final Map<String, String> ENV =
            Map.of(
                    WorkerMain.ENV_AM_HOST, "localhost",
                    WorkerMain.ENV_AM_PORT, "4242",
                    WorkerMain.ENV_WORKER, "1");

    @Test
    void missingOrBadEnvironmentIsNamed() {
        assertThatThrownBy(() -> WorkerMain.run(Map.of(), new Credentials()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(WorkerMain.ENV_AM_HOST);
        assertThatThrownBy(
                        () ->
                                WorkerMain.run(
                                        Map.of(
                                                WorkerMain.ENV_AM_HOST, "h",
                                                WorkerMain.ENV_AM_PORT, "x",
                                                WorkerMain.ENV_WORKER, "1"),
                                        new Credentials()))
                .hasMessageContaining(WorkerMain.ENV_AM_PORT + " = 'x' is not an integer");
    }

    @Test
    void theSecretMustComeFromTheCredentials() {
        // everything else present: only the credentials lack the secret
        assertThatThrownBy(() -> WorkerMain.run(ENV, new Credentials()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no application secret 'coded-yarn.secret'");
    }

    @Test
    void theAmCertificatesFingerprintMustComeFromTheCredentials() {
        Credentials secretOnly = new Credentials();
        secretOnly.addSecretKey(new Text(WorkerMain.SECRET_KEY), new byte[] {1, 2, 3});
        assertThatThrownBy(() -> WorkerMain.run(ENV, secretOnly))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(
                        "no SHA-256 fingerprint of the application master's certificate"
                                + " 'coded-yarn.am.certificate.sha256' in the container credentials");
        Credentials shortPin = new Credentials(secretOnly);
        shortPin.addSecretKey(new Text(WorkerMain.AM_CERTIFICATE_KEY), new byte[20]);
        assertThatThrownBy(() -> WorkerMain.run(ENV, shortPin))
                .hasMessageContaining("(got 20 bytes)");
    }

    @Test
    void theWorkerKeyAndCertificateMustComeFromTheCredentials() {
        Credentials noKey = new Credentials();
        noKey.addSecretKey(new Text(WorkerMain.SECRET_KEY), new byte[] {1, 2, 3});
        noKey.addSecretKey(new Text(WorkerMain.AM_CERTIFICATE_KEY), new byte[32]);
        assertThatThrownBy(() -> WorkerMain.run(ENV, noKey))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(
                        "no worker key 'coded-yarn.worker.key' and certificate"
                                + " 'coded-yarn.worker.certificate' in the container credentials");
        Credentials keyOnly = new Credentials(noKey);
        keyOnly.addSecretKey(new Text(WorkerMain.WORKER_KEY_KEY), new byte[] {4});
        assertThatThrownBy(() -> WorkerMain.run(ENV, keyOnly))
                .hasMessageContaining("no worker key");
        Credentials garbage = new Credentials(keyOnly);
        garbage.addSecretKey(new Text(WorkerMain.WORKER_CERTIFICATE_KEY), new byte[] {5});
        assertThatThrownBy(() -> WorkerMain.run(ENV, garbage))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("the worker key or certificate is unreadable");
    }
}
