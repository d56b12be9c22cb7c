package io.codedyarn.am.yarn.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.codedyarn.am.yarn.Launch;
import io.codedyarn.am.yarn.kerberos.SecureHdfs;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.PrivilegedExceptionAction;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.io.DataInputByteBuffer;
import org.apache.hadoop.security.Credentials;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.token.Token;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The client's delegation-token path ({@link YarnSubmitter#delegationTokens}) against a
 * Kerberos-secured HDFS ({@link SecureHdfs}: a MiniKdc, a MiniDFSCluster with Kerberos RPC, block
 * access tokens, SASL data transfer and HTTPS-only web endpoints).
 *
 * <p>What it shows: the tokens a Kerberos-logged-in client obtains let a process with <em>no</em>
 * Kerberos credentials — which is what the AM and the workers are — read the dataset and write the
 * output; without them the same process is refused. A secure YARN is not started here; {@code
 * kerberos.SecureYarnIT} runs a job on one, where the AM forwards these tokens (not its AMRM and
 * ResourceManager tokens) to the workers' launch contexts.
 */
class SecureTokensIT {
    private static final String DATASET = "/data/set";
    private static final String OUT = "/out/run";

    private static SecureHdfs secure;
    private static MiniDFSCluster dfs;
    private static Configuration conf;
    private static String realm;
    private static File keytab;

    @BeforeAll
    static void secureHdfs(@TempDir File dir) throws Exception {
        secure = SecureHdfs.start(dir, Map.of());
        dfs = secure.dfs();
        conf = secure.conf();
        realm = secure.realm();
        keytab = secure.keytab();
        FileSystem admin = dfs.getFileSystem();
        admin.mkdirs(new Path(DATASET));
        admin.mkdirs(new Path("/out"));
        try (OutputStream o = admin.create(new Path(DATASET, "manifest.json"))) {
            o.write("{\"rows\":3}".getBytes(StandardCharsets.UTF_8));
        }
        admin.setOwner(new Path("/out"), "client", "client");
        admin.setOwner(new Path(DATASET), "client", "client");
    }

    @AfterAll
    static void stop() throws Exception {
        if (secure != null) {
            secure.close();
        }
    }

    @Test
    void aProcessWithOnlyTheClientsTokensReadsTheDatasetAndWritesTheOutput() throws Exception {
        UserGroupInformation client =
                UserGroupInformation.loginUserFromKeytabAndReturnUGI(
                        "client@" + realm, keytab.getAbsolutePath());
        Credentials creds =
                client.doAs(
                        (PrivilegedExceptionAction<Credentials>)
                                () ->
                                        JobStaging.delegationTokens(
                                                conf, FileSystem.newInstance(conf), DATASET, OUT));

        // one HDFS delegation token for the one NameNode, renewable by the RM
        List<Token<?>> tokens = new ArrayList<>(creds.getAllTokens());
        assertEquals(1, tokens.size(), "tokens: " + tokens);
        Token<?> token = tokens.get(0);
        assertEquals("HDFS_DELEGATION_TOKEN", token.getKind().toString());
        String nn = dfs.getNameNode().getNameNodeAddress().getPort() + "";
        assertTrue(
                token.getService().toString().endsWith(":" + nn), "service " + token.getService());
        String ident = token.decodeIdentifier().toString();
        assertTrue(ident.contains("renewer=rm"), "identifier " + ident);
        assertTrue(ident.contains("owner=client"), "identifier " + ident);

        // the bytes the AM's launch context carries give back the same tokens
        ByteBuffer wire = Launch.tokens(creds);
        DataInputByteBuffer in = new DataInputByteBuffer();
        in.reset(wire.duplicate());
        Credentials back = new Credentials();
        back.readTokenStorageStream(in);
        assertEquals(token, back.getToken(token.getService()));

        // a process with no Kerberos login and only these tokens (what the AM and the workers are)
        UserGroupInformation am = UserGroupInformation.createRemoteUser("client");
        am.addCredentials(back);
        String read =
                am.doAs(
                        (PrivilegedExceptionAction<String>)
                                () -> {
                                    try (FileSystem fs = FileSystem.newInstance(conf);
                                            FSDataInputStream s =
                                                    fs.open(new Path(DATASET, "manifest.json"))) {
                                        byte[] b = s.readAllBytes();
                                        try (OutputStream o =
                                                fs.create(new Path(OUT, "summary.json"))) {
                                            o.write(b);
                                        }
                                        return new String(b, StandardCharsets.UTF_8);
                                    }
                                });
        assertEquals("{\"rows\":3}", read);
        assertTrue(dfs.getFileSystem().exists(new Path(OUT, "summary.json")));
        assertEquals(
                "client",
                dfs.getFileSystem().getFileStatus(new Path(OUT, "summary.json")).getOwner());

        // the same process without the tokens is refused
        UserGroupInformation bare = UserGroupInformation.createRemoteUser("client");
        IOException refused =
                assertThrows(
                        IOException.class,
                        () ->
                                bare.doAs(
                                        (PrivilegedExceptionAction<Boolean>)
                                                () -> {
                                                    try (FileSystem fs =
                                                            FileSystem.newInstance(conf)) {
                                                        return fs.exists(new Path(DATASET));
                                                    }
                                                }));
        assertTrue(
                String.valueOf(refused.getMessage())
                        .contains("Client cannot authenticate via:[TOKEN, KERBEROS]"),
                refused.toString());
    }

    @Test
    void noRmPrincipalIsAClearError() throws Exception {
        Configuration noRm = new Configuration(conf);
        noRm.unset("yarn.resourcemanager.principal");
        UserGroupInformation client =
                UserGroupInformation.loginUserFromKeytabAndReturnUGI(
                        "client@" + realm, keytab.getAbsolutePath());
        IOException e =
                assertThrows(
                        IOException.class,
                        () ->
                                client.doAs(
                                        (PrivilegedExceptionAction<Credentials>)
                                                () ->
                                                        JobStaging.delegationTokens(
                                                                noRm,
                                                                FileSystem.newInstance(noRm),
                                                                DATASET,
                                                                OUT)));
        assertTrue(e.getMessage().contains("yarn.resourcemanager.principal"), e.getMessage());
    }
}
