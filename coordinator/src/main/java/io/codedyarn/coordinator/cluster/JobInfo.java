package io.codedyarn.coordinator.cluster;

/**
 * Where a cluster run reads and writes, shipped to the ApplicationMaster beside {@code job.json}
 * (as {@code job-info.json}): the placed dataset (the output of {@code data prepare}: manifest,
 * partition files, {@code plan.json}) and the output directory. Both fully qualified URIs, so the
 * AM needs no default file system to find them.
 *
 * @param dataset the placed dataset directory
 * @param out the run's output directory (written atomically; must not exist)
 * @param validation the held-out rows' dataset the AM scores the model on; null: none
 * @param validationEvery score them every this many iterates (with {@code validation})
 * @param earlyStop stop after this many scores without a lower held-out loss; 0: never
 */
public record JobInfo(
        String dataset, String out, String validation, int validationEvery, int earlyStop) {
    /** A job without held-out rows. */
    public JobInfo(String dataset, String out) {
        this(dataset, out, null, 0, 0);
    }

    public JobInfo {
        if (dataset == null || dataset.isBlank()) {
            throw new IllegalArgumentException("job: dataset directory missing");
        }
        if (out == null || out.isBlank()) {
            throw new IllegalArgumentException("job: output directory missing");
        }
        if (validation != null && validationEvery < 1) {
            throw new IllegalArgumentException("job: validation every " + validationEvery);
        }
    }
}
