/**
 * The worker's side of the protocol ({@code worker.proto}, {@code docs/protocol.md}): {@link
 * WorkerClient} connects to the application master over mutual TLS, trusting only the AM's
 * certificate by its fingerprint and presenting the application's worker certificate ({@code
 * protocol.WorkerKeys}), says Hello with its id and the application secret, loads the partitions
 * its Welcome names, and computes tasks until Stop; {@link Mailbox} hands messages from gRPC's
 * thread to the compute thread (newest task wins), and {@link BackgroundLoad} reads a re-planned
 * code's partitions while tasks go on. Uses compute's {@code compute.task} and {@code
 * compute.data}, {@code placement.slowdown} (injected slowness), the protocol module ({@code
 * protocol}: codec, pins and keys; {@code protocol.v1}: generated messages), gRPC and protobuf; no
 * Hadoop (the partition loader is injected).
 */
package io.codedyarn.worker.net;
