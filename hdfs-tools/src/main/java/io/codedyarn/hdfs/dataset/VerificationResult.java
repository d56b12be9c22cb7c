package io.codedyarn.hdfs.dataset;

import java.util.Optional;

/**
 * The outcome of {@link DatasetVerifier#verify}: the first problem found, if any, and how much was
 * checked before it.
 */
public record VerificationResult(Optional<Problem> problem, int blocksChecked, long bytesChecked) {
    public boolean isOk() {
        return problem.isEmpty();
    }

    @Override
    public String toString() {
        return problem.map(Problem::toString)
                .orElse(
                        "OK: "
                                + blocksChecked
                                + " blocks, "
                                + bytesChecked
                                + " bytes, checksums and structure verified");
    }
}
