/**
 * The application master's end of the worker protocol ({@code worker.proto}, {@code
 * docs/protocol.md}): {@link GrpcWorkerServer}, a gRPC server with one bidirectional stream per
 * worker, exposed to the coordinator as a {@code WorkerPort} plus {@code CoordinatorEvent}s posted
 * to its {@code EventQueue}; per stream a {@link Connection} that authenticates the Hello and
 * checks answers against the rounds sent ({@link RoundsSent}) and tasks against the partitions the
 * worker holds ({@link HeldPartitions}); TLS with a per-application key and self-signed certificate
 * made in memory with the JDK alone ({@link AmIdentity}, {@link SelfSignedCertificate}), which
 * workers pin by fingerprint, and mutual: every client must present the application's worker
 * certificate, whose key only the workers' container credentials carry; listen address and message
 * limits ({@link ServerOptions}); warm spare workers ({@link Spares}); and Netty event loops
 * ({@link EventLoops}). Uses the coordinator root, compute's {@code compute.task}, the protocol
 * module's codec and certificate pin ({@code protocol}) and generated messages ({@code
 * protocol.v1}), gRPC (shaded Netty) and protobuf; not the worker runtime (container-worker) and no
 * Hadoop types, so the AM adapter ({@code am.yarn.master}) and the coordination benchmark share it.
 */
package io.codedyarn.am.net;
