/**
 * The typed configuration of coded-yarn: {@link Keys} lists every key with its default ({@link
 * ConfigKey}; the same set as {@code conf/coded-yarn-default.xml} and the README, which a test
 * checks), each declared in its area's class ({@link VerifyKeys}, {@link RunKeys}, {@link
 * KernelKeys}, {@link MethodKeys}, {@link AdaptationKeys}, {@link LivenessKeys}, {@link
 * EmbeddedKeys}, {@link YarnJobKeys}, {@link ClientKeys}), and {@link CodedYarnConfig} parses them
 * once from a key-to-string lookup, failing on a malformed value with the key's name; {@link
 * YarnSettings}, {@link KernelVector} and {@link Jit} are its YARN-side parts and {@link
 * EnumChoice} its enum values; {@link KeyCheck} names the unknown {@code coded-yarn.*} keys of a
 * configuration with the closest known one ({@link Nearest}). Takes a plain function rather than
 * Hadoop's {@code Configuration} (a map in tests), so it has no Hadoop types; builds the settings
 * records of {@code coordinator}, {@code coordinator.adapt}, {@code coordinator.liveness}, {@code
 * coordinator.checkpoint} and {@code placement.slowdown}.
 */
package io.codedyarn.am.config;
