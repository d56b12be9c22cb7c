package io.codedyarn.am.cli.common;

import io.codedyarn.am.config.CodedYarnConfig;
import org.apache.hadoop.conf.Configuration;

/**
 * What every command gets from the entry point: the typed coded-yarn configuration and the Hadoop
 * configuration (with {@code -D}/{@code -conf} applied by ToolRunner), from which commands open
 * FileSystems. The Hadoop type stops here: library code receives FileSystems, not the CLI.
 */
public record CliContext(CodedYarnConfig config, Configuration hadoop) {}
