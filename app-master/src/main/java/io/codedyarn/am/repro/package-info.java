/**
 * The reproduction that runs the product on a cluster rather than in-process: {@code reproduce
 * bcc-measured} ({@link BccMeasured}), BCC's EC2 run times measured on one embedded cluster under
 * the latency model fitted to the paper's tables, broken down as the paper's Table I ({@link
 * MeasuredBreakdown}, {@link BccMeasuredReport}). In app-master, not in the reproduction module,
 * because it needs {@code am.embedded} and {@code am.train}. Uses {@code am.cli.common}, {@code
 * am.config}, {@code am.output}, the coordinator's spec, hdfs-tools' generators and the
 * reproduction module's rows and model.
 */
package io.codedyarn.am.repro;
