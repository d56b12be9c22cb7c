/**
 * The app-master side of {@code coded-yarn advise} around {@code coordinator.advise}'s Hadoop-free
 * planner: reads the recorded run's rounds to the target from its {@code iterations.csv} ({@link
 * RecordedRounds}), trains each candidate on the simulated cluster with the recorded trace as its
 * latency model for {@code advise --data} ({@link SimulatedTarget}), and renders the ranking as a
 * table or JSON ({@link AdviceReport}). Uses {@code coordinator.advise}, the coordinator root,
 * {@code am.train}, {@code am.config}, Jackson and local files ({@code java.nio.file}); no Hadoop
 * types.
 */
package io.codedyarn.am.advise;
