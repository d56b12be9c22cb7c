/**
 * The training coordinator's entry and loop: {@link Coordinator} builds one run from a {@code
 * TrainSpec}, a plan, a worker port and its immutable {@link RunOptions}, and drives {@link
 * RoundLoop}, which runs the method family's rounds and, between two of them, the adaptation
 * ({@code adapt}) and the checkpoints ({@link Checkpoints}); {@link Families} picks (and checks)
 * the family a plan's scheme trains with. The loop lives here, beside {@code Coordinator}, because
 * it is the one place that composes the round, the families, the adaptation and the checkpoints;
 * each of those lives in its own package below ({@code round}, {@code decoded}, {@code lazy},
 * {@code async}, {@code ssp}, {@code adapt}, {@code cluster}, {@code trace}). A Hadoop-free state
 * machine owned by one thread (see {@code docs/architecture.md} and {@code docs/round-loop.md});
 * uses placement, compute, Jackson and SLF4J, never Hadoop or gRPC (the ArchitectureTest enforces
 * both).
 */
package io.codedyarn.coordinator;
