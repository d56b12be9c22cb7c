package io.codedyarn.am.yarn;

import java.io.File;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;

/**
 * Where the client's configuration comes from, lowest first:
 *
 * <ol>
 *   <li>{@value #DEFAULT_XML}, in the job jar: every key with its default;
 *   <li>{@value #SITE_XML} in the installation's {@code conf/}: {@code <coded-yarn.home>/conf/}
 *       under {@code bin/coded-yarn}, else the {@code conf/} beside the directory of the jar
 *       ({@code <dir>/lib/coded-yarn.jar} reads {@code <dir>/conf/});
 *   <li>{@value #SITE_XML} in {@code $HADOOP_CONF_DIR} (the cluster's);
 *   <li>{@code -conf file.xml}, then {@code -D key=value}: Hadoop's generic options, which {@code
 *       ToolRunner} adds after these.
 * </ol>
 *
 * The containers get the client's resolved values in the staged {@value #SITE_XML}, so they never
 * read a site file of their own.
 */
public final class ConfigFiles {
    private ConfigFiles() {}

    public static final String DEFAULT_XML = "coded-yarn-default.xml";
    public static final String SITE_XML = "coded-yarn-site.xml";

    /** Set by {@code bin/coded-yarn}: the installation's directory. */
    static final String HOME_PROPERTY = "coded-yarn.home";

    /** Hadoop's default resources, then coded-yarn's defaults and site files (as in main). */
    public static Configuration client() {
        Configuration conf = new Configuration();
        addTo(conf, installConfDir(), System.getenv("HADOOP_CONF_DIR"));
        return conf;
    }

    /**
     * Adds the defaults and each site file that exists, lowest first, to {@code conf}.
     *
     * @param installConf the installation's conf directory, or null
     * @param hadoopConfDir {@code $HADOOP_CONF_DIR}, or null or blank
     */
    public static void addTo(Configuration conf, Path installConf, String hadoopConfDir) {
        conf.addResource(defaults());
        for (Path site : siteFiles(installConf, hadoopConfDir)) {
            conf.addResource(new org.apache.hadoop.fs.Path(site.toUri()));
        }
    }

    /** The site files that exist, lowest first. */
    public static List<Path> siteFiles(Path installConf, String hadoopConfDir) {
        List<Path> files = new ArrayList<>();
        if (installConf != null) {
            files.add(installConf.resolve(SITE_XML));
        }
        if (hadoopConfDir != null && !hadoopConfDir.isBlank()) {
            files.add(Path.of(hadoopConfDir).resolve(SITE_XML));
        }
        files.removeIf(f -> !Files.isRegularFile(f));
        return files;
    }

    /** {@value #DEFAULT_XML} in the jar (or on the class path). */
    static URL defaults() {
        URL url = ConfigFiles.class.getClassLoader().getResource(DEFAULT_XML);
        if (url == null) {
            throw new IllegalStateException(DEFAULT_XML + " is missing from the class path");
        }
        return url;
    }

    /**
     * True when {@code key}'s value in {@code conf} is {@value #DEFAULT_XML}'s or unset: no site
     * file, {@code -conf} or {@code -D} gave it.
     */
    public static boolean isDefault(Configuration conf, String key) {
        String[] sources = conf.getPropertySources(key);
        return sources == null
                || sources.length > 0 && sources[sources.length - 1].equals(defaults().toString());
    }

    /** Where {@code key}'s value came from, for messages: a file, or {@code -D}. */
    public static String source(Configuration conf, String key) {
        String[] sources = conf.getPropertySources(key);
        if (sources == null || sources.length == 0) {
            return "the configuration";
        }
        String s = sources[sources.length - 1];
        if (s.equals("from command line") || s.equals("programmatically")) {
            return "-D";
        }
        return s.startsWith("file:") ? Path.of(java.net.URI.create(s)).toString() : s;
    }

    /** The installation's conf directory ({@link ConfigFiles}); null when there is none. */
    public static Path installConfDir() {
        String home = System.getProperty(HOME_PROPERTY, "");
        if (!home.isEmpty()) {
            return Path.of(home, "conf");
        }
        try {
            var source = ConfigFiles.class.getProtectionDomain().getCodeSource();
            File jar = source == null ? null : new File(source.getLocation().toURI());
            if (jar != null && jar.isFile() && jar.getParentFile() != null) {
                File dir = jar.getAbsoluteFile().getParentFile().getParentFile();
                return dir == null ? null : dir.toPath().resolve("conf");
            }
        } catch (URISyntaxException | SecurityException | IllegalArgumentException e) {
            // no file location: no installation conf directory
        }
        return null;
    }
}
