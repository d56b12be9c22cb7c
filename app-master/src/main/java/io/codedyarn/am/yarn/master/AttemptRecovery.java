package io.codedyarn.am.yarn.master;

import io.codedyarn.am.output.CheckpointStore;
import io.codedyarn.am.output.RunOutputs;
import io.codedyarn.am.yarn.YarnKeys;
import io.codedyarn.coordinator.Coordinator;
import io.codedyarn.coordinator.checkpoint.Checkpoint;
import java.io.IOException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What an ApplicationMaster attempt takes over from the attempts before it ({@code
 * coded-yarn.am.max-attempts}): their latest checkpoint, kept in the job's directory ({@code
 * <home>/.coded-yarn/<appId>/checkpoints/}, where {@code train --resume} also stages one), and the
 * outputs a dying attempt may still have written.
 *
 * <p>The workers are new containers either way: YARN stops the old attempt's with it
 * (keepContainersAcrossApplicationAttempts is off), since a surviving worker could not follow the
 * new AM — its gRPC stream, address and secret belong to the old one — and its in-flight results
 * are lost with the old coordinator anyway. A new container costs one container start.
 */
final class AttemptRecovery {
    private static final Logger LOG = LoggerFactory.getLogger(AttemptRecovery.class);

    private AttemptRecovery() {}

    /** The job's checkpoint store on the dataset's file system (HDFS on a cluster). */
    static CheckpointStore store(FileSystem fs, String applicationId) {
        return new CheckpointStore(
                fs,
                fs.makeQualified(
                        new Path(
                                fs.getHomeDirectory(),
                                ".coded-yarn/" + applicationId + "/" + YarnKeys.CHECKPOINTS)));
    }

    /**
     * The application unregistered: YARN starts no further attempt. When no client follows it
     * ({@code --detach}), its staging directory (job files, jar, checkpoints: {@code
     * coded-yarn.keep-staging} keeps it) goes now; the outputs hold the last checkpoint. A
     * following client reads the last progress from it first, and removes it itself.
     */
    static void unregistered(
            FileSystem fs, org.apache.hadoop.conf.Configuration conf, AmEnvironment env) {
        if (fs == null
                || !conf.getBoolean(YarnKeys.DETACHED, false)
                || io.codedyarn.am.config.CodedYarnConfig.parse(conf::get).yarn().keepStaging()) {
            return;
        }
        Path dir = io.codedyarn.am.yarn.StagingDirs.of(fs, env.applicationId());
        try {
            fs.delete(dir, true);
            LOG.info("removed the staging directory {}", dir);
        } catch (IOException e) {
            LOG.warn("could not remove the staging directory {}: {}", dir, e.toString());
        }
    }

    /**
     * Continues {@code coordinator} from the latest checkpoint in {@code store}, if any (the first
     * attempt of a fresh run finds none).
     */
    static void resume(CheckpointStore store, Coordinator coordinator) throws IOException {
        Checkpoint latest = store.latest();
        if (latest == null) {
            return;
        }
        LOG.info(
                "resuming {} after iteration {} ({} s of training)",
                latest.source(),
                latest.iteration(),
                latest.elapsedNanos() / 1e9);
        coordinator.resume(latest);
    }

    /**
     * Whether {@code out} holds the outputs of an earlier attempt of this application: one that the
     * ResourceManager failed while its coordinator, seeing its workers killed, still wrote them.
     * The attempt that completes replaces them.
     */
    static boolean earlierAttemptWrote(FileSystem outFs, Path out, String applicationId)
            throws IOException {
        if (!outFs.exists(out)) {
            return false;
        }
        try {
            return applicationId.equals(RunOutputs.readSummary(outFs, out).applicationId());
        } catch (IOException e) {
            return false; // not a run's outputs: RunOutputs.checkAbsent refuses it
        }
    }
}
