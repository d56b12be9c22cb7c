/**
 * The records a run produces and where they go: per-iteration {@link IterationRecord}s and per-task
 * {@link LatencyRecord}s written through a {@link TraceSink} (in memory: {@link MemoryTrace}), the
 * adaptation's {@link Decisions} and their {@link AdaptEvent} rows ({@code events.csv}), the live
 * page's {@link LiveFeed}, the objective's {@link Metric} (loss, gap, PCA's explained variance) and
 * the final {@link RunResult}; {@link JobJson} reads and writes the job description. Uses compute's
 * models and Jackson; knows no round, family or cluster.
 */
package io.codedyarn.coordinator.trace;
