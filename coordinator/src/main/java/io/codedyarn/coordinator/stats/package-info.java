/**
 * The sample statistics that more than one coordinator package needs ({@link Medians}): the round's
 * backups, the {@code auto} planner's live window and the {@code advise} planner's traces. It lies
 * below all of them and uses nothing of the coordinator, so the round can use it without depending
 * on a package above it.
 */
package io.codedyarn.coordinator.stats;
