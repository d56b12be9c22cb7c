/**
 * The command line: {@link CodedYarn}, the entry point of {@code bin/coded-yarn} and {@code yarn
 * jar} (Hadoop's ToolRunner handles the generic {@code -D}/{@code -conf} options, picocli the
 * commands), and the top-level picocli commands {@code plan}, {@code simulate}, {@code train},
 * {@code advise}, {@code report}, {@code export}, {@code reproduce} and {@code bench} (with {@code
 * bench stragglers} and {@code bench memory}); {@code data ...} is in {@code am.cli.data}. Commands
 * parse and print only, delegating the work to the library packages (placement, coordinator, {@code
 * am.train}, {@code am.report}, {@code am.bench.stragglers}, the reproduction and benchmarks
 * modules). Uses picocli, Jackson, JMH (to run the benchmarks) and the Hadoop {@code
 * Configuration}/{@code FileSystem} it receives from the entry point; exit codes 0 success, 1 a
 * failed check, 2 bad input.
 */
package io.codedyarn.am.cli;
