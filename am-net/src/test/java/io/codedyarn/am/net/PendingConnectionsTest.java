package io.codedyarn.am.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codedyarn.coordinator.cluster.CoordinatorEvent.WorkerReady;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;

/**
 * Issue 30 §5: a peer that opens many sockets to the worker endpoint and trickles bytes, without
 * ever completing the mutual TLS handshake, holds at most the caps' sockets, bytes and time ({@link
 * PendingLimits}); the excess is closed, and the application's workers still connect. Real sockets
 * over loopback: the flooding peers connect from 127.0.0.2–4 (every 127/8 address is this
 * machine's), the workers from 127.0.0.1, so the per-address cap can be told from the total one.
 */
class PendingConnectionsTest {
    /** A TLS handshake record's header announcing a 16 KiB body: the TLS handler waits for it. */
    private static final byte[] RECORD_HEADER = {0x16, 0x03, 0x03, 0x40, 0x00};

    private static ServerOptions opts(PendingLimits limits) {
        return ServerOptions.defaults().withMaxMessageBytes(1 << 20).withPending(limits);
    }

    @Test
    void connectionsOverTheCapsAreClosedAtAcceptAndTheWorkersStillConnect() throws Exception {
        PendingLimits limits = new PendingLimits(3, 8, 64 * 1024, 60_000);
        List<Socket> flood = new ArrayList<>();
        try (TestingCluster c = new TestingCluster(2, opts(limits))) {
            PendingConnections pending = c.server.pendingConnections();
            // 7 from one address: 3 are held (pending), 4 closed at once
            List<Socket> first = open(c, "127.0.0.2", 7, flood);
            awaitCount(pending::refused, 4);
            assertThat(openOnes(first)).as("sockets from 127.0.0.2 still open").isEqualTo(3);
            assertThat(pending.pending()).isEqualTo(3);

            c.start(0);
            assertThat(c.next(WorkerReady.class).worker()).isZero();
            assertThat(pending.pending()).as("an authenticated worker is not pending").isEqualTo(3);

            // 3 more from each of two other addresses: the total cap (8) admits 5 of the 6
            List<Socket> more = open(c, "127.0.0.3", 3, flood);
            more.addAll(open(c, "127.0.0.4", 3, flood));
            awaitCount(pending::refused, 5);
            assertThat(openOnes(more)).isEqualTo(5);
            assertThat(pending.pending()).isEqualTo(8);
            assertThat(c.server.authenticatedConnections()).isEqualTo(1);

            // the flood leaves: its slots are free again, and the second worker connects
            for (Socket s : flood) {
                s.close();
            }
            awaitCount(() -> 8 - pending.pending(), 8);
            c.start(1);
            assertThat(c.next(WorkerReady.class).worker()).isEqualTo(1);
            assertThat(c.server.streamsOpened()).isEqualTo(2);
        } finally {
            for (Socket s : flood) {
                s.close();
            }
        }
    }

    @Test
    void aPeerTricklingItsHandshakeIsClosedAtTheHandshakeTimeout() throws Exception {
        long timeoutMs = 3_000;
        PendingLimits limits = new PendingLimits(32, 256, 64 * 1024, timeoutMs);
        try (TestingCluster c = new TestingCluster(2, opts(limits));
                Socket s = connect(c, "127.0.0.2")) {
            long start = System.nanoTime();
            OutputStream out = s.getOutputStream();
            out.write(RECORD_HEADER);
            s.setSoTimeout(100);
            long closedAfterMs = -1;
            // 10 bytes every 100 ms, far below the byte cap: only the deadline can stop it
            while (System.nanoTime() - start < TimeUnit.MILLISECONDS.toNanos(timeoutMs + 10_000)) {
                if (closed(s)) {
                    closedAfterMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
                    break;
                }
                try {
                    out.write(new byte[10]);
                } catch (IOException e) {
                    closedAfterMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
                    break;
                }
            }
            assertThat(closedAfterMs)
                    .as("closed after (ms), with a handshake timeout of %s ms", timeoutMs)
                    .isBetween(timeoutMs - 100, timeoutMs + 3_000);
            assertThat(c.server.pendingConnections().cutOff()).isEqualTo(1);
            awaitCount(() -> 1 - c.server.pendingConnections().pending(), 1);

            c.start(0);
            assertThat(c.next(WorkerReady.class).worker()).isZero();
        }
    }

    @Test
    void aPeerSendingMoreThanTheByteCapBeforeItsHandshakeIsClosed() throws Exception {
        PendingLimits limits = new PendingLimits(32, 256, 4096, 60_000);
        try (TestingCluster c = new TestingCluster(2, opts(limits));
                Socket s = connect(c, "127.0.0.2")) {
            OutputStream out = s.getOutputStream();
            out.write(RECORD_HEADER);
            int sent = RECORD_HEADER.length;
            try {
                // a 16 KiB record announced, sent in 1 KiB pieces: the TLS handler would hold it
                for (int i = 0; i < 8; i++) {
                    out.write(new byte[1024]);
                    out.flush();
                    sent += 1024;
                    Thread.sleep(50);
                }
            } catch (IOException e) {
                // closed while sending: what the cap is for
            }
            assertThat(sent).isGreaterThan(4096);
            s.setSoTimeout((int) TimeUnit.SECONDS.toMillis(TestingCluster.EVENT_WAIT_SECONDS));
            assertThat(closed(s)).as("closed long before the 60 s handshake timeout").isTrue();
            assertThat(c.server.pendingConnections().cutOff()).isEqualTo(1);

            c.start(0);
            assertThat(c.next(WorkerReady.class).worker()).isZero();
        }
    }

    @Test
    void theLimitsAreCheckedAndNeverBelowTheJobsOwnFleet() {
        assertThatThrownBy(() -> new PendingLimits(0, 1, 4096, 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("need perAddress >= 1");
        assertThatThrownBy(() -> new PendingLimits(1, 1, 100, 1))
                .hasMessageContaining("bytes >= 1024");
        PendingLimits small = new PendingLimits(4, 16, 4096, 5_000);
        assertThat(small.atLeast(64)).isEqualTo(new PendingLimits(64, 64, 4096, 5_000));
        assertThat(small.atLeast(2)).isEqualTo(small);
        assertThat(ServerOptions.defaults().pending()).isEqualTo(PendingLimits.DEFAULTS);
    }

    private static Socket connect(TestingCluster c, String from) throws IOException {
        Socket s = new Socket();
        s.bind(new InetSocketAddress(from, 0));
        s.connect(c.server.address(), 5_000);
        return s;
    }

    /** {@code count} sockets from {@code from}, each having sent a partial TLS record. */
    private static List<Socket> open(TestingCluster c, String from, int count, List<Socket> all)
            throws IOException {
        List<Socket> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Socket s = connect(c, from);
            all.add(s);
            out.add(s);
            try {
                s.getOutputStream().write(RECORD_HEADER);
            } catch (IOException e) {
                // already closed by the server: counted below
            }
        }
        return out;
    }

    private static int openOnes(List<Socket> sockets) throws IOException {
        int open = 0;
        for (Socket s : sockets) {
            s.setSoTimeout(300);
            open += closed(s) ? 0 : 1;
        }
        return open;
    }

    /** True when the server closed {@code s} (end of stream or reset) within its read timeout. */
    private static boolean closed(Socket s) throws IOException {
        InputStream in = s.getInputStream();
        try {
            return in.read() == -1;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (SocketException e) {
            return true; // reset: the server closed it with our bytes unread
        }
    }

    private static void awaitCount(LongSupplier count, long expected) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (count.getAsLong() != expected && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(count.getAsLong()).isEqualTo(expected);
    }
}
