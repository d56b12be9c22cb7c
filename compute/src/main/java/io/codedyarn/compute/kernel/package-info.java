/**
 * The gradient kernels a worker runs on a {@code RowRange}, entry point {@link Kernels}: logistic
 * and least-squares ({@link LinearKernel}, {@link LinearLoss}) and DSAG's PCA kernel ({@link
 * PcaKernel}; DSAG digest §1.3), each returning SUMS over the rows laid out as [loss-like sum,
 * gradient sum...] so that one set of code coefficients decodes both. Every kernel has a fixed
 * summation order, so replicas of a partition on different workers agree bit for bit; {@link
 * KernelPath} picks the scalar path or the Vector API path ({@link VectorLinearKernel}, {@link
 * VectorPcaKernel}, which need {@code --add-modules jdk.incubator.vector}), and {@link RowBlocks}
 * is the multi-threaded form with a fixed block order. Uses {@code compute.data} and the JDK
 * (including {@code jdk.incubator.vector}); no Hadoop, no I/O, and {@code StrictMath} for
 * transcendental functions.
 */
package io.codedyarn.compute.kernel;
