package io.codedyarn.am.net;

import static io.codedyarn.am.net.TestingCluster.SECRET;
import static io.codedyarn.am.net.TestingCluster.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codedyarn.coordinator.cluster.CoordinatorEvent.WorkerReady;
import io.codedyarn.protocol.PinnedCertificate;
import io.codedyarn.protocol.WorkerKeys;
import io.codedyarn.protocol.v1.WorkerMessage;
import io.codedyarn.worker.net.WorkerClient;
import io.grpc.ChannelCredentials;
import io.grpc.InsecureChannelCredentials;
import io.grpc.Status;
import io.grpc.TlsChannelCredentials;
import io.grpc.netty.shaded.io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The worker channel is mutual TLS with the AM's per-application certificates: workers trust
 * exactly the AM's, the AM exactly the application's worker certificate. A worker pinning another
 * certificate, a plaintext peer and a peer without the worker key never reach the service (no
 * event, so no worker can be failed by them, and no stream), and the endpoint listens on the one
 * address it is given.
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
        PinnedCertificate pin = PinnedCertificate.ofApplicationMaster(a.fingerprint());
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
        assertThatThrownBy(() -> PinnedCertificate.ofApplicationMaster(new byte[20]))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("has 32 bytes, got 20");
        assertThatThrownBy(() -> pin.checkClientTrusted(chainA, "ECDHE_ECDSA"))
                .as("a worker's pin judges no TLS client")
                .hasMessageContaining("trusts only the application master's certificate");
    }

    @Test
    void theAmsPinAcceptsOnlyTheWorkerCertificateAndOnlyFromAClient() throws Exception {
        AmIdentity a = identity(NOW);
        X509Certificate[] workers = {a.workerCertificate()};
        X509Certificate[] am = {a.certificate()};
        X509Certificate[] otherApplication = {identity(NOW).workerCertificate()};
        PinnedCertificate pin =
                PinnedCertificate.ofWorkers(PinnedCertificate.fingerprint(a.workerCertificate()));
        pin.checkClientTrusted(workers, "EC", (javax.net.ssl.SSLEngine) null);
        assertThatThrownBy(() -> pin.checkClientTrusted(am, "EC"))
                .hasMessageContaining("the certificate of the worker")
                .hasMessageContaining("is not this application's");
        assertThatThrownBy(() -> pin.checkClientTrusted(otherApplication, "EC"))
                .isInstanceOf(CertificateException.class);
        assertThatThrownBy(() -> pin.checkClientTrusted(new X509Certificate[0], "EC"))
                .hasMessage("the worker presented no certificate");
        assertThatThrownBy(() -> pin.checkServerTrusted(workers, "EC"))
                .hasMessageContaining("trusts only the worker's certificate");
        assertThat(a.workerCertificate().getSubjectX500Principal().getName())
                .isEqualTo("CN=coded-yarn AM application_1_0001 workers");
        assertThat(a.workerKeys().amFingerprint()).isEqualTo(a.fingerprint());
        assertThat(a.workerKeys().certificateFingerprint())
                .isEqualTo(PinnedCertificate.fingerprint(a.workerCertificate()))
                .isNotEqualTo(a.fingerprint());
    }

    /**
     * Issue 30 §5: a peer that reaches the port and skips every certificate check, but lacks the
     * worker key, cannot make the AM hold anything beyond its TLS handshake: however many
     * connections it opens and however large the Hello it sends, no connection completes the
     * handshake and no stream is opened (so gRPC buffers none of its bytes and no Hello timeout
     * holds a slot); nor can another application's workers. A real worker then connects.
     */
    @Test
    void aPeerWithoutTheWorkerKeyOpensNoStreamHoweverManyConnectionsAndBytesItTries()
            throws Exception {
        try (TestingCluster c = new TestingCluster(2, OPTS)) {
            ChannelCredentials trustAnything =
                    TlsChannelCredentials.newBuilder()
                            .trustManager(InsecureTrustManagerFactory.INSTANCE.getTrustManagers())
                            .build();
            ChannelCredentials otherApplicationsWorker =
                    identity(NOW)
                            .workerKeys()
                            .withAmFingerprint(c.identity.fingerprint())
                            .channelCredentials();
            // the secret is a bytes field: a 900 KB Hello, under the 1 MiB message bound
            WorkerMessage bigHello = RawPeer.hello(0, new byte[900 * 1024]);
            int attempts = 40;
            for (int i = 0; i < attempts; i++) {
                for (ChannelCredentials creds : List.of(trustAnything, otherApplicationsWorker)) {
                    try (RawPeer p = new RawPeer(c.server.port(), creds)) {
                        p.send(i % 2 == 0 ? bigHello : RawPeer.hello(0, SECRET));
                        Object end = p.next();
                        assertThat(end).isInstanceOf(Status.class);
                        assertThat(((Status) end).getCode()).isNotEqualTo(Status.Code.OK);
                    }
                }
            }
            assertThat(c.server.authenticatedConnections())
                    .as("handshakes completed by %s peers without the worker key", 2 * attempts)
                    .isZero();
            assertThat(c.server.streamsOpened()).as("streams they opened").isZero();
            assertThat(c.events.poll(TimeUnit.MILLISECONDS.toNanos(200))).isNull();

            c.start(0);
            assertThat(c.next(WorkerReady.class).worker()).isZero();
            assertThat(c.server.authenticatedConnections()).isEqualTo(1);
            assertThat(c.server.streamsOpened()).isEqualTo(1);
        }
    }

    @Test
    void aWorkerPinningAnotherCertificateCannotConnectAndTheRightOneThenCan() throws Exception {
        try (TestingCluster c = new TestingCluster(2, OPTS)) {
            byte[] otherPin = identity(NOW).fingerprint();
            WorkerKeys pinningAnother = c.identity.workerKeys().withAmFingerprint(otherPin);
            WorkerClient impostor =
                    new WorkerClient(
                            new WorkerClient.Config(
                                    "127.0.0.1",
                                    c.server.port(),
                                    0,
                                    SECRET,
                                    pinningAnother,
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
