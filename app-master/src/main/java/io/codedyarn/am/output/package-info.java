/**
 * A run's outputs on a Hadoop FileSystem: {@link RunOutputs} writes {@code --out} atomically (a
 * hidden sibling renamed into place; {@link PendingOutputs} while a run streams), {@link OutputCsv}
 * is the text of its CSV files, {@link StreamedTrace} is the {@code TraceSink} that streams {@code
 * iterations.csv}, {@code latency-trace.csv} and {@code events.csv} as rows become final, {@link
 * EarlierRows} brings in a resumed run's earlier rows, {@link RunSummary} is {@code summary.json},
 * {@link CheckpointStore} is the coordinator's {@code CheckpointSink} (temporary file, then
 * rename), and {@link StagedOutput} is {@code predict}'s and {@code export}'s {@code --out} whole
 * or not at all. Formats in {@code docs/formats.md}. Uses the coordinator root, {@code
 * coordinator.checkpoint}, {@code coordinator.adapt}, Jackson, SLF4J and the Hadoop client API.
 */
package io.codedyarn.am.output;
