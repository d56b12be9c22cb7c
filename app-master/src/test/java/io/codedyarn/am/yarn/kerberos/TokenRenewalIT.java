package io.codedyarn.am.yarn.kerberos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codedyarn.am.output.CheckpointStore;
import io.codedyarn.coordinator.checkpoint.Checkpoint;
import io.codedyarn.coordinator.checkpoint.CheckpointFile;
import java.io.File;
import java.security.PrivilegedExceptionAction;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.security.Credentials;
import org.apache.hadoop.security.UserGroupInformation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ApplicationMaster's {@link TokenRenewer} against a Kerberos-secured HDFS ({@link SecureHdfs}:
 * MiniKdc, a MiniDFSCluster with Kerberos RPC, block tokens and SASL data transfer) whose
 * delegation tokens live {@value #RENEW_MS} ms unless renewed and at most {@value #MAX_MS} ms.
 *
 * <p>A process with no Kerberos login and only the tokens a client obtained at submission (what the
 * AM is) writes a checkpoint every 2 s through one {@link CheckpointStore} for longer than the
 * tokens' maximum lifetime, while the renewer, logged in from the keytab, obtains fresh tokens for
 * it: every write succeeds. A process holding only the first tokens is refused by then. The same on
 * a secure YARN, with the keytab shipped and the AM started by a NodeManager: {@link SecureYarnIT}.
 * Not covered: workers (a running worker keeps the tokens it started with).
 */
class TokenRenewalIT {
    private static final long RENEW_MS = 8_000;
    private static final long MAX_MS = 16_000;
    private static final String RM = SecureHdfs.RM;

    private static SecureHdfs secure;
    private static Configuration conf;
    private static String realm;
    private static File keytab;

    @BeforeAll
    static void secureHdfs(@TempDir File dir) throws Exception {
        // a connection lives shorter than the gap between writes, so that each write
        // authenticates again, with whatever token the process holds then
        secure = SecureHdfs.start(dir, SecureHdfs.shortLivedTokens(RENEW_MS, MAX_MS));
        conf = secure.conf();
        realm = secure.realm();
        keytab = secure.keytab();
        FileSystem admin = secure.dfs().getFileSystem();
        admin.mkdirs(new Path("/jobs"));
        admin.setOwner(new Path("/jobs"), "client", "client");
    }

    @AfterAll
    static void stop() throws Exception {
        if (secure != null) {
            secure.close();
        }
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
