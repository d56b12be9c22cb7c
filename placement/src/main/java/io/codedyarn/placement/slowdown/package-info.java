/**
 * Injected slowness: {@link StraggleSpec} parses {@code train --straggle} (key {@code
 * coded-yarn.straggle}: constant, ramp, Markov, switch and trace-replay factors on chosen workers
 * or nodes), {@link WorkerStraggle} is the spec as one worker receives it in its Welcome, and
 * {@link Slowdown} is the spec resolved for that worker, the delay it sleeps after each task so
 * that its task time is scaled as in the DSAG experiments (§VII). Workers slow THEMSELVES with it
 * (container-worker, and in-process workers under {@code --cluster simulated}); the coordinator
 * only measures. Not to be confused with {@code placement.straggler}, which DETECTS slow workers.
 * Pure Java on the placement root and {@code placement.latency}; trace files come in through a
 * {@code Reader} the caller opens, so no Hadoop and no file system here.
 */
package io.codedyarn.placement.slowdown;
