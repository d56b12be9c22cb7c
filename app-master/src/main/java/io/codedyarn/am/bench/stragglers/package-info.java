/**
 * {@code coded-yarn bench stragglers} (issue 15 §4): every method of {@link BenchMethods} trains
 * logistic regression to the same target gap under the same slowness ({@link Scenario}: injected by
 * the workers with {@code --straggle}, or, in the multi-host lab, put on the hosts from outside the
 * product with {@code bin/lab} by {@link LabFaults}, {@link LabFault} and {@link LabControl}, the
 * lab found by {@link LabLocation}, issue 26 §4), R seeded times each, on the embedded, simulated
 * or a real YARN cluster ({@link TrainingRunner}); the results are {@link MethodRow}s of {@link
 * RunRecord}s, printed as tables ({@link StragglerTable}) or JSON. Uses {@code am.train}, {@code
 * am.embedded}, {@code am.output}, {@code am.config}, the coordinator, hdfs-tools' {@code
 * hdfs.generate} and {@code hdfs.dataset}, Jackson and the Hadoop client API. A subpackage of
 * {@code io.codedyarn.bench}, whose other classes are JMH benchmarks in the benchmarks module, not
 * here.
 */
package io.codedyarn.am.bench.stragglers;
