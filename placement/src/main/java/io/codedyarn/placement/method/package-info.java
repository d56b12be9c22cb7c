/**
 * The round gates that the coordinator and the time simulators share (pure Java: no Hadoop, no I/O,
 * no clocks; time enters only as arguments): {@link DecodeRound}, which ends a decode-gated round
 * at the first decodable prefix of arrivals; {@link RoundGate}, which waits for w fresh results
 * plus a 2 % grace window (DSAG §V-A); and {@link StalenessClocks}, SSP's staleness bound on the
 * workers' clocks (Ho et al., NIPS 2013). The methods' own state lives with their family in the
 * coordinator ({@code coordinator.async}, {@code coordinator.lazy}).
 */
package io.codedyarn.placement.method;
