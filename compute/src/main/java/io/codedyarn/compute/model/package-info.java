/**
 * The learning problems on top of the kernels, as functions of data held in this process: the
 * objectives ({@link Objective}; regularised logistic regression {@link LogisticObjective}, DSAG
 * §1.4 and BCC §6; least squares {@link LeastSquaresObjective}, LAGC §1.1), PCA by DSAG's gradient
 * method ({@link Pca}, {@link GramSchmidt}; DSAG §1.3), the intercept as an appended constant-1
 * feature ({@link Intercept}), and the helpers for default step sizes and metrics ({@link
 * Smoothness}, {@link PowerIteration}, {@link SquaredNorms}, {@link Margins}). The coordinator uses
 * them to turn decoded sums into [F, ∇F] and to compute reference optima. Uses {@code
 * compute.data}, {@code compute.kernel} and the JDK; no Hadoop, no I/O.
 */
package io.codedyarn.compute.model;
