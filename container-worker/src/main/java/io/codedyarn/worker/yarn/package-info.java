/**
 * The worker container's entry point, {@link WorkerMain}: wiring only. It reads the AM's address
 * and its worker id from the environment and the per-application secret and the AM certificate's
 * fingerprint from the container's credentials (never the command line or the environment), then
 * runs {@code worker.net}'s {@code WorkerClient} with {@code worker.hdfs}'s loader. Uses those two
 * packages and Hadoop's configuration and security classes (for the credentials).
 */
package io.codedyarn.worker.yarn;
