/**
 * Training runs on this machine, pure Java: {@link
 * io.codedyarn.coordinator.simulated.SimulatedTrain} ({@code train --cluster simulated} and the
 * training reproductions: the real coordinator on a {@link
 * io.codedyarn.coordinator.simulated.SimulatedCluster} of {@link InProcessWorkers}, time from a
 * latency model) and {@link io.codedyarn.coordinator.simulated.Reference} (the reference optimum a
 * run's gap is measured against, when the data is in this JVM). The CLI's Hadoop side (reading a
 * dataset, writing the outputs) stays in app-master's {@code am.train}.
 */
package io.codedyarn.coordinator.simulated;
