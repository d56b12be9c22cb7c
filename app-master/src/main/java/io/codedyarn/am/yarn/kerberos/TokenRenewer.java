package io.codedyarn.am.yarn.kerberos;

import io.codedyarn.am.yarn.YarnKeys;
import java.io.IOException;
import java.net.URI;
import java.security.PrivilegedExceptionAction;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.security.Credentials;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.token.Token;
import org.apache.hadoop.security.token.TokenIdentifier;
import org.apache.hadoop.security.token.delegation.AbstractDelegationTokenIdentifier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The ApplicationMaster's delegation-token renewal for a job submitted with {@code --principal P
 * --keytab K}: logs in as P from the shipped keytab and, at 75 % of the shortest lifetime of the
 * tokens it holds (Spark's {@code spark.security.credentials.renewalRatio}; a token lives until its
 * renew interval, {@code dfs.namenode.delegation.token.renew-interval}, unless renewed, and never
 * past its maximum lifetime), obtains fresh HDFS delegation tokens for the job's file systems and
 * adds them to {@code target}, the user the AM's file system clients act as: a new connection
 * authenticates with the fresh token (same service, so it replaces the old one), and a worker
 * container launched later (a replacement, a spare) gets it in its credentials.
 *
 * <p>Without a keytab a job's tokens end at their maximum lifetime (7 days by default): after that
 * its checkpoint writes fail and the run stops. One daemon thread; a failed fetch is logged, naming
 * the principal and the cause, and retried every {@value #RETRY_MILLIS} ms.
 */
public final class TokenRenewer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(TokenRenewer.class);

    /** Fetch when this share of the shortest token lifetime has passed (Spark's ratio). */
    static final double RATIO = 0.75;

    static final long RETRY_MILLIS = 10_000;

    /** The soonest next fetch, so that a token already near its end is not fetched in a loop. */
    static final long FLOOR_MILLIS = 1_000;

    private static final String RENEW_INTERVAL_KEY = "dfs.namenode.delegation.token.renew-interval";
    private static final long RENEW_INTERVAL_DEFAULT = 24L * 3600 * 1000;

    private final Configuration conf;
    private final UserGroupInformation keytabUser;
    private final UserGroupInformation target;
    private final List<URI> fileSystems;
    private final long renewInterval;
    private final ScheduledExecutorService timer;
    private volatile int fetched;

    /** A delegation token's issue and maximum dates (ms since the epoch, the NameNode's clock). */
    record Lifetime(long issued, long max) {}

    private TokenRenewer(
            Configuration conf,
            UserGroupInformation keytabUser,
            UserGroupInformation target,
            List<URI> fileSystems) {
        this.conf = conf;
        this.keytabUser = keytabUser;
        this.target = target;
        this.fileSystems = fileSystems;
        this.renewInterval = conf.getLong(RENEW_INTERVAL_KEY, RENEW_INTERVAL_DEFAULT);
        this.timer =
                Executors.newSingleThreadScheduledExecutor(
                        r -> {
                            Thread t = new Thread(r, "token-renewer");
                            t.setDaemon(true);
                            return t;
                        });
    }

    /**
     * The renewer of a job the client submitted with a keytab ({@link YarnKeys#PRINCIPAL} set, the
     * keytab localized as {@link YarnKeys#KEYTAB} in the working directory), started for the
     * current user; null for any other job.
     */
    public static TokenRenewer forJob(Configuration conf, Collection<URI> fileSystems)
            throws IOException {
        String principal = conf.get(YarnKeys.PRINCIPAL);
        if (principal == null) {
            return null;
        }
        return start(
                conf,
                principal,
                new java.io.File(YarnKeys.KEYTAB).getAbsolutePath(),
                UserGroupInformation.getCurrentUser(),
                fileSystems);
    }

    /**
     * Logs in as {@code principal} from {@code keytab} and schedules the first fetch from the
     * lifetimes of the tokens {@code target} holds (at once when it holds none).
     *
     * @throws IOException naming the principal and keytab when the login fails
     */
    public static TokenRenewer start(
            Configuration conf,
            String principal,
            String keytab,
            UserGroupInformation target,
            Collection<URI> fileSystems)
            throws IOException {
        UserGroupInformation.setConfiguration(conf);
        UserGroupInformation user;
        try {
            user = UserGroupInformation.loginUserFromKeytabAndReturnUGI(principal, keytab);
        } catch (IOException e) {
            throw new IOException(
                    "cannot log in as " + principal + " from the keytab " + keytab + ": " + e, e);
        }
        TokenRenewer r =
                new TokenRenewer(
                        conf,
                        user,
                        target,
                        List.copyOf(new java.util.LinkedHashSet<>(fileSystems)));
        long delay =
                delayMillis(
                        lifetimes(target.getCredentials().getAllTokens()),
                        r.renewInterval,
                        System.currentTimeMillis());
        LOG.info(
                "logged in as {} from the keytab; fresh HDFS delegation tokens in {} s",
                principal,
                delay / 1000);
        r.schedule(delay);
        return r;
    }

    /** How many times fresh tokens were obtained. */
    public int fetched() {
        return fetched;
    }

    private void schedule(long delayMillis) {
        if (!timer.isShutdown()) {
            timer.schedule(this::fetch, delayMillis, TimeUnit.MILLISECONDS);
        }
    }

    private void fetch() {
        try {
            keytabUser.checkTGTAndReloginFromKeytab();
            Credentials fresh =
                    keytabUser.doAs(
                            (PrivilegedExceptionAction<Credentials>)
                                    () -> {
                                        Credentials c = new Credentials();
                                        for (URI uri : fileSystems) {
                                            try (FileSystem fs =
                                                    FileSystem.newInstance(uri, conf)) {
                                                fs.addDelegationTokens(
                                                        keytabUser.getShortUserName(), c);
                                            }
                                        }
                                        return c;
                                    });
            target.addCredentials(fresh);
            fetched++;
            long delay =
                    delayMillis(
                            lifetimes(fresh.getAllTokens()),
                            renewInterval,
                            System.currentTimeMillis());
            LOG.info(
                    "obtained {} fresh HDFS delegation token(s) as {}; the next in {} s",
                    fresh.numberOfTokens(),
                    keytabUser.getUserName(),
                    delay / 1000);
            schedule(delay);
        } catch (Exception e) {
            LOG.warn(
                    "could not obtain fresh HDFS delegation tokens as {} (retrying in {} s): {}",
                    keytabUser.getUserName(),
                    RETRY_MILLIS / 1000,
                    e.toString());
            schedule(RETRY_MILLIS);
        }
    }

    /** The delegation tokens' lifetimes among {@code tokens} (others are skipped). */
    static List<Lifetime> lifetimes(Collection<Token<? extends TokenIdentifier>> tokens) {
        List<Lifetime> out = new ArrayList<>();
        for (Token<? extends TokenIdentifier> t : tokens) {
            TokenIdentifier id;
            try {
                id = t.decodeIdentifier();
            } catch (IOException | RuntimeException e) {
                continue; // a kind this JVM cannot decode is not one this renewer fetches
            }
            if (id instanceof AbstractDelegationTokenIdentifier d) {
                out.add(new Lifetime(d.getIssueDate(), d.getMaxDate()));
            }
        }
        return out;
    }

    /**
     * Milliseconds from {@code now} until the next fetch: {@link #RATIO} of the way through the
     * shortest token life (until its maximum date or one renew interval after its issue, whichever
     * is sooner), at least {@link #FLOOR_MILLIS}; 0 without any token (fetch at once).
     */
    static long delayMillis(List<Lifetime> tokens, long renewInterval, long now) {
        if (tokens.isEmpty()) {
            return 0;
        }
        long due = Long.MAX_VALUE;
        for (Lifetime t : tokens) {
            long life = Math.min(t.max() - t.issued(), renewInterval);
            due = Math.min(due, t.issued() + (long) (RATIO * life));
        }
        return Math.max(FLOOR_MILLIS, due - now);
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
