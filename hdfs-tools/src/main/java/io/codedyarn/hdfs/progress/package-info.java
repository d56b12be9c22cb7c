/**
 * Progress reporting for long operations (import, generate, prepare): {@link Progress} redraws a
 * one-line bar in place on a terminal and logs a plain line at intervals elsewhere, and {@link
 * Ticker} is its only clock, injected so that tests drive time. Uses only the JDK; no Hadoop.
 */
package io.codedyarn.hdfs.progress;
