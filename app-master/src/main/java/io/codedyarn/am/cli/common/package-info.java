/**
 * What every command shares: {@link CliContext} (the typed {@code CodedYarnConfig} and the Hadoop
 * {@code Configuration} with {@code -D}/{@code -conf} applied; the Hadoop type stops here, library
 * code receives FileSystems), {@link PlanFlags} (the plan flags of {@code plan}, {@code simulate},
 * {@code data prepare} and {@code train}, parsed into {@code SchemeParams}) and {@link
 * ConsoleLogging} (the client's log4j/reload4j console setup), {@link GenericOptions} (the checks
 * of {@code -D}/{@code -conf}: their place, unknown keys) and {@link UsageErrors} (picocli's parse
 * errors, with the closest command or flag). Uses {@code am.config}, the placement root, picocli,
 * SLF4J, reload4j and Hadoop's {@code Configuration}.
 */
package io.codedyarn.am.cli.common;
