package io.codedyarn.am.yarn.master;

import io.codedyarn.am.output.RunOutputs;
import io.codedyarn.am.report.Report;
import io.codedyarn.am.report.Reports;
import io.codedyarn.coordinator.trace.JobJson;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.security.UserGroupInformation;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The run's report, written by the AM beside its outputs ({@code --out/report.html}: the page the
 * {@code report} command makes of that directory, built by the same code from a local copy of the
 * outputs it reads), and the address the ResourceManager links to it once the application has ended
 * (the final tracking URL).
 *
 * <p>The address is the file through the NameNode's WebHDFS ({@code
 * http://NN:9870/webhdfs/v1/PATH?op=OPEN}): the one web server every HDFS cluster already runs and
 * an operator's browser already reaches, which outlives the AM (a page the AM served would die with
 * it; a history server is a daemon this project does not have). On a cluster without Kerberos the
 * link carries {@code user.name=} the run's user, so it opens an output under a private home
 * directory (anyone could name that user there anyway); with Kerberos the browser authenticates
 * itself (SPNEGO) and HDFS checks the reader's own permissions. On an HA nameservice it names the
 * first NameNode of {@code dfs.ha.namenodes.<ns>}. Other file systems get no address: the
 * ResourceManager then keeps the live page's, and the report is still beside the outputs.
 */
final class FinalReport {
    /** The report's name in {@code --out}. */
    static final String FILE = "report.html";

    private static final Logger LOG = LoggerFactory.getLogger(FinalReport.class);

    private FinalReport() {}

    /**
     * Writes the report into {@code out} and returns the address to link it by, or null when there
     * is none (another file system) or the report could not be written: the outputs are whole
     * either way, so that is logged, never a failure of the run.
     */
    static String publish(FileSystem fs, Path out, Configuration conf) {
        try {
            Path file = write(fs, out);
            String url = url(conf, file).orElse(null);
            LOG.info(
                    "report written to {}{}",
                    file,
                    url == null ? "" : "; the ResourceManager links it as " + url);
            return url;
        } catch (IOException | RuntimeException e) {
            LOG.warn(
                    "no report of the run in {} ({}); its outputs are complete", out, e.toString());
            return null;
        }
    }

    /**
     * Writes {@code out/report.html} (a hidden file renamed into place: the page whole or nothing)
     * from the committed outputs in {@code out}; returns its path.
     */
    static Path write(FileSystem fs, Path out) throws IOException {
        java.nio.file.Path local = Files.createTempDirectory("coded-yarn-report");
        try {
            java.nio.file.Path run = local.resolve(out.getName());
            Files.createDirectories(run);
            for (String f :
                    List.of(
                            RunOutputs.ITERATIONS,
                            RunOutputs.LATENCY_TRACE,
                            RunOutputs.EVENTS,
                            RunOutputs.SUMMARY,
                            RunOutputs.VALIDATION,
                            RunOutputs.ROC,
                            JobJson.SPEC_FILE)) {
                Path src = new Path(out, f);
                if (fs.exists(src)) {
                    fs.copyToLocalFile(false, src, new Path(run.resolve(f).toUri()), true);
                }
            }
            Report report = Reports.build(List.of(run), Double.NaN, w -> {});
            Report titled =
                    new Report(
                            "coded-yarn report: " + fs.makeQualified(out),
                            List.of(report.runs().get(0)),
                            List.of());
            Path file = new Path(out, FILE);
            Path tmp = new Path(out, "." + FILE + ".tmp");
            try (OutputStream o = fs.create(tmp, true)) {
                o.write(
                        io.codedyarn.am.report.PageTemplate.report(titled)
                                .getBytes(StandardCharsets.UTF_8));
            }
            fs.delete(file, false);
            if (!fs.rename(tmp, file)) {
                fs.delete(tmp, false);
                throw new IOException("cannot rename " + tmp + " to " + file);
            }
            return fs.makeQualified(file);
        } finally {
            org.apache.hadoop.fs.FileUtil.fullyDelete(local.toFile());
        }
    }

    /**
     * The WebHDFS address that opens {@code file} (a qualified {@code hdfs://} path), or empty when
     * it is on another file system or the NameNode's web address is unknown.
     */
    static Optional<String> url(Configuration conf, Path file) throws IOException {
        URI uri = file.toUri();
        if (!"hdfs".equals(uri.getScheme()) || uri.getHost() == null) {
            return Optional.empty();
        }
        boolean https = "HTTPS_ONLY".equalsIgnoreCase(conf.getTrimmed("dfs.http.policy", ""));
        String key = https ? "dfs.namenode.https-address" : "dfs.namenode.http-address";
        String ns = uri.getHost();
        String[] namenodes = conf.getTrimmedStrings("dfs.ha.namenodes." + ns);
        String address =
                namenodes.length > 0
                        ? conf.getTrimmed(key + "." + ns + "." + namenodes[0])
                        : conf.getTrimmed(key);
        if (address == null || address.isEmpty()) {
            return Optional.empty();
        }
        int colon = address.lastIndexOf(':');
        String host = colon < 0 ? address : address.substring(0, colon);
        String port = colon < 0 ? "" : address.substring(colon);
        if (host.isEmpty() || host.equals("0.0.0.0")) {
            host = uri.getHost(); // bound to every interface: the NameNode's own name
        }
        StringBuilder url =
                new StringBuilder(https ? "https://" : "http://")
                        .append(host)
                        .append(port)
                        .append("/webhdfs/v1")
                        .append(escaped(uri.getPath()))
                        .append("?op=OPEN");
        if (!UserGroupInformation.isSecurityEnabled()) {
            url.append("&user.name=")
                    .append(
                            URLEncoder.encode(
                                    UserGroupInformation.getCurrentUser().getShortUserName(),
                                    StandardCharsets.UTF_8));
        }
        return Optional.of(url.toString());
    }

    /** A path as a URL's path: each character outside ASCII's unreserved ones percent-encoded. */
    private static String escaped(String path) {
        try {
            return new URI(null, null, path, null).toASCIIString();
        } catch (java.net.URISyntaxException e) {
            // a Hadoop Path's path is a URI's path already
            throw new IllegalArgumentException("not a path: " + path, e);
        }
    }
}
