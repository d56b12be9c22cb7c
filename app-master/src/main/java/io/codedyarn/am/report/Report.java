package io.codedyarn.am.report;

import java.util.List;

/**
 * What a report shows: runs (overlaid on shared charts, per group) and benchmark tables.
 *
 * @param title the page's heading
 */
public record Report(String title, List<RunView> runs, List<BenchTable> benches) {
    public Report {
        runs = List.copyOf(runs);
        benches = List.copyOf(benches);
    }

    /**
     * A benchmark's rows as a table.
     *
     * @param note what the rows are (e.g. which run of a row is charted)
     * @param rows cells as JSON values (numbers, text, null)
     */
    public record BenchTable(
            String title, String note, List<String> columns, List<List<Object>> rows) {
        public BenchTable {
            columns = List.copyOf(columns);
            rows =
                    rows.stream()
                            .map(
                                    r ->
                                            java.util.Collections.unmodifiableList(
                                                    new java.util.ArrayList<>(r)))
                            .toList();
        }
    }
}
