/**
 * Quality figures of a trained model on a dataset, as pure functions of its predictions: {@link
 * BinaryMetrics} (logistic regression: log loss, accuracy, precision, recall, F1, confusion matrix
 * at a threshold, ROC AUC and average precision), {@link RegressionMetrics} (least squares: RMSE,
 * MAE, R²) and {@link PcaMetrics} (explained variance ratio and reconstruction error). Each has an
 * array form ({@code of}) and an accumulating one ({@code Accumulator}) that takes rows one at a
 * time. The definitions are scikit-learn's where it has one (its {@code log_loss}, {@code
 * roc_auc_score}, {@code average_precision_score}, {@code r2_score}, ...); the tests compare with
 * values scikit-learn computed. JDK only.
 */
package io.codedyarn.compute.metrics;
