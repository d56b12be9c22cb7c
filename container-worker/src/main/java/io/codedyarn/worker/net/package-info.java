/**
 * The worker's side of the protocol ({@code worker.proto}, {@code docs/protocol.md}): {@link
 * WorkerClient} connects to the application master over TLS, trusting only the AM's certificate by
 * its fingerprint ({@link PinnedCertificate}), says Hello with its id and the application secret,
 * loads the partitions its Welcome names, and computes tasks until Stop; {@link Mailbox} hands
 * messages from gRPC's thread to the compute thread (newest task wins), {@link BackgroundLoad}
 * reads a re-planned code's partitions while tasks go on, and {@link ProtocolCodec} translates
 * between the task types and the protocol's messages for both sides (vectors as little-endian
 * bytes). Uses compute's {@code compute.task} and {@code compute.data}, {@code placement.slowdown}
 * (injected slowness), the generated {@code worker.protocol.v1} messages, gRPC and protobuf; no
 * Hadoop (the partition loader is injected).
 */
package io.codedyarn.worker.net;
