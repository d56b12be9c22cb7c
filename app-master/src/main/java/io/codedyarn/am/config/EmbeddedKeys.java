package io.codedyarn.am.config;

/**
 * The keys of the embedded cluster ({@code --cluster embedded}): its in-process DataNodes and
 * NodeManagers, what each NodeManager offers, class-data sharing and its base directory. Listed,
 * with every other key, in {@link Keys#all()}.
 */
public final class EmbeddedKeys {
    private EmbeddedKeys() {}

    public static final ConfigKey<Integer> EMBEDDED_DATANODES =
            new ConfigKey<>(
                    "coded-yarn.embedded.datanodes",
                    3,
                    "embedded cluster: DataNodes of its in-process MiniDFSCluster");

    public static final ConfigKey<Integer> EMBEDDED_NODEMANAGERS =
            new ConfigKey<>(
                    "coded-yarn.embedded.nodemanagers",
                    3,
                    "embedded cluster: NodeManagers of its in-process MiniYARNCluster");

    public static final ConfigKey<Integer> EMBEDDED_NM_MEMORY_MB =
            new ConfigKey<>(
                    "coded-yarn.embedded.nodemanager.memory-mb",
                    2048,
                    "embedded cluster: memory (MiB) each NodeManager offers to containers");

    public static final ConfigKey<Integer> EMBEDDED_NM_VCORES =
            new ConfigKey<>(
                    "coded-yarn.embedded.nodemanager.vcores",
                    4,
                    "embedded cluster: virtual cores each NodeManager offers to containers");

    public static final ConfigKey<String> EMBEDDED_NM_JAVA_HOME =
            new ConfigKey<>(
                    "coded-yarn.embedded.nodemanager.java-home",
                    "",
                    "embedded cluster: the JAVA_HOME its NodeManagers give containers (as a"
                            + " cluster's NodeManagers export theirs); empty: this JVM's Java");

    public static final ConfigKey<Boolean> EMBEDDED_CDS =
            new ConfigKey<>(
                    "coded-yarn.embedded.class-data-sharing",
                    true,
                    "embedded cluster: the ApplicationMaster and worker JVMs map their classes from class-data sharing archives (AppCDS) in ${java.io.tmpdir}/coded-yarn-cds-${user.name} (made mode 700, and used only while it is the user's alone), one per Java runtime and class path; a run without one records the classes its AM and worker 0 load and the client dumps the archives after it (a failed dump is logged and not retried); false: neither");

    public static final ConfigKey<Boolean> EMBEDDED_WEBHDFS =
            new ConfigKey<>(
                    "coded-yarn.embedded.webhdfs",
                    false,
                    "embedded cluster: its NameNode serves WebHDFS, so the final tracking URL (the run's report.html through WebHDFS) opens while the cluster runs; false: no WebHDFS (its start reads whole jars: about 3 s on 2 cores)");

    public static final ConfigKey<String> EMBEDDED_BASE_DIR =
            new ConfigKey<>(
                    "coded-yarn.embedded.base-dir",
                    "",
                    "embedded cluster: directory for its HDFS, YARN and conf files; empty = a fresh"
                            + " temporary directory, deleted at shutdown");
}
