/**
 * Applying a trained model ({@code model.json}) to a dataset: {@link ModelFile} finds and reads it,
 * {@link FeatureMatch} matches the dataset's columns to the model's features by name, {@link
 * BoundModel} turns the raw-space model into one on the dataset's stored columns (whatever
 * standardisation either has), {@link Evaluation} runs {@code evaluate}'s pass ({@code
 * compute.metrics}), and {@link PredictionParts} writes {@code predict}'s part files, committed
 * atomically by {@code am.output.StagedOutput}. Uses the Hadoop FileSystem API (it reads datasets
 * and writes outputs wherever they are); the metrics themselves are pure.
 */
package io.codedyarn.am.model;
