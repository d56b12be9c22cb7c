package io.codedyarn.worker.net;

import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.protocol.v1.CoordinatorMessage;
import io.codedyarn.protocol.v1.Stop;
import io.codedyarn.protocol.v1.Task;
import io.codedyarn.protocol.v1.Welcome;
import io.grpc.Status;
import org.junit.jupiter.api.Test;

/** What the compute thread sees, in the order the AM's messages arrive (no threads needed). */
class MailboxTest {
    private static CoordinatorMessage task(long round) {
        return CoordinatorMessage.newBuilder().setTask(Task.newBuilder().setRound(round)).build();
    }

    @Test
    void aNewerTaskReplacesOneNotYetTaken() throws InterruptedException {
        Mailbox m = new Mailbox();
        m.onNext(CoordinatorMessage.newBuilder().setWelcome(Welcome.newBuilder()).build());
        assertThat(m.take().welcome()).isNotNull();
        m.onNext(task(0));
        assertThat(m.take().task().getRound()).isZero();
        // round 0 is computing; 1, 2, 3 arrive: only 3 is still wanted
        m.onNext(task(1));
        m.onNext(task(2));
        m.onNext(task(3));
        assertThat(m.take().task().getRound()).isEqualTo(3);
        assertThat(m.dropped()).isEqualTo(2);
    }

    @Test
    void stopPreemptsAWaitingTaskAndOutlivesTheStreamEnd() throws InterruptedException {
        Mailbox m = new Mailbox();
        m.onNext(task(4));
        m.onNext(
                CoordinatorMessage.newBuilder()
                        .setStop(Stop.newBuilder().setReason("done"))
                        .build());
        m.onCompleted();
        Mailbox.Next n = m.take();
        assertThat(n.task()).isNull();
        assertThat(n.status()).isEqualTo(WorkerClient.EXIT_OK);
        assertThat(n.message()).isEqualTo("done");
    }

    @Test
    void rejectionAndLossAreTold() throws InterruptedException {
        Mailbox rejected = new Mailbox();
        rejected.onError(
                Status.UNAUTHENTICATED.withDescription("wrong secret").asRuntimeException());
        assertThat(rejected.take().status()).isEqualTo(WorkerClient.EXIT_REJECTED);

        Mailbox lost = new Mailbox();
        lost.onError(Status.UNAVAILABLE.withDescription("io exception").asRuntimeException());
        Mailbox.Next n = lost.take();
        assertThat(n.status()).isEqualTo(WorkerClient.EXIT_LOST);
        assertThat(n.message())
                .isEqualTo(
                        "lost the connection to the application master: UNAVAILABLE: io exception");

        Mailbox closed = new Mailbox();
        closed.onCompleted();
        assertThat(closed.take().message()).contains("closed the stream without sending Stop");
    }
}
