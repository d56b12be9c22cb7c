/**
 * The charts of a run, live and after the fact: one page ({@link PageTemplate}, drawing with the
 * bundled Apache ECharts and {@code coded-yarn-charts.js}) fed either by the AM's tracking page
 * ({@link LiveData}, slices of the coordinator's {@code LiveFeed} as {@code data.json?since=N}) or
 * by {@code coded-yarn report} ({@link Reports}: run directories read back with {@link RunDir} and
 * {@link CsvTable}, benchmark JSON with {@link BenchInput}, inlined into one self-contained HTML
 * file). {@link RunView} and {@link Report} are the JSON model the script draws. Uses the
 * coordinator root, {@code coordinator.adapt}, {@code am.output}, the placement root, Jackson and
 * local files ({@code java.nio.file}); no Hadoop types.
 */
package io.codedyarn.am.report;
