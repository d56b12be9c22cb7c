/**
 * The YARN adapters' shared root: what both the client ({@code am.yarn.client}) and the
 * ApplicationMaster ({@code am.yarn.master}) need. {@link YarnKeys} names the internal keys,
 * environment variables and staged files between the client, the AM and the workers (and the
 * embedded cluster's DataNode → NodeManager map); {@link Launch} builds the parts of a container
 * launch context that the AM's and the workers' share (java binary, class path, local resources,
 * tokens), with {@link ClassDataSharing}'s archives on the embedded cluster; {@link ProgressFile}
 * is the progress document the AM writes and the client reads; {@link Straggles} is {@code
 * --straggle}'s Hadoop side, qualified by the client and resolved per worker in the AM; {@link
 * ConfigFiles} layers the client's configuration (the defaults in the jar, the site files) and
 * {@link PrivateDirectory} checks a directory in {@code /tmp} is the user's alone. Uses placement's
 * {@code slowdown}, the coordinator's {@code trace}, container-worker's {@code worker.yarn} (the
 * class it launches) and the Hadoop client APIs; never {@code am.yarn.client} or {@code
 * am.yarn.master}, which both build on it.
 */
package io.codedyarn.am.yarn;
