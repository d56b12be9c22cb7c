package io.codedyarn.am.net;

import io.codedyarn.protocol.PinnedCertificate;
import io.codedyarn.protocol.WorkerKeys;
import io.grpc.ServerCredentials;
import io.grpc.TlsServerCredentials;
import java.io.ByteArrayInputStream;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;

/**
 * The application master's TLS identities for the worker endpoint, both made at AM start and only
 * in this JVM's memory (nothing is written): its own EC P-256 key pair with a self-signed
 * certificate, which workers trust by its SHA-256 {@link #fingerprint()}, and the application's
 * worker key pair and certificate, which every client must present (mutual TLS): the AM ships the
 * worker key only in the workers' container credentials ({@link #workerKeys()}) and pins its
 * certificate ({@link PinnedCertificate#ofWorkers}). So a peer that merely reaches the port, even
 * one that skips every certificate check, is refused during the handshake: no stream, no buffered
 * message, no Hello to wait for.
 *
 * <p>P-256 because its key and certificate are made in milliseconds (median 3–15 ms measured on a
 * busy 2-core machine) and every TLS stack in use (JSSE, BoringSSL in grpc-netty-shaded) speaks
 * ECDSA. The certificates are built with the JDK alone ({@link SelfSignedCertificate}); they are
 * valid from a day before to a year after their making, dates that only matter to a reader, since
 * both ends check the pins.
 */
public final class AmIdentity {
    private static final Duration BACKDATE = Duration.ofDays(1);
    private static final Duration LIFETIME = Duration.ofDays(365);

    private final KeyPair keys;
    private final X509Certificate certificate;
    private final KeyPair workerKeys;
    private final X509Certificate workerCertificate;

    private AmIdentity(
            KeyPair keys,
            X509Certificate certificate,
            KeyPair workerKeys,
            X509Certificate workerCertificate) {
        this.keys = keys;
        this.certificate = certificate;
        this.workerKeys = workerKeys;
        this.workerCertificate = workerCertificate;
    }

    /**
     * Fresh key pairs and their self-signed certificates.
     *
     * @param subject the AM certificate's common name (e.g. "coded-yarn AM application_…"); the
     *     worker certificate's is the same with " workers" appended
     * @param now when they are made (their validity starts a day before)
     * @param random the keys' and serial numbers' randomness (a SecureRandom: a credential)
     */
    public static AmIdentity generate(String subject, Instant now, SecureRandom random) {
        try {
            KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
            g.initialize(new ECGenParameterSpec("secp256r1"), random);
            KeyPair keys = g.generateKeyPair();
            KeyPair workers = g.generateKeyPair();
            return new AmIdentity(
                    keys,
                    certificate(subject, now, keys, random),
                    workers,
                    certificate(subject + " workers", now, workers, random));
        } catch (GeneralSecurityException e) {
            // OpenJDK 17+ always has them (SunEC, SUN): not a condition a user can fix
            throw new IllegalStateException("cannot make the AM's TLS identity: " + e, e);
        }
    }

    private static X509Certificate certificate(
            String subject, Instant now, KeyPair keys, SecureRandom random)
            throws GeneralSecurityException {
        byte[] der =
                SelfSignedCertificate.der(
                        subject, now.minus(BACKDATE), now.plus(LIFETIME), keys, random);
        return (X509Certificate)
                CertificateFactory.getInstance("X.509")
                        .generateCertificate(new ByteArrayInputStream(der));
    }

    public X509Certificate certificate() {
        return certificate;
    }

    public X509Certificate workerCertificate() {
        return workerCertificate;
    }

    /** SHA-256 of the certificate's DER encoding: what workers pin. */
    public byte[] fingerprint() {
        return PinnedCertificate.fingerprint(certificate);
    }

    /**
     * What each worker's container credentials carry: the AM certificate's fingerprint and the
     * worker key and certificate.
     */
    public WorkerKeys workerKeys() {
        try {
            return new WorkerKeys(
                    fingerprint(),
                    workerKeys.getPrivate().getEncoded(),
                    workerCertificate.getEncoded());
        } catch (java.security.cert.CertificateEncodingException e) {
            // decoded from its encoding in generate
            throw new IllegalStateException("cannot encode the worker certificate: " + e, e);
        }
    }

    /**
     * Server-side TLS that requires the worker certificate of every client: a client without the
     * worker key fails the handshake before gRPC reads a byte of its streams.
     */
    ServerCredentials serverCredentials() {
        return TlsServerCredentials.newBuilder()
                .keyManager(WorkerKeys.keyManagers(keys.getPrivate(), certificate))
                .trustManager(
                        PinnedCertificate.ofWorkers(
                                PinnedCertificate.fingerprint(workerCertificate)))
                .clientAuth(TlsServerCredentials.ClientAuth.REQUIRE)
                .build();
    }
}
