/**
 * The JMH benchmarks behind {@code coded-yarn bench} ({@code docs/benchmarks.md}): decoding a new
 * and a cached responder set ({@link DecodeBenchmark}, issue 2), DSAG's event-driven simulator
 * ({@link SimulatorBenchmark}; DSAG §IV-B, issue 3), the gradient kernels against a STREAM triad on
 * data beyond the last-level cache ({@link KernelBenchmark}, {@link LastLevelCache}; issue 5), and
 * the coordination overhead per iteration of the real coordinator over loopback gRPC with {@link
 * ZeroCostWorker}s ({@link CoordinationBenchmark}; issue 6). Uses placement, compute, the
 * coordinator, {@code am.net}, the protocol module ({@code protocol}, {@code protocol.v1}), gRPC
 * and JMH; no Hadoop. The package lives in the benchmarks module; {@code am.bench.stragglers} (the
 * end-to-end {@code bench stragglers}) is in app-master.
 */
package io.codedyarn.bench;
