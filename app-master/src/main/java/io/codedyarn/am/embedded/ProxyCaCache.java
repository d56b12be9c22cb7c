package io.codedyarn.am.embedded;

import io.codedyarn.am.yarn.PrivateDirectory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.security.GeneralSecurityException;
import java.security.cert.X509Certificate;
import java.util.Date;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.yarn.server.MiniYARNCluster;
import org.apache.hadoop.yarn.server.resourcemanager.recovery.RMStateStore;
import org.apache.hadoop.yarn.server.resourcemanager.security.ProxyCAManager;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the embedded ResourceManager's web-proxy CA between runs. Every RM start makes a fresh
 * RSA-2048 CA key pair for AM HTTPS ({@code ProxyCA}, YARN-6586), unless its state store recovers
 * one. Finding two 1024-bit primes in a cold JVM was measured at a third of the embedded cluster's
 * Java CPU samples (131 of 406 with C1 only), on the path that every NodeManager waits for. The key
 * is used only when {@code yarn.resourcemanager.application-https.policy} is not NONE (it is NONE
 * here), so the first run's pair is kept in a directory only this user can read and handed to later
 * RMs through the recovery hook an RM restart uses ({@link ProxyCAManager#recover}); the RM checks
 * the pair itself and makes a new one when it does not verify.
 */
final class ProxyCaCache {
    private static final Logger LOG = LoggerFactory.getLogger(ProxyCaCache.class);
    private static final Set<PosixFilePermission> OWNER_ONLY = PrivateDirectory.OWNER_ONLY;
    private static final String CERT = "proxy-ca.crt"; // X.509, DER
    private static final String KEY = "proxy-ca.key"; // PKCS#8, DER

    private final Path dir;

    ProxyCaCache(Path dir) {
        this.dir = dir;
    }

    /**
     * After the cluster's init and before its start: offers the kept pair to the RM's proxy CA
     * manager. False (and nothing done) when there is none, it expires within a day, or the
     * directory is not this user's alone.
     */
    boolean offer(MiniYARNCluster yarn) {
        try {
            if (!isPrivate() || !Files.isRegularFile(dir.resolve(KEY))) {
                return false;
            }
            RMStateStore.RMState state = new RMStateStore.RMState();
            state.getProxyCAState().setCaCert(Files.readAllBytes(dir.resolve(CERT)));
            state.getProxyCAState().setCaPrivateKey(Files.readAllBytes(dir.resolve(KEY)));
            X509Certificate cert = state.getProxyCAState().getCaCert();
            long margin = System.currentTimeMillis() + TimeUnit.DAYS.toMillis(1);
            if (cert.getNotAfter().before(new Date(margin))) {
                return false;
            }
            manager(yarn).recover(state);
            return true;
        } catch (IOException | GeneralSecurityException | RuntimeException e) {
            LOG.debug("embedded RM: no kept proxy CA ({})", e.toString());
            return false;
        }
    }

    /** After the start: keeps the RM's pair for the next run (logged, never fatal). */
    void keep(MiniYARNCluster yarn) {
        try {
            var ca = manager(yarn).getProxyCA();
            // the parent is the class-data sharing archives' directory: made 700 as they need it
            PrivateDirectory.createIfMissing(dir.getParent());
            Files.createDirectories(dir);
            Files.setPosixFilePermissions(dir, OWNER_ONLY);
            if (!isPrivate()) {
                return;
            }
            write(CERT, ca.getCaCert().getEncoded());
            write(KEY, ca.getCaKeyPair().getPrivate().getEncoded());
        } catch (IOException | GeneralSecurityException | RuntimeException e) {
            LOG.debug("embedded RM: proxy CA not kept ({})", e.toString());
        }
    }

    private static ProxyCAManager manager(MiniYARNCluster yarn) {
        return yarn.getResourceManager().getRMContext().getProxyCAManager();
    }

    /** The directory exists, is not a link, belongs to this user and only this user may enter. */
    private boolean isPrivate() throws IOException {
        return PrivateDirectory.refusal(dir, System.getProperty("user.name")) == null;
    }

    /**
     * Writes a file whole or not at all. Two runs keeping their pairs at once may leave one's
     * certificate beside the other's key: the next RM's check then fails and it makes a new pair.
     */
    private void write(String name, byte[] bytes) throws IOException {
        Path tmp = Files.createTempFile(dir, name, ".tmp");
        try {
            Files.write(tmp, bytes);
            Files.move(tmp, dir.resolve(name), StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
