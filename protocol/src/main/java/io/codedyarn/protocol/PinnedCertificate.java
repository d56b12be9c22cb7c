package io.codedyarn.protocol;

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
 * Trusts exactly one certificate, named by the SHA-256 of its DER encoding, on one side of the
 * worker channel: {@link #ofApplicationMaster} is the worker's trust in the AM's per-application
 * certificate (the server), {@link #ofWorkers} the AM's trust in the application's worker
 * certificate (every client). Both fingerprints reach the worker in its container credentials
 * (never in a file or on a command line; {@link WorkerKeys}).
 *
 * <p>Why a pin and not a CA or host-name check: both key pairs are made in the AM's memory, for one
 * application; no CA vouches for them and the AM's host name is whatever YARN placed it on. The
 * fingerprint identifies that one certificate exactly, so the usual checks (chain to a root, host
 * name, validity dates) add nothing: a peer without the matching private key cannot complete the
 * handshake with this certificate. Being an {@link X509ExtendedTrustManager}, it is called as is by
 * both JSSE and netty's OpenSSL engine (neither wraps it in their own host-name check).
 */
public final class PinnedCertificate extends X509ExtendedTrustManager {
    /** Bytes of a SHA-256 fingerprint. */
    public static final int FINGERPRINT_BYTES = 32;

    /** Which side of the channel presents the pinned certificate. */
    private enum Side {
        SERVER("the application master"),
        CLIENT("the worker");

        final String who;

        Side(String who) {
            this.who = who;
        }
    }

    private final byte[] sha256;
    private final Side side;

    private PinnedCertificate(byte[] sha256, Side side) {
        if (sha256.length != FINGERPRINT_BYTES) {
            throw new IllegalArgumentException(
                    "a SHA-256 certificate fingerprint has "
                            + FINGERPRINT_BYTES
                            + " bytes, got "
                            + sha256.length);
        }
        this.sha256 = sha256.clone();
        this.side = side;
    }

    /** A worker's trust manager: the TLS server must present the AM's certificate. */
    public static PinnedCertificate ofApplicationMaster(byte[] sha256) {
        return new PinnedCertificate(sha256, Side.SERVER);
    }

    /**
     * The AM's trust manager: every TLS client must present the application's worker certificate.
     */
    public static PinnedCertificate ofWorkers(byte[] sha256) {
        return new PinnedCertificate(sha256, Side.CLIENT);
    }

    /** SHA-256 of the certificate's DER encoding. */
    public static byte[] fingerprint(X509Certificate c) {
        try {
            return sha256(c.getEncoded());
        } catch (CertificateEncodingException e) {
            // a certificate we hold was decoded from its encoding
            throw new IllegalStateException("cannot fingerprint certificate: " + e, e);
        }
    }

    static byte[] sha256(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256: " + e, e);
        }
    }

    private void check(X509Certificate[] chain, Side presenter) throws CertificateException {
        if (presenter != side) {
            throw new CertificateException(
                    "this end trusts only "
                            + side.who
                            + "'s certificate, not "
                            + presenter.who
                            + "'s");
        }
        if (chain == null || chain.length == 0) {
            throw new CertificateException(side.who + " presented no certificate");
        }
        byte[] got = fingerprint(chain[0]);
        if (!MessageDigest.isEqual(sha256, got)) {
            throw new CertificateException(
                    "the certificate of "
                            + side.who
                            + " (SHA-256 "
                            + HexFormat.of().formatHex(got)
                            + ") is not this application's (SHA-256 "
                            + HexFormat.of().formatHex(sha256)
                            + ")");
        }
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType)
            throws CertificateException {
        check(chain, Side.SERVER);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket)
            throws CertificateException {
        check(chain, Side.SERVER);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
            throws CertificateException {
        check(chain, Side.SERVER);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType)
            throws CertificateException {
        check(chain, Side.CLIENT);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket)
            throws CertificateException {
        check(chain, Side.CLIENT);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
            throws CertificateException {
        check(chain, Side.CLIENT);
    }

    /**
     * Empty: a server lists its accepted issuers in its certificate request, and a pinned,
     * self-signed certificate has no issuer worth naming (clients send their one certificate).
     */
    @Override
    public X509Certificate[] getAcceptedIssuers() {
        return new X509Certificate[0];
    }
}
