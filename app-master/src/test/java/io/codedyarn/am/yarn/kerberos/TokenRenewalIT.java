package io.codedyarn.am.yarn.kerberos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codedyarn.am.output.CheckpointStore;
import io.codedyarn.coordinator.checkpoint.Checkpoint;
import io.codedyarn.coordinator.checkpoint.CheckpointFile;
import java.io.File;
import java.security.PrivilegedExceptionAction;
import java.util.List;
import java.util.Properties;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.minikdc.MiniKdc;
import org.apache.hadoop.security.Credentials;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.ssl.KeyStoreTestUtil;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ApplicationMaster's {@link TokenRenewer} against a Kerberos-secured HDFS (MiniKdc, a
 * MiniDFSCluster with Kerberos RPC, block tokens and SASL data transfer, as {@code SecureTokensIT})
 * whose delegation tokens live {@value #RENEW_MS} ms unless renewed and at most {@value #MAX_MS}
 * ms.
 *
 * <p>A process with no Kerberos login and only the tokens a client obtained at submission (what the
 * AM is) writes a checkpoint every 2 s through one {@link CheckpointStore} for longer than the
 * tokens' maximum lifetime, while the renewer, logged in from the keytab, obtains fresh tokens for
 * it: every write succeeds. A process holding only the first tokens is refused by then. Not covered
 * here: a secure YARN (the keytab's shipping and the AM's start are not run under Kerberos), and
 * workers: a running worker keeps the tokens it started with.
 */
class TokenRenewalIT {
    private static final long RENEW_MS = 8_000;
    private static final long MAX_MS = 16_000;
    private static final String RM = "rm/localhost";

    private static MiniKdc kdc;
    private static MiniDFSCluster dfs;
    private static Configuration conf;
    private static String realm;
    private static File keytab;
    private static File keystores;
    private static String sslConf;

    @BeforeAll
    static void secureHdfs(@TempDir File dir) throws Exception {
        Properties kdcConf = MiniKdc.createConf();
        kdc = new MiniKdc(kdcConf, new File(dir, "kdc"));
        kdc.start();
        realm = kdc.getRealm();
        keytab = new File(dir, "test.keytab");
        kdc.createPrincipal(keytab, "hdfs/localhost", "HTTP/localhost", "client", RM);

        conf = new Configuration();
        conf.set("hadoop.security.authentication", "kerberos");
        conf.setBoolean("hadoop.security.authorization", true);
        String hdfs = "hdfs/localhost@" + realm;
        conf.set("dfs.namenode.kerberos.principal", hdfs);
        conf.set("dfs.namenode.keytab.file", keytab.getAbsolutePath());
        conf.set("dfs.datanode.kerberos.principal", hdfs);
        conf.set("dfs.datanode.keytab.file", keytab.getAbsolutePath());
        conf.set("dfs.web.authentication.kerberos.principal", "HTTP/localhost@" + realm);
        conf.set("dfs.web.authentication.kerberos.keytab", keytab.getAbsolutePath());
        conf.setBoolean("dfs.block.access.token.enable", true);
        conf.set("dfs.data.transfer.protection", "authentication");
        conf.set("dfs.http.policy", "HTTPS_ONLY");
        conf.set("dfs.namenode.https-address", "localhost:0");
        conf.set("dfs.datanode.https.address", "localhost:0");
        conf.set("yarn.resourcemanager.principal", RM + "@" + realm);
        // short-lived delegation tokens
        conf.setLong("dfs.namenode.delegation.token.renew-interval", RENEW_MS);
        conf.setLong("dfs.namenode.delegation.token.max-lifetime", MAX_MS);
        // a connection lives shorter than the gap between writes, so that each write
        // authenticates again, with whatever token the process holds then
        conf.setInt("ipc.client.connection.maxidletime", 500);
        keystores = new File(dir, "ssl");
        assertThat(keystores.mkdirs()).isTrue();
        sslConf = KeyStoreTestUtil.getClasspathDir(TokenRenewalIT.class);
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
        FileSystem admin = dfs.getFileSystem();
        admin.mkdirs(new Path("/jobs"));
        admin.setOwner(new Path("/jobs"), "client", "client");
    }

    @AfterAll
    static void stop() throws Exception {
        if (dfs != null) {
            dfs.shutdown();
        }
        if (kdc != null) {
            kdc.stop();
        }
        if (sslConf != null) {
            KeyStoreTestUtil.cleanupSSLConfig(keystores.getAbsolutePath(), sslConf);
        }
        // other ITs in this JVM run with simple authentication
        UserGroupInformation.reset();
        UserGroupInformation.setConfiguration(new Configuration());
    }

    private static Checkpoint at(long iteration) {
        return new Checkpoint(
                "",
                new Checkpoint.Identity("cyclic", "lr", "gd", 1, 4, 4, 100, 3, 4, ""),
                iteration,
                iteration * 1_000_000L,
                iteration,
                CheckpointFile.json().createObjectNode().put("k", iteration));
    }

    @Test
    void checkpointsKeepBeingWrittenPastTheFirstTokensMaximumLifetime() throws Exception {
        String principal = "client@" + realm;
        UserGroupInformation client =
                UserGroupInformation.loginUserFromKeytabAndReturnUGI(
                        principal, keytab.getAbsolutePath());
        // the tokens a client obtains at submission (renewer: the RM, which is not running)
        Credentials first =
                client.doAs(
                        (PrivilegedExceptionAction<Credentials>)
                                () -> {
                                    Credentials c = new Credentials();
                                    try (FileSystem fs = FileSystem.newInstance(conf)) {
                                        fs.addDelegationTokens(RM + "@" + realm, c);
                                    }
                                    return c;
                                });
        assertThat(first.numberOfTokens()).isEqualTo(1);
        long issued = System.currentTimeMillis();

        UserGroupInformation am = UserGroupInformation.createRemoteUser("client");
        am.addCredentials(first);
        UserGroupInformation stale = UserGroupInformation.createRemoteUser("client");
        stale.addCredentials(first);

        try (TokenRenewer renewer =
                TokenRenewer.start(
                        conf,
                        principal,
                        keytab.getAbsolutePath(),
                        am,
                        List.of(FileSystem.getDefaultUri(conf)))) {
            long[] lastWritten = new long[1];
            long written =
                    am.doAs(
                            (PrivilegedExceptionAction<Long>)
                                    () -> {
                                        FileSystem fs = FileSystem.newInstance(conf);
                                        CheckpointStore store =
                                                new CheckpointStore(fs, new Path("/jobs/ckpt"));
                                        long k = 0;
                                        while (System.currentTimeMillis() - issued
                                                < MAX_MS + 6_000) {
                                            store.write(at(++k)); // throws if refused
                                            lastWritten[0] = System.currentTimeMillis();
                                            Thread.sleep(2_000);
                                        }
                                        assertThat(store.latest().iteration()).isEqualTo(k);
                                        fs.close();
                                        return k;
                                    });
            // a write (each authenticating anew) went through after the first tokens' maximum
            // lifetime, and so after the second's renew interval: a third token wrote it
            assertThat(written).isGreaterThanOrEqualTo(3);
            assertThat(lastWritten[0] - issued).isGreaterThan(MAX_MS);
            assertThat(renewer.fetched()).isGreaterThanOrEqualTo(3);
        }
        // the first tokens alone are refused by now
        assertThatThrownBy(
                        () ->
                                stale.doAs(
                                        (PrivilegedExceptionAction<Boolean>)
                                                () -> {
                                                    try (FileSystem fs =
                                                            FileSystem.newInstance(conf)) {
                                                        return fs.exists(new Path("/jobs"));
                                                    }
                                                }))
                .satisfies(
                        e ->
                                assertThat(causes(e))
                                        .containsAnyOf(
                                                "has expired",
                                                "is expired",
                                                "can't be found in cache"));
    }

    private static String causes(Throwable t) {
        StringBuilder b = new StringBuilder();
        for (Throwable c = t; c != null; c = c.getCause()) {
            b.append(c).append('\n');
        }
        return b.toString();
    }

    @Test
    void aKeytabThatCannotLogInIsAnErrorNamingThePrincipal(@TempDir File dir) throws Exception {
        File empty = new File(dir, "empty.keytab");
        assertThat(empty.createNewFile()).isTrue();
        assertThatThrownBy(
                        () ->
                                TokenRenewer.start(
                                        conf,
                                        "nobody@" + realm,
                                        empty.getAbsolutePath(),
                                        UserGroupInformation.createRemoteUser("client"),
                                        List.of(FileSystem.getDefaultUri(conf))))
                .hasMessageContaining("cannot log in as nobody@" + realm)
                .hasMessageContaining(empty.getAbsolutePath());
    }
}
