package io.codedyarn.protocol;

import io.grpc.ChannelCredentials;
import io.grpc.TlsChannelCredentials;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;

/**
 * What a worker holds to reach its application master over mutual TLS, all from its container
 * credentials: the SHA-256 of the AM's certificate (the one server it trusts, {@link
 * PinnedCertificate#ofApplicationMaster}) and the application's worker key and certificate, which
 * the AM asks of every client during the handshake ({@link PinnedCertificate#ofWorkers}), so a peer
 * without them is cut off before any of its bytes reach the worker service.
 *
 * @param amFingerprint SHA-256 of the AM certificate's DER encoding
 * @param key the worker key, PKCS#8 DER (EC)
 * @param certificate the worker certificate, X.509 DER
 */
public record WorkerKeys(byte[] amFingerprint, byte[] key, byte[] certificate) {
    public WorkerKeys {
        if (amFingerprint.length != PinnedCertificate.FINGERPRINT_BYTES) {
            throw new IllegalArgumentException(
                    "the application master's certificate fingerprint has "
                            + PinnedCertificate.FINGERPRINT_BYTES
                            + " bytes, got "
                            + amFingerprint.length);
        }
        if (key.length == 0 || certificate.length == 0) {
            throw new IllegalArgumentException("the worker key and certificate must not be empty");
        }
        amFingerprint = amFingerprint.clone();
        key = key.clone();
        certificate = certificate.clone();
    }

    /** The same keys trusting another AM certificate (tests: a worker pinning an impostor). */
    public WorkerKeys withAmFingerprint(byte[] other) {
        return new WorkerKeys(other, key, certificate);
    }

    /** SHA-256 of the worker certificate: what the AM pins. */
    public byte[] certificateFingerprint() {
        return PinnedCertificate.sha256(certificate);
    }

    /**
     * TLS credentials for a channel to the AM: presents the worker certificate, trusts only the
     * AM's.
     *
     * @throws IllegalArgumentException when the key or certificate cannot be read
     */
    public ChannelCredentials channelCredentials() {
        PrivateKey k;
        X509Certificate c;
        try {
            k = KeyFactory.getInstance("EC").generatePrivate(new PKCS8EncodedKeySpec(key));
            c =
                    (X509Certificate)
                            CertificateFactory.getInstance("X.509")
                                    .generateCertificate(new ByteArrayInputStream(certificate));
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException(
                    "the worker key or certificate is unreadable (an EC key in PKCS#8 and an"
                            + " X.509 certificate expected): "
                            + e.getMessage(),
                    e);
        }
        return TlsChannelCredentials.newBuilder()
                .keyManager(keyManagers(k, c))
                .trustManager(PinnedCertificate.ofApplicationMaster(amFingerprint))
                .build();
    }

    /** Key managers that present {@code certificate} for {@code key}, held in memory only. */
    public static KeyManager[] keyManagers(PrivateKey key, X509Certificate certificate) {
        try {
            // an in-memory key store only to hand the key to a KeyManager; never stored
            char[] password = new char[0];
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            store.setKeyEntry("key", key, password, new X509Certificate[] {certificate});
            KeyManagerFactory kmf =
                    KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(store, password);
            return kmf.getKeyManagers();
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException("cannot load a TLS key: " + e, e);
        }
    }
}
