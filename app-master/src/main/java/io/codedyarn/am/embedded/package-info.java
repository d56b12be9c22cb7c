/**
 * A whole Hadoop cluster in this JVM for {@code train --cluster embedded}, the tests and the
 * benchmarks: {@link EmbeddedCluster} runs a MiniDFSCluster and a MiniYARNCluster (sizes from
 * {@code YarnSettings}), started side by side by {@link MiniClusterStart}, with the fixes that make
 * its tracking URLs right ({@link RmWebPort}) and its start and container start-up fast ({@link
 * SiteFiles}, {@link ProxyCaCache}, {@link HiddenPackagesClassLoader}; see {@code
 * shared/notes/hadoop.md} §2 and {@code docs/performance.md}). Uses {@code am.config}, {@code
 * am.yarn}, Hadoop's minicluster (and BouncyCastle at run time, for the ResourceManager) and SLF4J.
 */
package io.codedyarn.am.embedded;
