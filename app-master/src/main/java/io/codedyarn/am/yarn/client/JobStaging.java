package io.codedyarn.am.yarn.client;

import io.codedyarn.am.config.ConfigKey;
import io.codedyarn.am.config.Jit;
import io.codedyarn.am.config.JitChoice;
import io.codedyarn.am.config.Keys;
import io.codedyarn.am.config.YarnJobKeys;
import io.codedyarn.am.config.YarnSettings;
import io.codedyarn.am.yarn.Launch;
import io.codedyarn.am.yarn.YarnKeys;
import io.codedyarn.am.yarn.master.AppMaster;
import io.codedyarn.coordinator.cluster.JobInfo;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.security.Credentials;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.token.Token;
import org.apache.hadoop.security.token.TokenIdentifier;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.LocalResource;
import org.apache.hadoop.yarn.api.records.LocalResourceVisibility;
import org.apache.hadoop.yarn.client.ClientRMProxy;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.client.util.YarnClientUtils;
import org.apache.hadoop.yarn.exceptions.YarnException;
import org.apache.hadoop.yarn.util.ConverterUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the client stages for an application under {@code <home>/.coded-yarn/<appId>/}: text files
 * as LocalResources, the coded-yarn keys as {@code coded-yarn-site.xml}, the job jar (the
 * configured one, or the jar coded-yarn runs from), and the HDFS delegation tokens the AM and the
 * workers use when security is on; and the directory's deletion when the application ends.
 */
final class JobStaging {
    /** Under the submitter's name, as before this class was split from it. */
    private static final Logger LOG = LoggerFactory.getLogger(YarnSubmitter.class);

    private final Configuration conf;
    private final YarnSettings settings;

    JobStaging(Configuration conf, YarnSettings settings) {
        this.conf = conf;
        this.settings = settings;
    }

    /** Deletes the application's staging directory (logged, not thrown, when it cannot). */
    void delete(ApplicationId id) {
        try {
            FileSystem fs = FileSystem.get(conf);
            fs.delete(io.codedyarn.am.yarn.StagingDirs.of(fs, id.toString()), true);
        } catch (IOException e) {
            LOG.warn("could not delete the staging directory of {}: {}", id, e.toString());
        }
    }

    /**
     * Removes the staging directories of this user's applications that have ended (a detached
     * application killed before its ApplicationMaster could remove its own): those the
     * ResourceManager reports FINISHED, FAILED or KILLED. One it no longer knows is left (its end
     * cannot be told from here); {@code coded-yarn.keep-staging} keeps them all.
     */
    void sweep(FileSystem fs, org.apache.hadoop.yarn.client.api.YarnClient yarn) {
        if (settings.keepStaging()) {
            return;
        }
        try {
            Path root = io.codedyarn.am.yarn.StagingDirs.root(fs);
            for (org.apache.hadoop.fs.FileStatus st : fs.listStatus(root)) {
                String name = st.getPath().getName();
                if (!st.isDirectory() || !name.startsWith("application_")) {
                    continue;
                }
                try {
                    var state =
                            yarn.getApplicationReport(ApplicationId.fromString(name))
                                    .getYarnApplicationState();
                    if (state == org.apache.hadoop.yarn.api.records.YarnApplicationState.FINISHED
                            || state
                                    == org.apache.hadoop.yarn.api.records.YarnApplicationState
                                            .FAILED
                            || state
                                    == org.apache.hadoop.yarn.api.records.YarnApplicationState
                                            .KILLED) {
                        fs.delete(st.getPath(), true);
                        LOG.info("removed the staging directory of {}, which is {}", name, state);
                    }
                } catch (org.apache.hadoop.yarn.exceptions.YarnException
                        | IllegalArgumentException e) {
                    // not an application the ResourceManager knows (or not an id): left as is
                }
            }
        } catch (IOException e) {
            LOG.warn(
                    "could not look for ended applications' staging directories: {}", e.toString());
        }
    }

    /** The jar to ship, or null where the containers reuse the client's classpath. */
    File jobJar() {
        if (!settings.jobJar().isEmpty()) {
            File f = new File(settings.jobJar());
            if (!f.isFile()) {
                throw new IllegalArgumentException(
                        YarnJobKeys.JOB_JAR.name() + " = " + settings.jobJar() + " is not a file");
            }
            return f;
        }
        if (Launch.isMinicluster(conf)) {
            return null;
        }
        File f = runningJar();
        if (f == null) {
            throw new IllegalArgumentException(
                    "coded-yarn does not run from a jar: build the job jar (mvn package) or set "
                            + YarnJobKeys.JOB_JAR.name());
        }
        return f;
    }

    /**
     * The jar holding our classes: the code source when it is a jar (java -cp coded-yarn.jar);
     * under {@code yarn jar} (RunJar) the classes may come from the unpacked copy, so the class
     * loader's jars are searched for the one holding {@link AppMaster}.
     */
    static File runningJar() {
        String entry = AppMaster.class.getName().replace('.', '/') + ".class";
        java.util.List<java.net.URL> candidates = new java.util.ArrayList<>();
        candidates.add(AppMaster.class.getProtectionDomain().getCodeSource().getLocation());
        if (AppMaster.class.getClassLoader() instanceof java.net.URLClassLoader u) {
            candidates.addAll(java.util.List.of(u.getURLs()));
        }
        for (java.net.URL url : candidates) {
            File f;
            try {
                f = new File(url.toURI());
            } catch (java.net.URISyntaxException | IllegalArgumentException e) {
                continue;
            }
            if (f.isFile() && f.getName().endsWith(".jar")) {
                try (java.util.jar.JarFile jar = new java.util.jar.JarFile(f)) {
                    if (jar.getEntry(entry) != null) {
                        return f;
                    }
                } catch (IOException e) {
                    // not a readable jar: try the next
                }
            }
        }
        return null;
    }

    /** The coded-yarn keys of the client's configuration, for the AM. */
    String siteXml() throws IOException {
        Configuration site = new Configuration(false);
        for (ConfigKey<?> k : Keys.all()) {
            String v = conf.get(k.name());
            if (v != null) {
                site.set(k.name(), v);
            }
        }
        // the embedded cluster's DataNode -> NodeManager pairing, as the client sees it (the AM
        // would otherwise read the cluster's own copy from its conf dir)
        String map = conf.get(YarnKeys.EMBEDDED_NODE_MAP);
        if (map != null) {
            site.set(YarnKeys.EMBEDDED_NODE_MAP, map);
        }
        if (conf.getBoolean(YarnKeys.DETACHED, false)) {
            site.setBoolean(YarnKeys.DETACHED, true);
        }
        String principal = conf.get(YarnKeys.PRINCIPAL);
        if (principal != null) { // the AM logs in from the staged keytab as this principal
            site.set(YarnKeys.PRINCIPAL, principal);
        }
        java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
        site.writeXml(b);
        return b.toString(StandardCharsets.UTF_8);
    }

    /**
     * The site file and the job jar (when one is shipped) staged in {@code dir}: their
     * LocalResources into {@code resources}, the jar's description and the containers' CLASSPATH
     * into {@code env}.
     */
    void stageCommon(
            FileSystem fs,
            Path dir,
            java.util.Map<String, LocalResource> resources,
            java.util.Map<String, String> env)
            throws IOException {
        resources.put(YarnKeys.SITE_XML, stage(fs, dir, YarnKeys.SITE_XML, siteXml()));
        File jar = jobJar();
        if (jar != null) {
            org.apache.hadoop.fs.FileStatus st;
            LocalResourceVisibility visibility;
            if (settings.jarCache().isEmpty()) {
                Path dst = new Path(dir, YarnKeys.JOB_JAR);
                fs.copyFromLocalFile(false, true, new Path(jar.toURI()), dst);
                st = fs.getFileStatus(dst);
                visibility = LocalResourceVisibility.APPLICATION;
            } else {
                // the user's alone (mode 600), and kept localized by each NodeManager for all
                // of the user's applications
                st =
                        JarCache.put(fs, fs.makeQualified(new Path(settings.jarCache())), jar)
                                .status();
                visibility = LocalResourceVisibility.PRIVATE;
            }
            resources.put(YarnKeys.JOB_JAR, Launch.fileResource(st, visibility));
            env.put(YarnKeys.ENV_JOB_JAR, Launch.describe(st, visibility));
        }
        env.put(
                org.apache.hadoop.yarn.api.ApplicationConstants.Environment.CLASSPATH.name(),
                Launch.containerClasspath(conf));
    }

    /**
     * The ApplicationMaster's command line: {@code main}, its output in {@code log}.stdout/stderr,
     * and the JIT {@code coded-yarn.am.jit} picks for a run of {@code messages} worker-rounds
     * (workers × iterations; 0 for a job without rounds), placed before the java-opts so that a JIT
     * option there wins (the JVM takes the last of a repeated option).
     */
    String amCommand(String id, Class<?> main, String log, double messages) {
        String logs = org.apache.hadoop.yarn.api.ApplicationConstants.LOG_DIR_EXPANSION_VAR;
        Jit jit = settings.amJit();
        boolean c1 = jit.amC1Only(messages);
        LOG.info(
                "{}",
                JitChoice.describe(
                        "the ApplicationMaster compiles",
                        c1,
                        YarnJobKeys.AM_JIT,
                        jit,
                        "workers x iterations",
                        messages,
                        Jit.AM_AUTO_MAX_MESSAGES));
        return io.codedyarn.am.yarn.ContainerJava.command(
                settings.amJavaHome(),
                io.codedyarn.am.yarn.ContainerJava.Role.AM,
                (c1 ? Jit.C1_OPTION + " " : "")
                        + settings.amJavaOpts()
                        + io.codedyarn.am.yarn.ClassDataSharing.jvmOptions(
                                conf, io.codedyarn.am.yarn.ClassDataSharing.Role.AM, true, id)
                        + " "
                        + main.getName()
                        + " 1>"
                        + logs
                        + "/"
                        + log
                        + ".stdout 2>"
                        + logs
                        + "/"
                        + log
                        + ".stderr",
                log + ".stderr");
    }

    static LocalResource stage(FileSystem fs, Path dir, String name, String text)
            throws IOException {
        Path p = new Path(dir, name);
        try (OutputStream o = fs.create(p, true)) {
            o.write(text.getBytes(StandardCharsets.UTF_8));
        }
        return Launch.fileResource(fs.getFileStatus(p));
    }

    /**
     * When security is on, the ApplicationMaster's tokens: HDFS delegation tokens (default FS,
     * dataset, output) and a ResourceManager delegation token ({@link #rmDelegationToken}); null
     * otherwise.
     */
    java.nio.ByteBuffer tokens(FileSystem fs, JobInfo job, YarnClient yarn)
            throws IOException, YarnException {
        if (!UserGroupInformation.isSecurityEnabled()) {
            return null;
        }
        Credentials creds = delegationTokens(conf, fs, job.dataset(), job.out());
        Token<TokenIdentifier> rm = rmDelegationToken(conf, yarn);
        creds.addToken(rm.getService(), rm);
        return Launch.tokens(creds);
    }

    /**
     * A ResourceManager delegation token of the current user, renewable by the ResourceManager: the
     * ApplicationMaster asks the ResourceManager for the cluster's running nodes (where to put
     * workers, where to move a slow one's data) through the client protocol, which its AMRM token
     * does not open and which, without Kerberos credentials of its own, it may use only with this
     * token. (Without it a secure cluster's ApplicationMaster retried that call until {@code
     * yarn.resourcemanager.connect.max-wait.ms}, 15 minutes by default, and never started a
     * worker.) The workers do not get it ({@link Launch#workerCredentials}).
     */
    static Token<TokenIdentifier> rmDelegationToken(Configuration conf, YarnClient yarn)
            throws IOException, YarnException {
        org.apache.hadoop.yarn.api.records.Token token =
                yarn.getRMDelegationToken(new Text(rmPrincipal(conf)));
        return ConverterUtils.convertFromYarn(
                token, ClientRMProxy.getRMDelegationTokenService(conf));
    }

    private static String rmPrincipal(Configuration conf) throws IOException {
        String renewer = YarnClientUtils.getRmPrincipal(conf);
        if (renewer == null || renewer.isEmpty()) {
            throw new IOException(
                    "security is on but the RM principal is not configured"
                            + " (yarn.resourcemanager.principal)");
        }
        return renewer;
    }

    /**
     * HDFS delegation tokens of the current user for {@code fs} and the file systems of {@code
     * dataset} and {@code out}, renewable by the ResourceManager (which renews them while the
     * application runs and cancels them when it ends). The AM and, through it, the workers read and
     * write HDFS with these alone: they have no Kerberos credentials of their own.
     *
     * @throws IOException when the RM principal ({@code yarn.resourcemanager.principal}) is not
     *     configured, or a NameNode refuses a token
     */
    static Credentials delegationTokens(
            Configuration conf, FileSystem fs, String dataset, String out) throws IOException {
        String renewer = rmPrincipal(conf);
        Credentials creds = new Credentials();
        fs.addDelegationTokens(renewer, creds);
        new Path(dataset).getFileSystem(conf).addDelegationTokens(renewer, creds);
        new Path(out).getFileSystem(conf).addDelegationTokens(renewer, creds);
        return creds;
    }
}
