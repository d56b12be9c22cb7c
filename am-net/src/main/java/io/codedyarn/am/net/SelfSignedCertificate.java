package io.codedyarn.am.net;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.SecureRandom;
import java.security.Signature;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * The DER encoding of a self-signed X.509 v3 certificate (RFC 5280 §4.1) for an EC key, signed with
 * SHA256withECDSA, with the JDK alone.
 *
 * <p>Why not a library: the JDK parses certificates but has no public API to make one, and
 * BouncyCastle is not in the job jar (app-master keeps it in {@code target/lib}, for the embedded
 * ResourceManager only), so the AM on a real cluster would depend on whichever version Hadoop's own
 * library directories hold. A certificate without extensions is a few fixed fields, so the encoder
 * below is short; {@link java.security.cert.CertificateFactory} parses its output and a test checks
 * the signature with the public key.
 */
final class SelfSignedCertificate {
    /** ecdsa-with-SHA256, 1.2.840.10045.4.3.2 (RFC 5758 §3.2: no parameters). */
    private static final byte[] ECDSA_WITH_SHA256 = {
        0x06, 0x08, 0x2A, (byte) 0x86, 0x48, (byte) 0xCE, 0x3D, 0x04, 0x03, 0x02
    };

    /** id-at-commonName, 2.5.4.3. */
    private static final byte[] COMMON_NAME = {0x06, 0x03, 0x55, 0x04, 0x03};

    private static final int INTEGER = 0x02;
    private static final int BIT_STRING = 0x03;
    private static final int UTF8_STRING = 0x0C;
    private static final int UTC_TIME = 0x17;
    private static final int GENERALIZED_TIME = 0x18;
    private static final int SEQUENCE = 0x30;
    private static final int SET = 0x31;
    private static final int EXPLICIT_0 = 0xA0;

    private SelfSignedCertificate() {}

    /**
     * Certificate ::= SEQUENCE { tbsCertificate, signatureAlgorithm, signatureValue }, issuer =
     * subject = CN={@code subject}, a random positive 127-bit serial number.
     */
    static byte[] der(
            String subject, Instant notBefore, Instant notAfter, KeyPair keys, SecureRandom random)
            throws GeneralSecurityException {
        byte[] name =
                tlv(
                        SEQUENCE,
                        tlv(
                                SET,
                                tlv(
                                        SEQUENCE,
                                        COMMON_NAME,
                                        tlv(
                                                UTF8_STRING,
                                                subject.getBytes(StandardCharsets.UTF_8)))));
        byte[] algorithm = tlv(SEQUENCE, ECDSA_WITH_SHA256);
        byte[] tbs =
                tlv(
                        SEQUENCE,
                        tlv(EXPLICIT_0, tlv(INTEGER, new byte[] {2})), // version v3
                        tlv(INTEGER, new BigInteger(127, random).add(BigInteger.ONE).toByteArray()),
                        algorithm,
                        name, // issuer
                        tlv(SEQUENCE, time(notBefore), time(notAfter)),
                        name, // subject
                        keys.getPublic().getEncoded()); // SubjectPublicKeyInfo, DER already
        Signature s = Signature.getInstance("SHA256withECDSA");
        s.initSign(keys.getPrivate());
        s.update(tbs);
        byte[] sig = s.sign(); // the DER Ecdsa-Sig-Value that X.509 carries
        byte[] bits = new byte[sig.length + 1]; // leading 0: no unused bits
        System.arraycopy(sig, 0, bits, 1, sig.length);
        return tlv(SEQUENCE, tbs, algorithm, tlv(BIT_STRING, bits));
    }

    /** RFC 5280 §4.1.2.5: UTCTime through 2049, GeneralizedTime from 2050, seconds, Zulu. */
    private static byte[] time(Instant t) {
        var utc = t.atOffset(ZoneOffset.UTC).withNano(0);
        boolean utcTime = utc.getYear() < 2050;
        String s =
                utc.format(
                        DateTimeFormatter.ofPattern(
                                utcTime ? "yyMMddHHmmss'Z'" : "yyyyMMddHHmmss'Z'"));
        return tlv(utcTime ? UTC_TIME : GENERALIZED_TIME, s.getBytes(StandardCharsets.US_ASCII));
    }

    /** Tag, definite length (X.690 §8.1.3: short form below 128, else long form), contents. */
    static byte[] tlv(int tag, byte[]... contents) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        for (byte[] c : contents) {
            body.writeBytes(c);
        }
        int n = body.size();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(tag);
        if (n < 128) {
            out.write(n);
        } else {
            byte[] len = BigInteger.valueOf(n).toByteArray();
            int skip = len[0] == 0 ? 1 : 0; // toByteArray's sign byte
            out.write(0x80 | (len.length - skip));
            out.write(len, skip, len.length - skip);
        }
        out.writeBytes(body.toByteArray());
        return out.toByteArray();
    }
}
