/**
 * The application master ↔ worker wire protocol, version {@value ProtocolCodec#VERSION} ({@code
 * worker.proto}, {@code docs/protocol.md}), the one thing both ends share: the generated messages
 * and gRPC stubs ({@code protocol.v1}), {@link ProtocolCodec}, which translates between them and
 * compute's task types (vectors as little-endian bytes) together with the limits both ends agree
 * on, {@link PinnedCertificate}, the fingerprint pin by which each end trusts exactly the other's
 * certificate (mutual TLS), and {@link WorkerKeys}, what a worker holds to connect. Uses compute's
 * {@code compute.task}, {@code placement.slowdown} (the injected slowness a Welcome carries),
 * protobuf and the gRPC API; no transport, no coordinator, no worker runtime and no Hadoop, so that
 * the AM's endpoint (am-net) and the worker (container-worker) depend on it and not on each other.
 */
package io.codedyarn.protocol;
