/**
 * Step-wise ("ask/tell") optimisers for a coordinator that owns the training loop: the caller asks
 * a state for {@link io.codedyarn.coordinator.optim.StepwiseOptimizer#point() point()}, evaluates
 * [F, ∇F] there (one gradient round), and {@link
 * io.codedyarn.coordinator.optim.StepwiseOptimizer#tell tell}s the result, which returns the next
 * state. Each state is an immutable record (private copies of its arrays), so it can be kept as a
 * checkpoint between two rounds and written with Jackson (records of primitives, arrays, enums,
 * lists and nested records; read back with the concrete class, e.g. {@code mapper.readValue(json,
 * LbfgsSteps.class)}).
 *
 * <p>Each optimiser evaluates bit for bit the same points as its loop-owning twin in {@code
 * io.codedyarn.compute.optim} (now in the compute module's test sources, as the reference) run with
 * {@code Termination(Integer.MAX_VALUE, 0)}, and is {@link
 * io.codedyarn.coordinator.optim.StepwiseOptimizer#finished() finished} exactly when that loop
 * returns. {@link io.codedyarn.coordinator.optim.PowerSteps} steps with {@code Pca.update}; {@link
 * io.codedyarn.coordinator.optim.SagSteps} is SAG/DSAG's step on a cache estimate; {@link
 * io.codedyarn.coordinator.optim.Minimize} drives one in-process (reference optima).
 */
package io.codedyarn.coordinator.optim;
