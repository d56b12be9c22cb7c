/**
 * {@code export}: a trained model ({@code model.json}, read with {@code am.output.ModelJson}) in
 * the formats other tools load. {@link SparkModel} writes the directory Spark MLlib's {@code
 * LogisticRegressionModel.load}, {@code LinearRegressionModel.load} and {@code PCAModel.load} read
 * (the metadata JSON line and the one-row Parquet file, {@link SparkParquet}); {@link PmmlModel}
 * writes PMML 4.4 (a RegressionModel) for lr and lsq; {@link ModelSource} finds and reads the
 * model, and {@link Exporter} writes {@code --out} whole or not at all. Layouts and what each
 * consumer does with them are in docs/commands.md ("export"). Uses {@code am.output} (its {@code
 * StagedOutput} on Hadoop's raw local file system), Jackson, parquet-hadoop (its example Group
 * writer and local output file) and the JDK's XML writer.
 */
package io.codedyarn.am.export;
