package io.codedyarn.coordinator.round;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codedyarn.placement.Plan;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.method.DecodeRound;
import io.codedyarn.placement.scheme.Auto;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * {@link Backups} on auto's start with 4 workers and --stragglers 1: worker w computes partition w
 * and also stores w + 1 (mod 4), so partition w is on workers w and w − 1.
 */
class BackupsTest {
    private static final Plan PLAN = new Auto().place(SchemeParams.of(4, 1, 1), null);
    private static final long S = 1_000_000_000L;

    private final int[][] sent = new int[4][];
    private boolean[] answered;
    private DecodeRound gate;
    private final AtomicLong tags = new AtomicLong(100);

    /** Round r begins at time 0: every worker is sent its codeword. */
    private void begin(Backups b, long r) {
        answered = new boolean[4];
        gate = new DecodeRound(PLAN.decoder(), 4);
        for (int w = 0; w < 4; w++) {
            sent[w] = PLAN.sends(w);
            gate.expect(sent[w]);
        }
        b.begin(r, 0, 4);
    }

    /**
     * Round r begins, the workers {@code answering} answer after 1 s each, in that order, and the
     * backups due at 2 s are returned.
     */
    private List<Backups.Backup> round(Backups b, long r, int... answering) {
        begin(b, r);
        for (int w : answering) {
            arrive(b, w, 1.0);
        }
        return due(b);
    }

    /** Round r − 1, in which workers 2 and 3 were late; then round r begins. */
    private void lateBefore(Backups b, long r) {
        assertThat(round(b, r - 1, 0, 1)).as("late for the first time: no backup").isEmpty();
        begin(b, r);
    }

    private void arrive(Backups b, int w, double seconds) {
        answered[w] = true;
        gate.arrive(sent[w]);
        b.arrived(w, (long) (seconds * S));
    }

    private List<Backups.Backup> due(Backups b) {
        return due(b, 2.0);
    }

    /** The backups due at {@code seconds}, each expected by the gate as the decode gate does. */
    private List<Backups.Backup> due(Backups b, double seconds) {
        List<Backups.Backup> due =
                b.due(
                        PLAN,
                        sent,
                        answered,
                        gate,
                        w -> true,
                        tags::getAndIncrement,
                        (long) (seconds * S));
        for (Backups.Backup d : due) {
            gate.expect(new int[] {d.codeword()});
        }
        return due;
    }

    @Test
    void aLateCodewordGoesToTheFirstWorkerThatAnsweredAndStoresIt() {
        Backups b = new Backups(2, 0);
        lateBefore(b, 7);
        arrive(b, 0, 1.0);
        assertThat(b.at()).as("one of four answered: no median yet").isEqualTo(Long.MAX_VALUE);
        arrive(b, 1, 1.2);
        assertThat(b.medianSeconds()).isEqualTo(1.1);
        assertThat(b.at()).isEqualTo((long) Math.ceil(2 * 1.1 * S));
        // 2 and 3 are late; partition 2 is on worker 1, partition 3 on workers 3 and 2 only
        List<Backups.Backup> due = due(b);
        assertThat(due).containsExactly(new Backups.Backup(100, 7, 1, 2, 2, false));
        assertThat(b.at()).as("nothing more until the next result").isEqualTo(Long.MAX_VALUE);
        assertThat(b.why(due.get(0)))
                .isEqualTo(
                        "worker 2 has not answered after 2.00x the round's median result time"
                                + " (1.100 s); worker 1 answered and stores its partitions");
        assertThat(due(b)).as("codeword 2 has its backup").isEmpty();
        assertThat(b.answered(100)).isEqualTo(due.get(0));
        assertThat(b.answered(100)).as("answered once").isNull();
        assertThat(b.answered(3)).as("a round's own tag").isNull();
    }

    @Test
    void aWorkerLateOnceGetsNoBackup() {
        Backups b = new Backups(2, 0);
        assertThat(round(b, 0, 0, 1)).isEmpty();
        assertThat(round(b, 1, 0, 2, 1)) // 2 on time this round
                .as("3 was late in both")
                .extracting(Backups.Backup::late)
                .containsExactly(3);
        assertThat(round(b, 2, 0, 1))
                .as("2 was on time in round 1")
                .extracting(Backups.Backup::late)
                .isEmpty();
    }

    @Test
    void aStallGetsABackupTheFirstTimeAtTheHigherFactor() {
        Backups b = new Backups(2, 8);
        begin(b, 0);
        arrive(b, 0, 1.0);
        arrive(b, 1, 1.0);
        assertThat(due(b, 2.0)).as("late for the first time, not stalled").isEmpty();
        assertThat(b.at()).as("due again when it stalls").isEqualTo(8 * S);
        List<Backups.Backup> due = due(b, 8.0);
        // 2 and 3 stalled; partition 2 is on worker 1, partition 3 on no worker that answered
        assertThat(due).containsExactly(new Backups.Backup(100, 0, 1, 2, 2, true));
        assertThat(b.why(due.get(0)))
                .isEqualTo(
                        "worker 2 has not answered after 8.00x the round's median result time"
                                + " (1.000 s), the first time it is late; worker 1 answered and"
                                + " stores its partitions");
        assertThat(b.at()).isEqualTo(Long.MAX_VALUE);
        assertThatThrownBy(() -> new Backups(2, 1.5)).hasMessageContaining(">= the backup factor");
    }

    @Test
    void aWorkerComputesOneBackupAtATime() {
        Backups b = new Backups(2, 0);
        round(b, 0, 2, 3); // 0 and 1 late
        // 3 stores 3 and 0, 2 stores 2 and 3; late: 0 (on 3 and 0) and 1 (on 0 and 1): only 0
        // has an answered holder
        assertThat(round(b, 1, 3, 2)).extracting(Backups.Backup::codeword).containsExactly(0);
        b.answered(100);
        assertThat(due(b)).as("3 is free again, but holds no partition 1").isEmpty();
    }

    /** Worker w failed, as the decode gate takes it: its own codewords and its backups'. */
    private void lose(Backups b, int w) {
        gate.lost(sent[w]);
        gate.lost(b.failed(w));
    }

    @Test
    void aFailedBackupsCodewordStillComesFromItsOwnWorker() {
        Backups b = new Backups(2, 0);
        lateBefore(b, 1);
        arrive(b, 0, 1.0);
        arrive(b, 1, 1.0);
        assertThat(due(b)).extracting(Backups.Backup::worker).containsExactly(1);
        lose(b, 1);
        assertThat(b.answered(100)).as("the failed backup is forgotten").isNull();
        assertThat(gate.decodable()).as("worker 2, asked codeword 2 itself, may answer").isTrue();
        lose(b, 2);
        assertThat(gate.decodable()).as("nothing brings codeword 2 any more").isFalse();
    }

    @Test
    void theLateWorkersFailureKeepsItsBackupComing() {
        Backups b = new Backups(2, 0);
        lateBefore(b, 1);
        arrive(b, 0, 1.0);
        arrive(b, 1, 1.0);
        due(b);
        assertThat(b.failed(2)).isEmpty();
        gate.lost(sent[2]);
        assertThat(gate.decodable()).as("worker 1's backup of codeword 2 still comes").isTrue();
        assertThat(gate.arrive(new int[] {2})).isEmpty(); // 3 is still missing
        assertThat(gate.arrive(sent[3])).isPresent();
    }

    @Test
    void offMeansNeverDue() {
        Backups b = Backups.off();
        begin(b, 0);
        arrive(b, 0, 1.0);
        arrive(b, 1, 1.0);
        arrive(b, 2, 1.0);
        assertThat(b.on()).isFalse();
        assertThat(b.at()).isEqualTo(Long.MAX_VALUE);
        assertThatThrownBy(() -> new Backups(0.5, 0)).hasMessageContaining("0 (off) or");
        assertThatThrownBy(() -> new Backups(Double.POSITIVE_INFINITY, 0))
                .hasMessageContaining("finite");
    }
}
