/**
 * What the coordinator sees of a cluster: the {@link WorkerPort} it sends tasks through, the {@link
 * CoordinatorEvent}s cluster adapters report (a worker ready, lost, replaced) on an {@link
 * EventSource}, the injected {@link Clock} (and the {@link ManualClock} of simulations), and the
 * job's facts a port learns at start ({@link WorkerSetup}, {@link JobInfo}, {@link DataShape}). The
 * YARN adapter (app-master), the embedded cluster and the simulated cluster implement these; uses
 * only the JDK and compute's task types.
 */
package io.codedyarn.coordinator.cluster;
