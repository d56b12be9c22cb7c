package io.codedyarn.am.yarn;

import io.codedyarn.protocol.WorkerKeys;
import io.codedyarn.worker.yarn.WorkerMain;
import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.DataOutputBuffer;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.security.Credentials;
import org.apache.hadoop.security.token.Token;
import org.apache.hadoop.security.token.TokenIdentifier;
import org.apache.hadoop.yarn.api.ApplicationConstants;
import org.apache.hadoop.yarn.api.ApplicationConstants.Environment;
import org.apache.hadoop.yarn.api.records.LocalResource;
import org.apache.hadoop.yarn.api.records.LocalResourceType;
import org.apache.hadoop.yarn.api.records.LocalResourceVisibility;
import org.apache.hadoop.yarn.api.records.URL;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.security.AMRMTokenIdentifier;
import org.apache.hadoop.yarn.security.client.RMDelegationTokenIdentifier;

/**
 * What the client's AM launch and the AM's worker launches share: the classpath and the job jar as
 * a LocalResource (hadoop.md §2, "the key trick"); the java command is {@link ContainerJava}'s.
 */
public final class Launch {
    private Launch() {}

    public static boolean isMinicluster(Configuration conf) {
        return conf.getBoolean(YarnConfiguration.IS_MINI_YARN_CLUSTER, false);
    }

    /**
     * The CLASSPATH of the AM and worker containers. Minicluster: the cluster's conf dir (its
     * ephemeral RM and NameNode ports) then this JVM's {@code java.class.path} - the containers see
     * exactly the client's classes (as Hadoop's TestDistributedShell does). Real cluster: the
     * localized job jar, {@code $HADOOP_CONF_DIR} and the cluster's {@code
     * yarn.application.classpath}, where Hadoop itself comes from.
     */
    public static String containerClasspath(Configuration conf) {
        String sep = ApplicationConstants.CLASS_PATH_SEPARATOR;
        if (isMinicluster(conf)) {
            String confDir = conf.get(YarnKeys.EMBEDDED_CONF_DIR, "");
            if (!conf.get(YarnKeys.EMBEDDED_CDS_DIR, "").isEmpty()) {
                // class-data sharing: the archived jars first, then the conf dir and directories
                List<String> cp = new ArrayList<>(ClassDataSharing.classPath());
                int firstDir = 0;
                while (firstDir < cp.size() && !new File(cp.get(firstDir)).isDirectory()) {
                    firstDir++;
                }
                if (!confDir.isEmpty()) {
                    cp.add(firstDir, confDir);
                }
                return String.join(sep, cp);
            }
            String cp = System.getProperty("java.class.path").replace(File.pathSeparator, sep);
            return confDir.isEmpty() ? cp : confDir + sep + cp;
        }
        StringBuilder b =
                new StringBuilder(Environment.PWD.$$() + "/" + YarnKeys.JOB_JAR)
                        .append(sep)
                        .append(Environment.HADOOP_CONF_DIR.$$());
        for (String entry :
                conf.getStrings(
                        YarnConfiguration.YARN_APPLICATION_CLASSPATH,
                        YarnConfiguration.DEFAULT_YARN_CROSS_PLATFORM_APPLICATION_CLASSPATH)) {
            b.append(sep).append(entry.trim());
        }
        return b.toString();
    }

    /** {@code uri|size|timestamp} of a staged file (passed to the AM in its environment). */
    public static String describe(FileStatus st) {
        return st.getPath().toUri() + "|" + st.getLen() + "|" + st.getModificationTime();
    }

    /**
     * {@code uri|size|timestamp|visibility} of a staged file (passed to the AM in its environment).
     */
    public static String describe(FileStatus st, LocalResourceVisibility visibility) {
        return st.getPath().toUri()
                + "|"
                + st.getLen()
                + "|"
                + st.getModificationTime()
                + "|"
                + visibility;
    }

    /**
     * The job jar as LocalResource "app.jar", or none (minicluster: nothing was staged); its
     * visibility as described, APPLICATION where the description has none.
     */
    public static Map<String, LocalResource> jarResource(String described) {
        if (described == null || described.isBlank()) {
            return Map.of();
        }
        String[] f = described.split("\\|");
        return Map.of(
                YarnKeys.JOB_JAR,
                LocalResource.newInstance(
                        URL.fromPath(new Path(f[0])),
                        LocalResourceType.FILE,
                        f.length > 3
                                ? LocalResourceVisibility.valueOf(f[3])
                                : LocalResourceVisibility.APPLICATION,
                        Long.parseLong(f[1]),
                        Long.parseLong(f[2])));
    }

    public static LocalResource fileResource(FileStatus st) {
        return fileResource(st, LocalResourceVisibility.APPLICATION);
    }

    public static LocalResource fileResource(FileStatus st, LocalResourceVisibility visibility) {
        return LocalResource.newInstance(
                URL.fromPath(st.getPath()),
                LocalResourceType.FILE,
                visibility,
                st.getLen(),
                st.getModificationTime());
    }

    /**
     * A worker container's credentials: the AM's tokens (HDFS delegation tokens on a secure
     * cluster) minus its AMRM token and its ResourceManager delegation token — a worker must not be
     * able to talk to the ResourceManager as the AM, nor as the user — plus the per-application
     * secret under {@link WorkerMain#SECRET_KEY}, which the worker's Hello must present (the secret
     * never appears on a command line), the SHA-256 of the AM's TLS certificate under {@link
     * WorkerMain#AM_CERTIFICATE_KEY}, the one certificate the worker trusts (credentials, because a
     * pin anyone could rewrite would let them pose as the AM), and the worker key and certificate
     * under {@link WorkerMain#WORKER_KEY_KEY} and {@link WorkerMain#WORKER_CERTIFICATE_KEY}, which
     * the AM's endpoint asks of every TLS client.
     */
    public static Credentials workerCredentials(Credentials am, byte[] secret, WorkerKeys keys) {
        Credentials out = new Credentials();
        for (Token<? extends TokenIdentifier> t : am.getAllTokens()) {
            if (!AMRMTokenIdentifier.KIND_NAME.equals(t.getKind())
                    && !RMDelegationTokenIdentifier.KIND_NAME.equals(t.getKind())) {
                out.addToken(t.getService(), t);
            }
        }
        out.addSecretKey(new Text(WorkerMain.SECRET_KEY), secret.clone());
        out.addSecretKey(new Text(WorkerMain.AM_CERTIFICATE_KEY), keys.amFingerprint().clone());
        out.addSecretKey(new Text(WorkerMain.WORKER_KEY_KEY), keys.key().clone());
        out.addSecretKey(new Text(WorkerMain.WORKER_CERTIFICATE_KEY), keys.certificate().clone());
        return out;
    }

    public static ByteBuffer tokens(Credentials creds) throws IOException {
        try (DataOutputBuffer dob = new DataOutputBuffer()) {
            creds.writeTokenStorageToStream(dob);
            return ByteBuffer.wrap(dob.getData(), 0, dob.getLength());
        }
    }
}
