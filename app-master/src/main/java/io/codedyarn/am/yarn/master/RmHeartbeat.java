package io.codedyarn.am.yarn.master;

import org.apache.hadoop.yarn.client.api.AMRMClient.ContainerRequest;
import org.apache.hadoop.yarn.client.api.async.AMRMClientAsync;

/**
 * Sets the ResourceManager client's next heartbeat interval ({@link HeartbeatPace}: quick while
 * container requests are outstanding) from what {@link WorkerContainers}' thread last counted. That
 * thread writes (the client, once; the number of requests not yet granted, after each action); the
 * heartbeat thread reads, once per heartbeat; both fields are volatile.
 */
final class RmHeartbeat {
    private final HeartbeatPace pace = new HeartbeatPace(YarnAmClients.HEARTBEAT_MILLIS);

    /** The RM client to pace; null until the workers' containers are requested. */
    private volatile AMRMClientAsync<ContainerRequest> client;

    /** Container requests not yet granted (workers', replacements', spares'), after each action. */
    private volatile int outstanding;

    /** Paces {@code client} from now on. */
    void pace(AMRMClientAsync<ContainerRequest> client) {
        this.client = client;
    }

    /** Container requests not yet granted, counted after an action on the containers' thread. */
    void outstanding(int requests) {
        this.outstanding = requests;
    }

    /** On the RM client's heartbeat thread, once per heartbeat: sets the next one's interval. */
    void beat() {
        AMRMClientAsync<ContainerRequest> c = client;
        if (c != null) {
            c.setHeartbeatInterval(pace.next(outstanding > 0));
        }
    }
}
