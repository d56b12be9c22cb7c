package io.codedyarn.am.net;

import static io.codedyarn.am.net.TestingCluster.SECRET;
import static io.codedyarn.am.net.TestingCluster.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codedyarn.coordinator.cluster.CoordinatorEvent.WorkerReady;
import io.codedyarn.protocol.PinnedCertificate;
import io.codedyarn.worker.net.WorkerClient;
import io.grpc.InsecureChannelCredentials;
import io.grpc.Status;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.Date;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The worker channel is TLS with the AM's per-application certificate, and workers trust exactly
 * that certificate: one pinning another, and a plaintext peer, never reach the service (no event,
 * so no worker can be failed by them), and the endpoint listens on the one address it is given.
 */
class TlsTest {
    private static final ServerOptions OPTS = ServerOptions.defaults().withMaxMessageBytes(1 << 20);
    private static final Instant NOW = Instant.parse("2026-11-26T04:00:00Z");

    private static AmIdentity identity(Instant now) {
        return AmIdentity.generate("coded-yarn AM application_1_0001", now, new SecureRandom());
    }

    @Test
    void theCertificateIsSelfSignedByTheKeyAndItsFingerprintIsTheSha256OfItsEncoding()
            throws Exception {
        AmIdentity a = identity(NOW);
        X509Certificate c = a.certificate();
        c.verify(c.getPublicKey()); // throws unless the signature is the key's own
        assertThat(c.getSubjectX500Principal().getName())
                .isEqualTo("CN=coded-yarn AM application_1_0001")
                .isEqualTo(c.getIssuerX500Principal().getName());
        assertThat(c.getVersion()).isEqualTo(3);
        assertThat(c.getSigAlgName()).isEqualTo("SHA256withECDSA");
        c.checkValidity(Date.from(NOW));
        assertThat(a.fingerprint())
                .isEqualTo(MessageDigest.getInstance("SHA-256").digest(c.getEncoded()));
        assertThat(identity(NOW).fingerprint())
                .as("a fresh key each time")
                .isNotEqualTo(a.fingerprint());
    }

    @Test
    void validityPast2049IsAGeneralizedTime() throws Exception {
        // RFC 5280: UTCTime through 2049; the JDK's parser reads both, the dates must survive
        X509Certificate c = identity(Instant.parse("2049-12-01T00:00:00Z")).certificate();
        assertThat(c.getNotBefore().toInstant()).isEqualTo(Instant.parse("2049-11-30T00:00:00Z"));
        assertThat(c.getNotAfter().toInstant()).isEqualTo(Instant.parse("2050-12-01T00:00:00Z"));
    }

    @Test
    void thePinAcceptsItsCertificateAndNoOther() throws Exception {
        AmIdentity a = identity(NOW);
        AmIdentity b = identity(NOW);
        PinnedCertificate pin = new PinnedCertificate(a.fingerprint());
        X509Certificate[] chainA = {a.certificate()};
        X509Certificate[] chainB = {b.certificate()};
        pin.checkServerTrusted(chainA, "ECDHE_ECDSA", (javax.net.ssl.SSLEngine) null);
        assertThatThrownBy(
                        () ->
                                pin.checkServerTrusted(
                                        chainB, "ECDHE_ECDSA", (javax.net.ssl.SSLEngine) null))
                .isInstanceOf(CertificateException.class)
                .hasMessageContaining("is not this application's");
        assertThatThrownBy(() -> pin.checkServerTrusted(new X509Certificate[0], "ECDHE_ECDSA"))
                .hasMessage("the application master presented no certificate");
        assertThatThrownBy(() -> new PinnedCertificate(new byte[20]))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("has 32 bytes, got 20");
    }

    @Test
    void aWorkerPinningAnotherCertificateCannotConnectAndTheRightOneThenCan() throws Exception {
        try (TestingCluster c = new TestingCluster(2, OPTS)) {
            byte[] otherPin = identity(NOW).fingerprint();
            WorkerClient impostor =
                    new WorkerClient(
                            new WorkerClient.Config(
                                    "127.0.0.1",
                                    c.server.port(),
                                    0,
                                    SECRET,
                                    otherPin,
                                    "host-0",
                                    1 << 20),
                            c.memoryLoader(),
                            System::nanoTime);
            try (impostor) {
                assertThat(await(c.run(impostor))).isEqualTo(WorkerClient.EXIT_LOST);
            }
            assertThat(impostor.diagnostic()).contains("UNAVAILABLE");
            assertThat(c.events.poll(TimeUnit.MILLISECONDS.toNanos(200)))
                    .as("a failed handshake posts nothing")
                    .isNull();
            c.start(0);
            assertThat(c.next(WorkerReady.class).worker()).isZero();
        }
    }

    @Test
    void aPlaintextPeerIsRefusedBeforeItsHelloIsRead() throws Exception {
        try (TestingCluster c = new TestingCluster(2, OPTS);
                RawPeer p = new RawPeer(c.server.port(), InsecureChannelCredentials.create())) {
            p.send(RawPeer.hello(0, SECRET));
            Status s = (Status) p.next();
            assertThat(s.getCode()).isEqualTo(Status.Code.UNAVAILABLE);
            assertThat(c.events.poll(TimeUnit.MILLISECONDS.toNanos(200))).isNull();
        }
    }

    @Test
    void theEndpointListensOnTheOneAddressItIsGiven() throws Exception {
        try (TestingCluster c = new TestingCluster(1, OPTS)) {
            assertThat(c.server.address().getAddress().isAnyLocalAddress()).isFalse();
            assertThat(c.server.address().getAddress().getHostAddress()).isEqualTo("127.0.0.1");
        }
        assertThat(ServerOptions.defaults().bindAddress()).isEqualTo("127.0.0.1");
    }
}
