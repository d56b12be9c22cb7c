package io.codedyarn.am.yarn.master;

import io.codedyarn.am.report.LiveData;
import io.codedyarn.coordinator.Coordinator;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.placement.Plan;
import java.util.List;

/**
 * What the {@link AppMaster} says of its run while it runs: the progress the RM heartbeat reports,
 * the status page's text and what the live page shows beside the coordinator's feed. The AM's main
 * thread sets the job and then the coordinator as its steps open them; the status page's and the RM
 * heartbeat's threads read (volatile), and say "starting" until both are set.
 */
final class AmStatus {
    private final String applicationId;
    private final WorkerContainers containers;

    /** The staged job's spec and plan, set together. */
    private record Shown(TrainSpec spec, Plan plan) {}

    private volatile Shown job;
    private volatile Coordinator coordinator;

    AmStatus(String applicationId, WorkerContainers containers) {
        this.applicationId = applicationId;
        this.containers = containers;
    }

    /** The job is open. */
    void job(TrainSpec spec, Plan plan) {
        this.job = new Shown(spec, plan);
    }

    /** The coordinator is built. */
    void coordinator(Coordinator coordinator) {
        this.coordinator = coordinator;
    }

    /** The run's progress, 0..1 (any thread: the RM heartbeat reports it). */
    double progress() {
        Coordinator c = coordinator;
        return c == null ? 0 : c.progress();
    }

    /** What the live page shows beside the feed (the status page's thread). */
    LiveData.Source liveSource() {
        return new LiveData.Source() {
            @Override
            public TrainSpec spec() {
                Shown j = job;
                return j == null ? null : j.spec;
            }

            @Override
            public Plan plan() {
                Shown j = job;
                return j == null ? null : j.plan;
            }

            @Override
            public List<String> nodes() {
                return containers.nodes();
            }

            @Override
            public String status() {
                return text().strip().replace("\n", "; ");
            }
        };
    }

    /** The status page's text (its own thread). */
    String text() {
        Shown j = job;
        Coordinator c = coordinator;
        if (j == null || c == null) {
            return "coded-yarn " + applicationId + ": starting\n";
        }
        return "coded-yarn "
                + applicationId
                + "\nworkload "
                + j.spec.workload().cliName()
                + ", scheme "
                + j.spec.scheme()
                + ", seed "
                + j.spec.seed()
                + String.format("%nprogress %.1f %%%n", 100 * progress())
                + "workers "
                + containers.runningCount()
                + " of "
                + j.plan.workers()
                + " running\nnodes "
                + containers.nodes()
                + "\ntraining "
                + c.status()
                + "\n";
    }
}
