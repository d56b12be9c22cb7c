package io.codedyarn.am.config;

/**
 * One documented configuration key with its default. Every key is listed in {@link Keys}, in {@code
 * conf/coded-yarn-default.xml} and in docs/configuration.md (a test checks the three agree).
 */
public record ConfigKey<T>(String name, T defaultValue, String description) {}
