package io.codedyarn.am.yarn.kerberos;

import java.io.File;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.minikdc.MiniKdc;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.ssl.KeyStoreTestUtil;

/**
 * A Kerberos-secured HDFS for the ITs that need one: a MiniKdc (Apache Kerby), and a one-DataNode
 * MiniDFSCluster with Kerberos RPC, block access tokens, SASL data transfer and HTTPS-only web
 * endpoints (what a secure DataNode needs without privileged ports).
 *
 * <p>The keytab holds {@code hdfs/localhost} (the NameNode's and the DataNode's principal, which
 * this process is logged in as when the cluster starts), {@code HTTP/localhost}, {@code client} and
 * {@link #RM}; {@code yarn.resourcemanager.principal} names the last. The SSL keystores go under
 * {@code dir}, but the {@code ssl-*.xml} files that name them must be class-path resources (Hadoop
 * loads them by name), so they are written to the test classes and removed by {@link #close}, which
 * also sets {@link UserGroupInformation} back to simple authentication for the ITs that run after
 * in the same JVM.
 */
public final class SecureHdfs implements AutoCloseable {
    /** The ResourceManager's principal (without the realm); no ResourceManager is started. */
    public static final String RM = "rm/localhost";

    private final MiniKdc kdc;
    private final File keytab;
    private final Configuration conf = new Configuration();
    private File keystores;
    private String sslConf;
    private MiniDFSCluster dfs;

    private SecureHdfs(MiniKdc kdc, File keytab) {
        this.kdc = kdc;
        this.keytab = keytab;
    }

    /**
     * Starts the KDC and the cluster under {@code dir}, with {@code extraConf} set on top of the
     * secure keys before the cluster starts. On failure, whatever had started is stopped.
     */
    public static SecureHdfs start(File dir, Map<String, String> extraConf) throws Exception {
        MiniKdc kdc = new MiniKdc(MiniKdc.createConf(), new File(dir, "kdc"));
        kdc.start();
        SecureHdfs secure = new SecureHdfs(kdc, new File(dir, "test.keytab"));
        try {
            secure.startDfs(dir, extraConf);
            return secure;
        } catch (Exception | Error e) {
            try {
                secure.close();
            } catch (Exception suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    /**
     * Keys for {@link #start}'s {@code extraConf}: delegation tokens that live {@code renewMs}
     * unless renewed and at most {@code maxMs}, and client connections that close after 500 ms
     * idle, so that a process's every call a little apart authenticates anew, with whatever token
     * it holds then (with the default 10 s an open connection would outlive the token it was opened
     * with).
     */
    public static Map<String, String> shortLivedTokens(long renewMs, long maxMs) {
        return Map.of(
                "dfs.namenode.delegation.token.renew-interval",
                Long.toString(renewMs),
                "dfs.namenode.delegation.token.max-lifetime",
                Long.toString(maxMs),
                "ipc.client.connection.maxidletime",
                "500");
    }

    private void startDfs(File dir, Map<String, String> extraConf) throws Exception {
        kdc.createPrincipal(keytab, "hdfs/localhost", "HTTP/localhost", "client", RM);
        conf.set("hadoop.security.authentication", "kerberos");
        conf.setBoolean("hadoop.security.authorization", true);
        String hdfs = principal("hdfs/localhost");
        conf.set("dfs.namenode.kerberos.principal", hdfs);
        conf.set("dfs.namenode.keytab.file", keytab.getAbsolutePath());
        conf.set("dfs.datanode.kerberos.principal", hdfs);
        conf.set("dfs.datanode.keytab.file", keytab.getAbsolutePath());
        conf.set("dfs.web.authentication.kerberos.principal", principal("HTTP/localhost"));
        conf.set("dfs.web.authentication.kerberos.keytab", keytab.getAbsolutePath());
        conf.setBoolean("dfs.block.access.token.enable", true);
        conf.set("dfs.data.transfer.protection", "authentication");
        conf.set("dfs.http.policy", "HTTPS_ONLY");
        conf.set("dfs.namenode.https-address", "localhost:0");
        conf.set("dfs.datanode.https.address", "localhost:0");
        conf.set("yarn.resourcemanager.principal", principal(RM));
        extraConf.forEach(conf::set);

        keystores = new File(dir, "ssl");
        if (!keystores.mkdirs()) {
            throw new IllegalStateException("could not create the keystore directory " + keystores);
        }
        sslConf = KeyStoreTestUtil.getClasspathDir(SecureHdfs.class);
        KeyStoreTestUtil.setupSSLConfig(keystores.getAbsolutePath(), sslConf, conf, false);
        conf.set(
                "dfs.client.https.keystore.resource",
                KeyStoreTestUtil.getClientSSLConfigFileName());
        conf.set(
                "dfs.https.server.keystore.resource",
                KeyStoreTestUtil.getServerSSLConfigFileName());
        UserGroupInformation.setConfiguration(conf);

        UserGroupInformation.loginUserFromKeytab(hdfs, keytab.getAbsolutePath());
        dfs = new MiniDFSCluster.Builder(conf, new File(dir, "dfs")).numDataNodes(1).build();
        dfs.waitActive();
    }

    public MiniKdc kdc() {
        return kdc;
    }

    public String realm() {
        return kdc.getRealm();
    }

    /** {@code name@realm}. */
    public String principal(String name) {
        return name + "@" + realm();
    }

    public File keytab() {
        return keytab;
    }

    /** The configuration the cluster started with: a Kerberos client's, with the extra keys. */
    public Configuration conf() {
        return conf;
    }

    public MiniDFSCluster dfs() {
        return dfs;
    }

    @Override
    public void close() throws Exception {
        try {
            if (dfs != null) {
                dfs.shutdown();
            }
            kdc.stop();
            if (sslConf != null) {
                KeyStoreTestUtil.cleanupSSLConfig(keystores.getAbsolutePath(), sslConf);
            }
        } finally {
            // other ITs in this JVM run with simple authentication
            UserGroupInformation.reset();
            UserGroupInformation.setConfiguration(new Configuration());
        }
    }
}
