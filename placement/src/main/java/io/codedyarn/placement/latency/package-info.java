/**
 * Latency models: seeded, per-worker, per-iteration completion times that the time simulators and
 * the simulated cluster charge, all in the one {@link LoadUnit} (a worker's uncoded share, n/N
 * rows) so that schemes with different partition counts are charged alike. {@link LatencySpec}
 * parses {@code --latency} into a {@link LatencyModel}: DSAG's gamma model ({@link GammaLatency},
 * {@link GammaMomentsFile}; DSAG §III, digest §2.2), its bursts and eX3 ramp ({@link BurstMarkov},
 * {@link Ramp}; digest §2.3, §VII), the shifted exponential ({@link ShiftedExponential}; GC-DC eq.
 * (21), BCC eq. (15)), Gilbert-Elliot and time-varying rates ({@link GilbertElliot}, {@link
 * TimeVaryingRates}; GC-DC §VI, eq. (22)), LAGC's exponential and Pareto times ({@link
 * ScaledByLoad}; LAGC §II), the Hetero-GC paper's delays and fixed speeds ({@link RandomDelays},
 * {@link FixedSpeeds}; §VI-A1), and the replay of a recorded {@code latency-trace.csv} ({@link
 * TraceReplay}). Pure Java on the placement root; files are read only through a {@code Reader} the
 * caller opens, so no Hadoop and no file system here.
 */
package io.codedyarn.placement.latency;
