package io.codedyarn.coordinator.cluster;

/**
 * Where a cluster run reads and writes, shipped to the ApplicationMaster beside {@code job.json}
 * (as {@code job-info.json}): the placed dataset (the output of {@code data prepare}: manifest,
 * partition files, {@code plan.json}) and the output directory. Both fully qualified URIs, so the
 * AM needs no default file system to find them.
 *
 * @param dataset the placed dataset directory
 * @param out the run's output directory (written atomically; must not exist)
 */
public record JobInfo(String dataset, String out) {
    public JobInfo {
        if (dataset == null || dataset.isBlank()) {
            throw new IllegalArgumentException("job: dataset directory missing");
        }
        if (out == null || out.isBlank()) {
            throw new IllegalArgumentException("job: output directory missing");
        }
    }
}
