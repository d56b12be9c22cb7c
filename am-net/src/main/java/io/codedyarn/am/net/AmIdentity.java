package io.codedyarn.am.net;

import io.codedyarn.protocol.PinnedCertificate;
import io.grpc.ServerCredentials;
import io.grpc.TlsServerCredentials;
import java.io.ByteArrayInputStream;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import javax.net.ssl.KeyManagerFactory;

/**
 * The application master's TLS identity for the worker endpoint: an EC P-256 key pair made at AM
 * start and a self-signed certificate for it, both only in this JVM's memory (nothing is written,
 * the private key never leaves the process). Workers trust the certificate by its SHA-256 {@link
 * #fingerprint()}, which the AM puts in their container credentials ({@link PinnedCertificate}).
 *
 * <p>P-256 because its key and certificate are made in milliseconds (median 3–15 ms measured on a
 * busy 2-core machine) and every TLS stack in use (JSSE, BoringSSL in grpc-netty-shaded) speaks
 * ECDSA. The certificate is built with the JDK alone ({@link SelfSignedCertificate}); it is valid
 * from a day before to a year after its making, dates that only matter to a reader, since workers
 * check the pin.
 */
public final class AmIdentity {
    private static final Duration BACKDATE = Duration.ofDays(1);
    private static final Duration LIFETIME = Duration.ofDays(365);

    private final KeyPair keys;
    private final X509Certificate certificate;

    private AmIdentity(KeyPair keys, X509Certificate certificate) {
        this.keys = keys;
        this.certificate = certificate;
    }

    /**
     * A fresh key pair and its self-signed certificate.
     *
     * @param subject the certificate's common name (e.g. "coded-yarn AM application_…")
     * @param now when it is made (its validity starts a day before)
     * @param random the key's and serial number's randomness (a SecureRandom: a credential)
     */
    public static AmIdentity generate(String subject, Instant now, SecureRandom random) {
        try {
            KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
            g.initialize(new ECGenParameterSpec("secp256r1"), random);
            KeyPair keys = g.generateKeyPair();
            byte[] der =
                    SelfSignedCertificate.der(
                            subject, now.minus(BACKDATE), now.plus(LIFETIME), keys, random);
            X509Certificate c =
                    (X509Certificate)
                            CertificateFactory.getInstance("X.509")
                                    .generateCertificate(new ByteArrayInputStream(der));
            return new AmIdentity(keys, c);
        } catch (GeneralSecurityException e) {
            // OpenJDK 17+ always has them (SunEC, SUN): not a condition a user can fix
            throw new IllegalStateException("cannot make the AM's TLS identity: " + e, e);
        }
    }

    public X509Certificate certificate() {
        return certificate;
    }

    /** SHA-256 of the certificate's DER encoding: what workers pin. */
    public byte[] fingerprint() {
        return PinnedCertificate.fingerprint(certificate);
    }

    /** Server-side TLS (no client certificates: workers authenticate with the secret in Hello). */
    ServerCredentials serverCredentials() {
        try {
            // an in-memory key store only to hand the key to a KeyManager; never stored
            char[] password = new char[0];
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            store.setKeyEntry(
                    "am", keys.getPrivate(), password, new X509Certificate[] {certificate});
            KeyManagerFactory kmf =
                    KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(store, password);
            return TlsServerCredentials.newBuilder().keyManager(kmf.getKeyManagers()).build();
        } catch (GeneralSecurityException | java.io.IOException e) {
            throw new IllegalStateException("cannot load the AM's TLS key: " + e, e);
        }
    }
}
