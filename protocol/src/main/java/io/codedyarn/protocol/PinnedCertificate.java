package io.codedyarn.protocol;

import io.grpc.ChannelCredentials;
import io.grpc.TlsChannelCredentials;
import java.net.Socket;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.cert.CertificateEncodingException;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.HexFormat;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * Trusts exactly one certificate, named by the SHA-256 of its DER encoding: the application
 * master's per-application self-signed certificate, whose fingerprint reaches the worker in its
 * container credentials (never in a file or on a command line).
 *
 * <p>Why a pin and not a CA or host-name check: the AM's key pair exists only in the AM's memory,
 * for one application; no CA vouches for it and the AM's host name is whatever YARN placed it on.
 * The fingerprint identifies that one certificate exactly, so the usual checks (chain to a root,
 * host name, validity dates) add nothing: a peer without the AM's private key cannot complete the
 * handshake with this certificate. Being an {@link X509ExtendedTrustManager}, it is called as is by
 * both JSSE and netty's OpenSSL engine (neither wraps it in their own host-name check).
 */
public final class PinnedCertificate extends X509ExtendedTrustManager {
    /** Bytes of a SHA-256 fingerprint. */
    public static final int FINGERPRINT_BYTES = 32;

    private final byte[] sha256;

    public PinnedCertificate(byte[] sha256) {
        if (sha256.length != FINGERPRINT_BYTES) {
            throw new IllegalArgumentException(
                    "a SHA-256 certificate fingerprint has "
                            + FINGERPRINT_BYTES
                            + " bytes, got "
                            + sha256.length);
        }
        this.sha256 = sha256.clone();
    }

    /** TLS credentials for a channel to the AM that trust only the pinned certificate. */
    public static ChannelCredentials channelCredentials(byte[] sha256) {
        return TlsChannelCredentials.newBuilder()
                .trustManager(new PinnedCertificate(sha256))
                .build();
    }

    /** SHA-256 of the certificate's DER encoding. */
    public static byte[] fingerprint(X509Certificate c) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(c.getEncoded());
        } catch (NoSuchAlgorithmException | CertificateEncodingException e) {
            // every JDK has SHA-256, and a certificate we hold was decoded from its encoding
            throw new IllegalStateException("cannot fingerprint certificate: " + e, e);
        }
    }

    private void check(X509Certificate[] chain) throws CertificateException {
        if (chain == null || chain.length == 0) {
            throw new CertificateException("the application master presented no certificate");
        }
        byte[] got = fingerprint(chain[0]);
        if (!MessageDigest.isEqual(sha256, got)) {
            throw new CertificateException(
                    "the server's certificate (SHA-256 "
                            + HexFormat.of().formatHex(got)
                            + ") is not this application's (SHA-256 "
                            + HexFormat.of().formatHex(sha256)
                            + ")");
        }
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType)
            throws CertificateException {
        check(chain);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket)
            throws CertificateException {
        check(chain);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
            throws CertificateException {
        check(chain);
    }

    // A worker is only ever a TLS client: it never judges a client's certificate.

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType)
            throws CertificateException {
        throw new CertificateException("a worker does not accept TLS clients");
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket)
            throws CertificateException {
        throw new CertificateException("a worker does not accept TLS clients");
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
            throws CertificateException {
        throw new CertificateException("a worker does not accept TLS clients");
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
        return new X509Certificate[0];
    }
}
