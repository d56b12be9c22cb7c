package io.codedyarn.am.yarn;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Internal keys and environment variables between the client, the AM and the workers (not user
 * settings, so not in {@code coded-yarn-default.xml}).
 */
public final class YarnKeys {
    private YarnKeys() {}

    /** The embedded cluster's conf dir (yarn-site.xml, core-site.xml): first on the classpath. */
    public static final String EMBEDDED_CONF_DIR = "coded-yarn.internal.embedded.conf-dir";

    /** The embedded cluster's DataNode → NodeManager pairing ({@code dn=nm,...}). */
    public static final String EMBEDDED_NODE_MAP = "coded-yarn.internal.embedded.node-map";

    /**
     * The embedded cluster's class-data sharing directory ({@link ClassDataSharing}); absent: the
     * containers run without archives.
     */
    public static final String EMBEDDED_CDS_DIR = "coded-yarn.internal.embedded.cds-dir";

    /**
     * The client returned at submission ({@code --detach}): no client follows the run, so its
     * ApplicationMaster removes the staging directory when it unregisters (a following client reads
     * the last progress there first, then removes it).
     */
    public static final String DETACHED = "coded-yarn.internal.detached";

    /**
     * {@code train --principal}: the Kerberos principal the client logged in as from its keytab;
     * staged for the ApplicationMaster, which logs in from the shipped keytab ({@link #KEYTAB}) as
     * the same principal.
     */
    public static final String PRINCIPAL = "coded-yarn.internal.principal";

    /** {@code train --keytab}: the keytab's local path, on the client only (never staged). */
    public static final String KEYTAB_PATH = "coded-yarn.internal.keytab-path";

    /** The internal keys above: known to the check of unknown {@code coded-yarn.*} keys. */
    public static final List<String> INTERNAL =
            List.of(
                    EMBEDDED_CONF_DIR,
                    EMBEDDED_NODE_MAP,
                    EMBEDDED_CDS_DIR,
                    DETACHED,
                    PRINCIPAL,
                    KEYTAB_PATH);

    /** The keytab's LocalResource name: private to the application (mode 600, staged 700). */
    public static final String KEYTAB = "coded-yarn.keytab";

    /** Staged file names (LocalResources in the AM's and the workers' working directories). */
    public static final String JOB_JAR = "app.jar";

    /**
     * The checkpoints' directory under the job's staging directory ({@code
     * <home>/.coded-yarn/<appId>/}): the AM writes them there and a later attempt reads them back.
     */
    public static final String CHECKPOINTS = "checkpoints";

    public static final String SITE_XML = "coded-yarn-site.xml";

    /** AM environment: the staged job jar as {@code uri|size|timestamp}, passed on to workers. */
    public static final String ENV_JOB_JAR = "CODED_YARN_JOB_JAR";

    /** Application type shown by {@code yarn application -list}. */
    public static final String APPLICATION_TYPE = "CODED-YARN";

    /** {@code dn1=nm1,dn2=nm2,...}: DataNode i paired with NodeManager i. */
    public static String nodeMap(List<String> dataNodes, List<String> nodeManagers) {
        List<String> pairs = new ArrayList<>();
        for (int i = 0; i < Math.min(dataNodes.size(), nodeManagers.size()); i++) {
            pairs.add(dataNodes.get(i) + "=" + nodeManagers.get(i));
        }
        return String.join(",", pairs);
    }

    /** Parses {@code dn1=nm1,dn2=nm2} (the embedded cluster's map); empty for null or blank. */
    public static Map<String, String> parseNodeMap(String text) {
        Map<String, String> m = new LinkedHashMap<>();
        if (text == null || text.isBlank()) {
            return m;
        }
        for (String pair : text.split(",")) {
            int eq = pair.indexOf('=');
            if (eq <= 0 || eq == pair.length() - 1) {
                throw new IllegalArgumentException(
                        "node map entry '" + pair + "' is not datanode=nodemanager");
            }
            m.put(pair.substring(0, eq).trim(), pair.substring(eq + 1).trim());
        }
        return m;
    }
}
