package io.codedyarn.compute.task;

import io.codedyarn.placement.Codeword;
import java.util.ArrayList;
import java.util.List;

/**
 * One vector a worker returns: Σ over its pieces of coefficient · kernel(rows). A codeword of a
 * coded scheme is one unit (one whole-partition piece per partition it combines); a DSAG
 * subpartition is one unit with one partial piece; generalized BCC sends one unit per stored
 * partition. Evaluated in piece order (fixed summation order: replicas agree bit for bit).
 */
public record WorkUnit(List<Piece> pieces) {
    public WorkUnit {
        pieces = List.copyOf(pieces);
        if (pieces.isEmpty()) {
            throw new IllegalArgumentException("a work unit needs at least one piece");
        }
    }

    /** Σ_j B[i, j] g_j over the codeword's partitions, whole partitions. */
    public static WorkUnit of(Codeword c) {
        List<Piece> p = new ArrayList<>(c.size());
        for (int t = 0; t < c.size(); t++) {
            p.add(new Piece(c.partition(t), 0, -1, c.coefficient(t)));
        }
        return new WorkUnit(p);
    }

    public static WorkUnit of(Piece... pieces) {
        return new WorkUnit(List.of(pieces));
    }
}
