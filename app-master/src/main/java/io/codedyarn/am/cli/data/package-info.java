/**
 * {@code coded-yarn data} and its subcommands: {@code import}, {@code generate}, {@code prepare},
 * {@code inspect}, {@code verify}, {@code load-bench}, {@code bench-import} and {@code
 * bench-generate}, each a thin picocli command over hdfs-tools ({@code hdfs.importer}, {@code
 * hdfs.generate}, {@code hdfs.prepare}, {@code hdfs.dataset}, {@code hdfs.bench}, {@code
 * hdfs.progress}); {@link Paths} resolves a path argument against the Hadoop configuration's
 * default FileSystem. Uses {@code am.cli.common}, hdfs-tools, the placement module (the plan to
 * prepare for), picocli, Jackson and the Hadoop client API.
 */
package io.codedyarn.am.cli.data;
