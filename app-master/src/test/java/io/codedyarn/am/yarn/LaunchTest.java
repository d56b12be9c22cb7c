package io.codedyarn.am.yarn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.codedyarn.protocol.WorkerKeys;
import io.codedyarn.worker.yarn.WorkerMain;
import java.nio.ByteBuffer;
import org.apache.hadoop.io.DataInputByteBuffer;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.security.Credentials;
import org.apache.hadoop.security.token.Token;
import org.apache.hadoop.security.token.TokenIdentifier;
import org.apache.hadoop.yarn.security.AMRMTokenIdentifier;
import org.apache.hadoop.yarn.security.client.RMDelegationTokenIdentifier;
import org.junit.jupiter.api.Test;

class LaunchTest {
    private static Token<TokenIdentifier> token(String kind, String service) {
        return new Token<>(new byte[] {1, 2}, new byte[] {3, 4}, new Text(kind), new Text(service));
    }

    @Test
    void workersGetTheAmsTokensButNotItsResourceManagerTokensAndTheSecretSurvivesTheLaunchBytes()
            throws Exception {
        Credentials am = new Credentials();
        Token<TokenIdentifier> amrm = token(AMRMTokenIdentifier.KIND_NAME.toString(), "rm:8030");
        Token<TokenIdentifier> rm =
                token(RMDelegationTokenIdentifier.KIND_NAME.toString(), "127.0.0.1:8032");
        Token<TokenIdentifier> hdfs = token("HDFS_DELEGATION_TOKEN", "127.0.0.1:8020");
        am.addToken(amrm.getService(), amrm);
        am.addToken(rm.getService(), rm);
        am.addToken(hdfs.getService(), hdfs);
        byte[] secret = {9, 8, 7, 6};

        byte[] pin = new byte[32];
        pin[31] = 42;
        WorkerKeys keys = new WorkerKeys(pin, new byte[] {5, 6}, new byte[] {7, 8, 9});
        Credentials worker = Launch.workerCredentials(am, secret, keys);
        secret[0] = 0; // the credentials keep their own copy

        ByteBuffer wire = Launch.tokens(worker);
        DataInputByteBuffer in = new DataInputByteBuffer();
        in.reset(wire);
        Credentials back = new Credentials();
        back.readTokenStorageStream(in);

        assertEquals(1, back.numberOfTokens());
        assertEquals(hdfs, back.getToken(hdfs.getService()));
        assertNull(back.getToken(amrm.getService()));
        assertNull(back.getToken(rm.getService()));
        assertArrayEquals(
                new byte[] {9, 8, 7, 6}, back.getSecretKey(new Text(WorkerMain.SECRET_KEY)));
        assertArrayEquals(pin, back.getSecretKey(new Text(WorkerMain.AM_CERTIFICATE_KEY)));
        assertArrayEquals(
                new byte[] {5, 6}, back.getSecretKey(new Text(WorkerMain.WORKER_KEY_KEY)));
        assertArrayEquals(
                new byte[] {7, 8, 9},
                back.getSecretKey(new Text(WorkerMain.WORKER_CERTIFICATE_KEY)));
        // the AM's own credentials are untouched
        assertEquals(3, am.numberOfTokens());
        assertNull(am.getSecretKey(new Text(WorkerMain.SECRET_KEY)));
    }
}
